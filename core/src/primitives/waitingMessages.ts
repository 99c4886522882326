import type { MessageBundle } from '../i18n';

/** The waiting view's countdown, as screen readers hear it. */
export const waitingMessages: MessageBundle = {
  en: {
    core: {
      waiting: {
        timeLeft: 'Time left: {{time}}',
        minutesLeft: 'About {{minutes}} minute(s) left',
      },
    },
  },
  fr: {
    core: {
      waiting: {
        timeLeft: 'Temps restant : {{time}}',
        minutesLeft: 'Environ {{minutes}} minute(s) restante(s)',
      },
    },
  },
};
