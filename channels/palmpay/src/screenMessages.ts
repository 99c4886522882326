/** The PalmPay screen's strings, loaded with its chunk (registered by Screen.tsx). */
const en = {
  palmpay: {
    stopped: 'The payment was declined or stopped in PalmPay. You can try again, or choose another payment method.',
    title: 'Pay with PalmPay',
    message: 'Approve the payment on the PalmPay page below within 5 minutes. This page moves on by itself.',
    frameTitle: 'PalmPay payment page',
    back: 'Back',
    failed: 'Unable to initiate payment. Please try again.',
    retry: 'Try again',
  },
};

const fr: typeof en = {
  palmpay: {
    stopped: 'Le paiement a été refusé ou interrompu dans PalmPay. Vous pouvez réessayer ou choisir un autre moyen de paiement.',
    title: 'Payer avec PalmPay',
    message: 'Validez le paiement sur la page PalmPay ci-dessous dans les 5 minutes. Cette page se mettra à jour automatiquement.',
    frameTitle: 'Page de paiement PalmPay',
    back: 'Retour',
    failed: 'Impossible de lancer le paiement. Veuillez réessayer.',
    retry: 'Réessayer',
  },
};

export const screenMessages = { en, fr };
