import type { MessageBundle } from './i18n';

/** Core's strings for the first screen; screens loaded later register their own (registerMessages). */
export const coreMessages: MessageBundle = {
  en: {
    core: {
      title: 'Checkout',
      header: {
        youArePaying: 'You are paying',
        fee: 'FEE {{amount}}',
        amountLabel: 'Amount',
      },
      methods: {
        heading: 'Choose a payment method',
        empty: 'No payment method is available for this payment. Please contact your merchant.',
      },
      changeMethod: 'Change payment method',
      incorrect: {
        title: 'Incorrect Transaction',
        body: 'Some of the payment details entered appear to be incorrect. Please review the information provided and try again. If you require assistance, kindly contact your merchant.',
        goBack: 'Go Back',
      },
      alreadyPaid: {
        title: 'This payment has already been paid',
        body: '{{merchant}} has already received this payment (reference {{reference}}). Nothing more has been charged.',
        back: 'Return to {{merchant}}',
        close: 'Close this window',
        closeInline: 'You can close this checkout to return to {{merchant}}.',
      },
      error: {
        default: 'Something went wrong. Please try again.',
        generic: 'Oops, something went wrong...',
        boundary: 'Oops, something went wrong. Please contact support',
        tryAgain: 'Something went wrong! Please try again!',
        tryAgainLater: 'Something went wrong! Please try again in 1 minute!',
        network: 'We could not reach the payment service. Check your connection and try again.',
        stillTrying: 'We are having trouble confirming your payment. We will keep trying.',
        alreadyPaid: 'This payment has already been paid, so nothing more was charged.',
        retry: 'Try again',
      },
      toast: {
        close: 'Close notification',
        default: 'Something went wrong. Please try again.',
      },
      footer: {
        poweredBy: 'powered by',
        language: 'Language',
      },
      cancel: {
        button: 'Cancel payment and return to {{merchant}}',
        buttonBulk: 'Cancel Payment',
      },
      // The shell's fallback while a screen loads, so it is here rather than in the pending layout's bundle.
      pending: {
        loading: 'Loading…',
      },
    },
  },
  fr: {
    core: {
      title: 'Paiement',
      header: {
        youArePaying: 'Vous payez',
        fee: 'FRAIS {{amount}}',
        amountLabel: 'Montant',
      },
      methods: {
        heading: 'Choisissez un moyen de paiement',
        empty: "Aucun moyen de paiement n'est disponible pour ce paiement. Veuillez contacter le commerçant.",
      },
      changeMethod: 'Changer de moyen de paiement',
      incorrect: {
        title: 'Transaction incorrecte',
        body: "Certaines informations de paiement semblent incorrectes. Vérifiez-les et réessayez. Si vous avez besoin d'aide, contactez le commerçant.",
        goBack: 'Retour',
      },
      alreadyPaid: {
        title: 'Ce paiement a déjà été effectué',
        body: "{{merchant}} a déjà reçu ce paiement (référence {{reference}}). Aucun montant supplémentaire n'a été débité.",
        back: 'Revenir à {{merchant}}',
        close: 'Fermer cette fenêtre',
        closeInline: 'Vous pouvez fermer cette fenêtre de paiement pour revenir à {{merchant}}.',
      },
      error: {
        default: "Une erreur s'est produite. Veuillez réessayer.",
        generic: "Oups, une erreur s'est produite…",
        boundary: "Oups, une erreur s'est produite. Veuillez contacter le support",
        tryAgain: "Une erreur s'est produite ! Veuillez réessayer !",
        tryAgainLater: "Une erreur s'est produite ! Veuillez réessayer dans 1 minute !",
        network: 'Impossible de joindre le service de paiement. Vérifiez votre connexion et réessayez.',
        stillTrying: 'Nous avons du mal à confirmer votre paiement. Nous continuons d’essayer.',
        alreadyPaid: "Ce paiement a déjà été effectué : aucun montant supplémentaire n'a été débité.",
        retry: 'Réessayer',
      },
      toast: {
        close: 'Fermer la notification',
        default: "Une erreur s'est produite. Veuillez réessayer.",
      },
      footer: {
        poweredBy: 'propulsé par',
        language: 'Langue',
      },
      cancel: {
        button: 'Annuler le paiement et revenir à {{merchant}}',
        buttonBulk: 'Annuler le paiement',
      },
      pending: {
        loading: 'Chargement…',
      },
    },
  },
};
