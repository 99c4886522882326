import { ruleMessages } from './ruleMessages';

/** The card screens' strings, loaded with the card chunk (registered by Screen.tsx). */
const en = {
  card: {
    entry: {
      title: 'Enter your card details',
      number: 'Card number',
      expiry: 'Expiry date',
      expiryPlaceholder: 'MM / YY',
      cvv: 'CVV',
      whatsThis: "What's this?",
      cvvHint: '3 or 4 digit code on the back of the card',
      pay: 'Pay {{amount}}',
      paying: 'Processing…',
      accepted: 'Cards accepted',
      brandDetected: '{{brand}} card',
      secure: 'Your card details are encrypted before they leave this page.',
    },
    pin: {
      title: 'Enter your card PIN',
      subtitle: 'Enter your 4-digit card PIN',
      progress: { one: '{{count}} of 4 digits entered', other: '{{count}} of 4 digits entered' },
      pad: 'PIN pad',
      digit: 'Digit {{digit}}',
      delete: 'Delete',
      clear: 'Clear',
      authorize: 'Authorize',
    },
    otp: {
      title: 'Enter OTP',
      sentTo: 'Enter the one-time password (OTP) sent to {{target}}.',
      sentGeneric: 'Enter the one-time password (OTP) sent to your phone, email or hardware token.',
      label: 'OTP',
      authorize: 'Authorize',
      resendIn: 'Resend OTP in {{time}}',
      resend: 'Resend OTP',
      codeSent: 'Code sent',
      resendReady: 'You can now resend the OTP.',
      invalid: 'Invalid OTP provided',
    },
    cardinal: {
      title: 'Verify with your bank',
      message: 'Your bank is checking that it is you. Complete the step below; this page updates by itself.',
      preparing: 'Connecting to your bank…',
      frameTitle: "Your bank's verification page",
      back: 'Back',
    },
    error: {
      timeout: 'This is taking longer than expected. Please try again.',
      noCard: 'Enter your card details again to continue.',
    },
    ...ruleMessages.en.card,
  },
};

const fr: typeof en = {
  card: {
    entry: {
      title: 'Saisissez les informations de votre carte',
      number: 'Numéro de carte',
      expiry: "Date d'expiration",
      expiryPlaceholder: 'MM / AA',
      cvv: 'CVV',
      whatsThis: "Qu'est-ce que c'est ?",
      cvvHint: 'Code à 3 ou 4 chiffres au dos de la carte',
      pay: 'Payer {{amount}}',
      paying: 'Traitement…',
      accepted: 'Cartes acceptées',
      brandDetected: 'Carte {{brand}}',
      secure: 'Les informations de votre carte sont chiffrées avant de quitter cette page.',
    },
    pin: {
      title: 'Saisissez le code PIN de votre carte',
      subtitle: 'Saisissez le code PIN à 4 chiffres de votre carte',
      progress: { one: '{{count}} chiffre sur 4 saisi', other: '{{count}} chiffres sur 4 saisis' },
      pad: 'Clavier du code PIN',
      digit: 'Chiffre {{digit}}',
      delete: 'Effacer',
      clear: 'Tout effacer',
      authorize: 'Valider',
    },
    otp: {
      title: "Saisissez l'OTP",
      sentTo: 'Saisissez le mot de passe à usage unique (OTP) envoyé à {{target}}.',
      sentGeneric: 'Saisissez le mot de passe à usage unique (OTP) envoyé sur votre téléphone, par e-mail ou sur votre token.',
      label: 'OTP',
      authorize: 'Valider',
      resendIn: "Renvoyer l'OTP dans {{time}}",
      resend: "Renvoyer l'OTP",
      codeSent: 'Code envoyé',
      resendReady: "Vous pouvez maintenant renvoyer l'OTP.",
      invalid: 'Code OTP invalide',
    },
    cardinal: {
      title: 'Vérification auprès de votre banque',
      message: "Votre banque vérifie qu'il s'agit bien de vous. Terminez l'étape ci-dessous ; cette page se met à jour d'elle-même.",
      preparing: 'Connexion à votre banque…',
      frameTitle: 'Page de vérification de votre banque',
      back: 'Retour',
    },
    error: {
      timeout: 'Cela prend plus de temps que prévu. Veuillez réessayer.',
      noCard: 'Saisissez à nouveau les informations de votre carte pour continuer.',
    },
    ...ruleMessages.fr.card,
  },
};

export const screenMessages = { en, fr };
