/**
 * Strings needed before the screen loads: the method-list row. The cancel dialog keeps core's default wording
 * (the companion spec gives channel wording to the transfer, USSD and QR only).
 */
const en = {
  'pay-with-app': {
    row: { title: 'Pay with App', description: "Approve the payment in your bank's mobile app" },
  },
};

const fr: typeof en = {
  'pay-with-app': {
    row: { title: "Payer avec l'appli", description: "Approuvez le paiement dans l'application mobile de votre banque" },
  },
};

export const messages = { en, fr };
