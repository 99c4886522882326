import type { MessageBundle } from '../i18n';

/** The waiting view's countdown, as screen readers hear it. */
export const waitingMessages: MessageBundle = {
  en: {
    core: {
      waiting: {
        timeLeft: 'Time left: {{time}}',
        minutesLeft: { one: 'About {{count}} minute left', other: 'About {{count}} minutes left' },
      },
    },
  },
  fr: {
    core: {
      waiting: {
        timeLeft: 'Temps restant : {{time}}',
        minutesLeft: { one: 'Environ {{count}} minute restante', other: 'Environ {{count}} minutes restantes' },
      },
    },
  },
};
