import type { MessageBundle } from '../i18n';

/** The provider frame (ProviderFrame). */
export const frameMessages: MessageBundle = {
  en: {
    core: {
      frame: {
        initialising: 'Preparing your payment…',
        loading: 'Loading the payment page…',
        timeLeft: 'Time left: {{time}}',
      },
    },
  },
  fr: {
    core: {
      frame: {
        initialising: 'Préparation de votre paiement…',
        loading: 'Chargement de la page de paiement…',
        timeLeft: 'Temps restant : {{time}}',
      },
    },
  },
};
