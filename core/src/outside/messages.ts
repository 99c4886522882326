import type { MessageBundle } from '../i18n';

/**
 * Strings of the page for an unreachable collections API (part of POST /pay). Rendered by the server only, so
 * they never travel to the browser.
 */
export const outsideMessages: MessageBundle = {
  en: {
    core: {
      unreachable: {
        title: "We could not reach the checkout",
        body: "The payment service did not answer in time. Nothing has been charged.",
        safe: "Trying again continues this same payment: you will not pay twice.",
        tryAgain: "Try again",
      },
    },
  },
  fr: {
    core: {
      unreachable: {
        title: "Impossible de joindre le service de paiement",
        body: "Le service de paiement n'a pas répondu à temps. Rien n'a été débité.",
        safe: "Réessayer reprend ce même paiement : vous ne paierez pas deux fois.",
        tryAgain: "Réessayer",
      },
    },
  },
};
