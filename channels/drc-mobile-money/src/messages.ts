/**
 * Strings needed before the screen loads: the method-list row. The cancel dialog keeps core's default wording
 * (the companion spec gives channel wording to the transfer, USSD and QR only).
 */
const en = {
  'drc-mobile-money': {
    row: { title: 'Pay with Mobile Money', description: 'Pay from your mobile money wallet and approve on your phone' },
  },
};

const fr: typeof en = {
  'drc-mobile-money': {
    row: { title: 'Payer par Mobile Money', description: 'Payez depuis votre portefeuille Mobile Money et validez sur votre téléphone' },
  },
};

export const messages = { en, fr };
