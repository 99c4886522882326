/** Strings needed before the screen loads: the method-list row and the cancel dialog's wording. */
const en = {
  'google-pay': {
    row: { title: 'Google Pay', description: 'Pay with a card saved in your Google account' },
    cancelSubtitle: 'If you have already paid with Google Pay, please do not cancel or click the back button',
    cancelClose: 'Close',
  },
};

const fr: typeof en = {
  'google-pay': {
    row: { title: 'Google Pay', description: 'Payez avec une carte enregistrée dans votre compte Google' },
    cancelSubtitle: 'Si vous avez déjà payé avec Google Pay, veuillez ne pas annuler ni cliquer sur le bouton retour',
    cancelClose: 'Fermer',
  },
};

export const messages = { en, fr };
