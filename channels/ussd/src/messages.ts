/** Strings needed before the screen loads: the method-list row and the cancel dialog's wording. */
const en = {
  ussd: {
    row: { title: 'Pay with USSD (17+ banks)', description: 'Dial a short code on the phone linked to your bank account' },
    cancelSubtitle: 'If you have dialled the code and approved the payment, please do not cancel or click the back button',
    cancelClose: 'Close',
  },
};

const fr: typeof en = {
  ussd: {
    row: { title: 'Payer par USSD (17+ banques)', description: 'Composez un code court sur le téléphone lié à votre compte bancaire' },
    cancelSubtitle: 'Si vous avez composé le code et approuvé le paiement, veuillez ne pas annuler ni cliquer sur le bouton retour',
    cancelClose: 'Fermer',
  },
};

export const messages = { en, fr };
