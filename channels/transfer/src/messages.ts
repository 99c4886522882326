/** Strings needed before the screen loads: the method-list row and the cancel dialog's wording. */
const en = {
  transfer: {
    row: { title: 'Pay with Transfer', description: 'Transfer to a one-time account from your bank app' },
    cancelSubtitle: 'If you have done a successful transfer, please do not cancel or click the back button',
    cancelClose: 'I have done a Transfer',
  },
};

const fr: typeof en = {
  transfer: {
    row: { title: 'Payer par virement', description: 'Virement vers un compte à usage unique depuis votre application bancaire' },
    cancelSubtitle: 'Si votre virement a abouti, veuillez ne pas annuler ni revenir en arrière',
    cancelClose: "J'ai effectué un virement",
  },
};

export const messages = { en, fr };
