/** The eNaira screen's strings, loaded with its chunk (registered by Screen.tsx). */
const en = {
  enaira: {
    stopped: 'The payment was declined or stopped in eNaira. You can try again, or choose another payment method.',
    title: 'Pay with eNaira',
    message: 'Approve the payment on the eNaira page below. This page moves on by itself.',
    frameTitle: 'eNaira payment page',
    back: 'Back',
  },
};

const fr: typeof en = {
  enaira: {
    stopped: 'Le paiement a été refusé ou interrompu dans eNaira. Vous pouvez réessayer ou choisir un autre moyen de paiement.',
    title: 'Payer avec eNaira',
    message: 'Validez le paiement sur la page eNaira ci-dessous. Cette page se mettra à jour automatiquement.',
    frameTitle: 'Page de paiement eNaira',
    back: 'Retour',
  },
};

export const screenMessages = { en, fr };
