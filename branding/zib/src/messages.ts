import type { MessageBundle } from '@oja/core';

/** What the shell shows for ZIB on every page: the footer's terms link. */
export const messages: MessageBundle = {
  en: {
    zib: {
      name: 'ZIB',
      termsLink: 'Terms of use',
    },
  },
  fr: {
    zib: {
      name: 'ZIB',
      termsLink: "Conditions d'utilisation",
    },
  },
};
