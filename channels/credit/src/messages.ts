/** Strings needed before the screen loads: the method-list row (the cancel dialog keeps core's default wording). */
const en = {
  credit: {
    row: { title: 'Pay on Credit', description: 'Buy now and pay later with a loan offer' },
  },
};

const fr: typeof en = {
  credit: {
    row: { title: 'Payer à crédit', description: 'Achetez maintenant et payez plus tard grâce à une offre de prêt' },
  },
};

export const messages = { en, fr };
