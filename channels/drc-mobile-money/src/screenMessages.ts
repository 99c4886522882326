/** The DRC wallet screens' strings, loaded with its chunk (registered by Screen.tsx). */
const en = {
  'drc-mobile-money': {
    title: 'Pay with Mobile Money',
    intro: 'Enter your mobile money details below to continue.',
    loadingBillers: 'Loading the mobile money providers…',
    billersFailed: 'Something went wrong',
    retry: 'Retry',
    billerLabel: 'Biller',
    billerPlaceholder: 'Select your biller...',
    numberLabel: 'Mobile Number or Wallet ID',
    numberPlaceholder: '902345678',
    numberHint: 'Your wallet number without the country code: we add 243.',
    idRequired: 'Wallet ID is required',
    payHint: 'Choose your biller and enter your number to pay.',
    pay: 'Pay {{amount}}',
    paying: 'Sending the payment request to your phone…',
    walletFailed: 'Your mobile wallet could not complete the payment. Try again, or use another payment method.',
    ussd: {
      title: 'USSD Notification',
      message: 'Kindly check your mobile phone and enter your pin.',
      sentTo: 'We have sent a request for {{amount}} to {{biller}} number {{number}}.',
    },
    inProgress: {
      title: 'Transaction in Progress',
      message: '{{biller}} is confirming your payment. This can take up to 23 minutes: keep this page open, it moves on by itself.',
    },
    failed: {
      title: 'Oops, something went wrong. Please try again.',
      hint: 'We could not confirm your payment in time. If you approved it on your phone, check your wallet before you pay again.',
      retry: 'Retry',
    },
  },
};

const fr: typeof en = {
  'drc-mobile-money': {
    title: 'Payer par Mobile Money',
    intro: 'Saisissez les informations de votre Mobile Money ci-dessous pour continuer.',
    loadingBillers: 'Chargement des opérateurs Mobile Money…',
    billersFailed: 'Un problème est survenu',
    retry: 'Réessayer',
    billerLabel: 'Opérateur',
    billerPlaceholder: 'Sélectionnez votre opérateur...',
    numberLabel: 'Numéro de mobile ou identifiant du portefeuille',
    numberPlaceholder: '902345678',
    numberHint: 'Le numéro de votre portefeuille sans l’indicatif du pays : nous ajoutons 243.',
    idRequired: "L'identifiant de portefeuille est obligatoire",
    payHint: 'Choisissez votre opérateur et saisissez votre numéro pour payer.',
    pay: 'Payer {{amount}}',
    paying: 'Envoi de la demande de paiement sur votre téléphone…',
    walletFailed: "Votre portefeuille mobile n'a pas pu effectuer le paiement. Réessayez, ou utilisez un autre moyen de paiement.",
    ussd: {
      title: 'Notification USSD',
      message: 'Veuillez consulter votre téléphone mobile et saisir votre code PIN.',
      sentTo: 'Nous avons envoyé une demande de {{amount}} au numéro {{biller}} {{number}}.',
    },
    inProgress: {
      title: 'Transaction en cours',
      message:
        '{{biller}} confirme votre paiement. Cela peut prendre jusqu’à 23 minutes : gardez cette page ouverte, elle se mettra à jour automatiquement.',
    },
    failed: {
      title: 'Oups, un problème est survenu. Veuillez réessayer.',
      hint: 'Nous n’avons pas pu confirmer votre paiement à temps. Si vous l’avez validé sur votre téléphone, vérifiez votre portefeuille avant de payer à nouveau.',
      retry: 'Réessayer',
    },
  },
};

export const screenMessages = { en, fr };
