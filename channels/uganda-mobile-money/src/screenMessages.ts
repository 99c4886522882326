/** The Uganda mobile money screen's strings, loaded with its chunk (registered by Screen.tsx). */
const en = {
  'uganda-mobile-money': {
    title: 'Pay with Mobile Money',
    intro: 'Enter your mobile money details below to continue.',
    billerLabel: 'Biller',
    billerPlaceholder: 'Select your biller...',
    billers: { mtn: 'MTN Mobile Money', airtel: 'Airtel Mobile Money' },
    numberLabel: 'Mobile Number or Wallet ID',
    numberPlaceholder: '01023456789',
    idRequired: 'Wallet ID is required',
    pay: 'Pay {{amount}}',
    sending: 'Sending the payment request to your phone…',
    pending: {
      title: 'Approve the payment on your phone',
      message:
        'We have sent a request for {{amount}} to {{number}} ({{biller}}). Enter your mobile money PIN on your phone to approve it: this page updates by itself.',
    },
  },
};

const fr: typeof en = {
  'uganda-mobile-money': {
    title: 'Payer par Mobile Money',
    intro: 'Saisissez vos informations Mobile Money ci-dessous pour continuer.',
    billerLabel: 'Opérateur',
    billerPlaceholder: 'Sélectionnez votre opérateur...',
    billers: { mtn: 'MTN Mobile Money', airtel: 'Airtel Mobile Money' },
    numberLabel: 'Numéro de mobile ou identifiant de portefeuille',
    numberPlaceholder: '01023456789',
    idRequired: "L'identifiant de portefeuille est obligatoire",
    pay: 'Payer {{amount}}',
    sending: 'Envoi de la demande de paiement à votre téléphone…',
    pending: {
      title: 'Approuvez le paiement sur votre téléphone',
      message:
        "Nous avons envoyé une demande de {{amount}} au {{number}} ({{biller}}). Saisissez votre code PIN Mobile Money sur votre téléphone pour l'approuver : cette page se met à jour automatiquement.",
    },
  },
};

export const screenMessages = { en, fr };
