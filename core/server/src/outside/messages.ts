import type { MessageBundle } from '@oja/core';

/**
 * Strings of the page for an unreachable collections API (part of POST /pay). Rendered by the server only, so
 * they never travel to the browser.
 */
export const outsideMessages: MessageBundle = {
  en: {
    core: {
      unreachable: {
        title: 'We could not reach the checkout',
        body: 'The payment service did not answer in time. Nothing has been charged.',
        safe: 'Trying again continues this same payment: you will not pay twice.',
        tryAgain: 'Try again',
      },
      unavailable: {
        title: 'The checkout is briefly unavailable',
        body: 'We could not open your payment just now. Nothing has been charged, and your payment is kept.',
        safe: 'Try again in a moment: you continue where you were.',
        tryAgain: 'Try again',
      },
      sessionGone: {
        title: 'This payment page is no longer open',
        body: 'It was left unused for too long, or the checkout was restarted. Nothing was wrong with your details.',
        paid: 'If you have already paid, your payment is not lost: the shop confirms it with the payment service.',
        back: 'Go back to the shop',
        backHint:
          "Use your browser's Back button to return to the shop, and start the payment there again if it is not confirmed. You will not be charged twice for the same order.",
      },
    },
  },
  fr: {
    core: {
      unreachable: {
        title: 'Impossible de joindre le service de paiement',
        body: "Le service de paiement n'a pas répondu à temps. Rien n'a été débité.",
        safe: 'Réessayer reprend ce même paiement : vous ne paierez pas deux fois.',
        tryAgain: 'Réessayer',
      },
      unavailable: {
        title: 'Le paiement est momentanément indisponible',
        body: "Nous n'avons pas pu ouvrir votre paiement à l'instant. Rien n'a été débité et votre paiement est conservé.",
        safe: 'Réessayez dans un instant : vous reprendrez là où vous en étiez.',
        tryAgain: 'Réessayer',
      },
      sessionGone: {
        title: "Cette page de paiement n'est plus ouverte",
        body: "Elle est restée inutilisée trop longtemps, ou le service de paiement a redémarré. Vos informations n'étaient pas en cause.",
        paid: "Si vous avez déjà payé, votre paiement n'est pas perdu : la boutique le confirme auprès du service de paiement.",
        back: 'Retourner à la boutique',
        backHint:
          "Utilisez le bouton Retour de votre navigateur pour revenir à la boutique, et relancez-y le paiement s'il n'est pas confirmé. Vous ne serez pas débité deux fois pour la même commande.",
      },
    },
  },
};
