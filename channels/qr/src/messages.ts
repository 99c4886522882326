/** Strings needed before the screen loads: the method-list row and the cancel dialog's wording. */
const en = {
  qr: {
    row: { title: 'Pay with QR', description: 'Scan a QR code with your bank app' },
    cancelSubtitle: 'If you have scanned the code and paid, please do not cancel or click the back button',
    cancelClose: 'Close',
  },
};

const fr: typeof en = {
  qr: {
    row: { title: 'Payer par QR code', description: 'Scannez un QR code avec votre application bancaire' },
    cancelSubtitle: 'Si vous avez scanné le code et payé, veuillez ne pas annuler ni cliquer sur le bouton retour',
    cancelClose: 'Fermer',
  },
};

export const messages = { en, fr };
