/** The Google Pay screen's strings (companion §2 "Google Pay screen", §8), registered by the screen. */
const en = {
  'google-pay': {
    title: 'Pay with Google Pay',
    intro: 'Click on the button below to start payment.',
    loading: 'Loading Google Pay…',
    sheetOpen: 'Complete the payment in the Google Pay window.',
    unavailable: 'Google Pay is not available for this payment on this device. Please use a different payment option.',
    failed: 'Google Pay could not be loaded. Check your connection and try again.',
    tryAgain: 'Try again',
    card: '{{brand}} ending in {{last4}}',
    cvvNote: "Enter your card's CVV to pay.",
    changeCard: 'Use another Google Pay card',
    error: { invalidData: 'An error occurred, kindly use a different payment option' },
  },
};

const fr: typeof en = {
  'google-pay': {
    title: 'Payer avec Google Pay',
    intro: 'Cliquez sur le bouton ci-dessous pour commencer le paiement.',
    loading: 'Chargement de Google Pay…',
    sheetOpen: 'Terminez le paiement dans la fenêtre Google Pay.',
    unavailable: "Google Pay n'est pas disponible pour ce paiement sur cet appareil. Veuillez utiliser un autre moyen de paiement.",
    failed: "Google Pay n'a pas pu être chargé. Vérifiez votre connexion et réessayez.",
    tryAgain: 'Réessayer',
    card: '{{brand}} se terminant par {{last4}}',
    cvvNote: 'Saisissez le CVV de votre carte pour payer.',
    changeCard: 'Utiliser une autre carte Google Pay',
    error: { invalidData: "Une erreur s'est produite, veuillez utiliser un autre moyen de paiement" },
  },
};

export const screenMessages = { en, fr };
