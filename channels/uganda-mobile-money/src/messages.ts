/** Strings needed before the screen loads: the method-list row and the cancel dialog's wording. */
const en = {
  'uganda-mobile-money': {
    row: { title: 'Pay with Mobile Money', description: 'MTN Mobile Money or Airtel Mobile Money' },
    cancelSubtitle: 'If you have approved the payment on your phone, please do not cancel or click the back button',
    cancelClose: 'Close',
  },
};

const fr: typeof en = {
  'uganda-mobile-money': {
    row: { title: 'Payer par Mobile Money', description: 'MTN Mobile Money ou Airtel Mobile Money' },
    cancelSubtitle: 'Si vous avez approuvé le paiement sur votre téléphone, veuillez ne pas annuler ni cliquer sur le bouton retour',
    cancelClose: 'Fermer',
  },
};

export const messages = { en, fr };
