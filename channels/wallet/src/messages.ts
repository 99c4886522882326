/** Strings needed before the screen loads: the method-list row. */
const en = {
  wallet: {
    row: { title: 'Login to wallet', description: 'Pay with the cards saved in your wallet' },
  },
};

const fr: typeof en = {
  wallet: {
    row: { title: 'Connexion au portefeuille', description: 'Payez avec les cartes enregistrées dans votre portefeuille' },
  },
};

export const messages = { en, fr };
