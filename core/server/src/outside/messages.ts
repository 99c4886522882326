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
    },
  },
};
