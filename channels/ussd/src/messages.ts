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
    // The banks' count leads the description: a phone of 360 px holds "Payer par USSD (17+ banques)" on no line.
    row: { title: 'Payer par USSD', description: '17+ banques : composez un code court sur le téléphone lié à votre compte' },
    cancelSubtitle: 'Si vous avez composé le code et approuvé le paiement, veuillez ne pas annuler ni cliquer sur le bouton retour',
    cancelClose: 'Fermer',
  },
};

export const messages = { en, fr };
