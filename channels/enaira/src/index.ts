import { defineChannel, lazyStatusCheck, offersProvider } from '@oja/core';
import { messages } from './messages';
import { STATUS_POLL_MS } from './constants';

/**
 * eNaira (companion §2 "OPay, eNaira and PalmPay pages", §4 "eNaira"): initialise, confirm at once with the
 * invoiceId, the eNaira page in a frame, the status by guid every 2 s. No row: reached from the wallet list.
 */
export const enaira = defineChannel({
  id: 'enaira',
  code: 'ENAIRA',
  path: '/payment/enaira',
  order: 56,
  walletType: 'enaira',
  isAvailable: (props) => offersProvider(props, 'CUSTOMER_WALLET', 'enaira'),
  screen: () => import('./Screen'),
  status: { intervalMs: STATUS_POLL_MS, check: lazyStatusCheck(() => import('./api')) },
  messages,
});

export default enaira;
