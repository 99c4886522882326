import type { MessageBundle } from '../i18n';

/** The copy button. */
export const copyMessages: MessageBundle = {
  en: {
    core: {
      copy: {
        copy: 'Copy',
        copied: 'Copied',
        copyLabel: 'Copy {{what}}',
      },
    },
  },
  fr: {
    core: {
      copy: {
        copy: 'Copier',
        copied: 'Copié',
        copyLabel: 'Copier {{what}}',
      },
    },
  },
};
