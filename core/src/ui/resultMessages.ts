import type { MessageBundle } from '../i18n';

/** The result screen and the response-code messages (spec core §8), loaded with the result screen. */
export const resultMessages: MessageBundle = {
  en: {
    core: {
      result: {
        successful: 'Payment Successful',
        inProgress: 'Transaction in Progress',
        expired: 'Transaction Expired',
        cancelled: 'Payment Cancelled',
        failed: 'Payment Failed',
        redirect: "You're being redirected to {{merchant}}, please do not close this page.",
        inlineBack: 'We are taking you back to {{merchant}}...',
        inlineDone: 'Your transaction has been completed successfully',
        noMode: "You're good to go. Feel free to close this window!",
        failureTitle: 'Transaction Failed',
        retry: 'Retry payment',
        alternatives: 'or select an alternative payment method',
      },
      code: {
        success: 'Successful',
        declined: 'Your bank declined the transaction. Contact your bank or use a different card or payment method',
        insufficientFunds: 'Insufficient funds. Use a different card or try another payment method',
        unableTryLater: 'We were unable to process your transaction at this time. Please try again later',
        notAccepted: 'Your card is not accepted by this merchant',
        limitExceeded: 'You have exceeded the maximum amount allowed. Use a different card or payment method',
        invalidToken: 'Invalid token supplied. Please try again or use a different payment method',
        useDifferentMethod: 'We were unable to process your transaction at this time. Please use a different payment method',
        declinedUseAnotherCard: 'Transaction declined. Please select or use another card',
        invalidOtp: 'Invalid OTP provided',
      },
    },
  },
  fr: {
    core: {
      result: {
        successful: 'Paiement réussi',
        inProgress: 'Transaction en cours',
        expired: 'Transaction expirée',
        cancelled: 'Paiement annulé',
        failed: 'Échec du paiement',
        redirect: 'Vous allez être redirigé vers {{merchant}}. Veuillez ne pas fermer cette page.',
        inlineBack: 'Nous vous ramenons vers {{merchant}}…',
        inlineDone: 'Votre transaction a été effectuée avec succès',
        noMode: 'Tout est en ordre. Vous pouvez fermer cette fenêtre !',
        failureTitle: 'Échec de la transaction',
        retry: 'Réessayer le paiement',
        alternatives: 'ou choisissez un autre moyen de paiement',
      },
      code: {
        success: 'Réussi',
        declined: 'Votre banque a refusé la transaction. Contactez votre banque ou utilisez une autre carte ou un autre moyen de paiement',
        insufficientFunds: 'Fonds insuffisants. Utilisez une autre carte ou essayez un autre moyen de paiement',
        unableTryLater: "Nous n'avons pas pu traiter votre transaction pour le moment. Veuillez réessayer plus tard",
        notAccepted: "Votre carte n'est pas acceptée par ce commerçant",
        limitExceeded: 'Vous avez dépassé le montant maximal autorisé. Utilisez une autre carte ou un autre moyen de paiement',
        invalidToken: 'Jeton invalide. Veuillez réessayer ou utiliser un autre moyen de paiement',
        useDifferentMethod: "Nous n'avons pas pu traiter votre transaction pour le moment. Veuillez utiliser un autre moyen de paiement",
        declinedUseAnotherCard: 'Transaction refusée. Veuillez choisir ou utiliser une autre carte',
        invalidOtp: 'Code OTP invalide',
      },
    },
  },
};
