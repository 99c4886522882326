import type { MessageBundle } from '../i18n';

/** The cancel dialog (companion §2), loaded with the dialog. */
export const cancelMessages: MessageBundle = {
  en: {
    core: {
      cancel: {
        title: 'Cancel Payment?',
        subtitle: 'Are you sure you want to cancel this payment?',
        confirm: 'Cancel Payment',
        close: 'Close',
      },
    },
  },
  fr: {
    core: {
      cancel: {
        title: 'Annuler le paiement ?',
        subtitle: 'Voulez-vous vraiment annuler ce paiement ?',
        confirm: 'Annuler le paiement',
        close: 'Fermer',
      },
    },
  },
};
