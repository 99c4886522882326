import type { MessageBundle } from '../i18n';

/** The pending layout. */
export const pendingMessages: MessageBundle = {
  en: {
    core: {
      pending: {
        timeLeft: 'Time left: {{time}}',
        minutesLeft: 'About {{minutes}} minute(s) left',
      },
    },
  },
  fr: {
    core: {
      pending: {
        timeLeft: 'Temps restant : {{time}}',
        minutesLeft: 'Environ {{minutes}} minute(s) restante(s)',
      },
    },
  },
};
