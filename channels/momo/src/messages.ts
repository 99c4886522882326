/** Strings needed before the screen loads: the cancel dialog's wording. */
const en = {
  momo: {
    cancelSubtitle: 'If you have approved the payment on your phone, please do not cancel or click the back button',
    cancelClose: 'Close',
  },
};

const fr: typeof en = {
  momo: {
    cancelSubtitle: 'Si vous avez approuvé le paiement sur votre téléphone, veuillez ne pas annuler ni cliquer sur le bouton retour',
    cancelClose: 'Fermer',
  },
};

export const messages = { en, fr };
