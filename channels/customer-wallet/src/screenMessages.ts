/** The wallet list's strings, loaded with its chunk (registered by Screen.tsx). */
const en = {
  'customer-wallet': {
    title: 'Choose your wallet',
    intro: 'You will approve the payment with the wallet you choose.',
    empty: 'No wallet is available for this payment. Choose another payment method.',
  },
};

const fr: typeof en = {
  'customer-wallet': {
    title: 'Choisissez votre portefeuille',
    intro: 'Vous validerez le paiement avec le portefeuille choisi.',
    empty: 'Aucun portefeuille n’est disponible pour ce paiement. Choisissez un autre moyen de paiement.',
  },
};

export const screenMessages = { en, fr };
