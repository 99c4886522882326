/** The QR screen's strings, loaded with its chunk (registered by Screen.tsx). */
const en = {
  qr: {
    heading: 'Pay with QR',
    generating: 'Generating your QR code…',
    generateFailed: 'We could not generate a QR code for this payment.',
    retry: 'Try again',
    confirming: 'Confirming transaction status',
    instruction: 'Scan with your bank app',
    codeLabel: 'QR code to pay {{amount}} to {{merchant}}',
    amount: 'Amount',
    merchant: 'Merchant',
    validityOver: 'This QR code is no longer valid. If you have paid, this page will update by itself.',
  },
};

const fr: typeof en = {
  qr: {
    heading: 'Payer par QR code',
    generating: 'Génération de votre QR code…',
    generateFailed: "Nous n'avons pas pu générer de QR code pour ce paiement.",
    retry: 'Réessayer',
    confirming: 'Confirmation du statut de la transaction',
    instruction: 'Scannez avec votre application bancaire',
    codeLabel: 'QR code pour payer {{amount}} à {{merchant}}',
    amount: 'Montant',
    merchant: 'Commerçant',
    validityOver: "Ce QR code n'est plus valable. Si vous avez payé, cette page se mettra à jour automatiquement.",
  },
};

export const screenMessages = { en, fr };
