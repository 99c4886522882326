import type { MessageBundle } from '../i18n';

/** The sandbox's simulate control. */
export const sandboxMessages: MessageBundle = {
  en: {
    core: {
      sandbox: {
        simulate: 'Sandbox: settle this payment',
        success: 'Simulate success',
        failed: 'Simulate failure',
        expired: 'Simulate expiry',
        failedCall: 'The sandbox did not accept the simulation.',
        settling: 'Settling this payment…',
      },
    },
  },
  fr: {
    core: {
      sandbox: {
        simulate: 'Bac à sable : régler ce paiement',
        success: 'Simuler un succès',
        failed: 'Simuler un échec',
        expired: 'Simuler une expiration',
        failedCall: "Le bac à sable n'a pas accepté la simulation.",
        settling: 'Règlement du paiement en cours…',
      },
    },
  },
};
