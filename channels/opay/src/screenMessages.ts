/** The OPay screen's strings, loaded with its chunk (registered by Screen.tsx). */
const en = {
  opay: {
    stopped: 'The payment was declined or stopped in OPay. You can try again, or choose another payment method.',
    title: 'Pay with OPay',
    message: 'Approve the payment on the OPay page below. This page moves on by itself.',
    frameTitle: 'OPay payment page',
    back: 'Back',
    failed: 'Unable to initiate payment. Please try again.',
    retry: 'Try again',
  },
};

const fr: typeof en = {
  opay: {
    stopped: 'Le paiement a été refusé ou interrompu dans OPay. Vous pouvez réessayer ou choisir un autre moyen de paiement.',
    title: 'Payer avec OPay',
    message: 'Validez le paiement sur la page OPay ci-dessous. Cette page se mettra à jour automatiquement.',
    frameTitle: 'Page de paiement OPay',
    back: 'Retour',
    failed: 'Impossible de lancer le paiement. Veuillez réessayer.',
    retry: 'Réessayer',
  },
};

export const screenMessages = { en, fr };
