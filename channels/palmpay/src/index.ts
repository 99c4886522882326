import { defineChannel, lazyStatusCheck, offersProvider } from '@oja/core';
import { messages } from './messages';
import { STATUS_POLL_MS } from './constants';

/**
 * PalmPay (companion §2 "OPay, eNaira and PalmPay pages", §4 "PalmPay"): PalmPay's own page in a frame, the status
 * every 2 s and a 5-minute countdown from initialise. No row: reached from the wallet list.
 */
export const palmpay = defineChannel({
  id: 'palmpay',
  code: 'PALMPAY',
  path: '/payment/palmpay',
  order: 57,
  walletType: 'palmpay',
  isAvailable: (props) => offersProvider(props, 'CUSTOMER_WALLET', 'palmpay'),
  screen: () => import('./Screen'),
  status: { intervalMs: STATUS_POLL_MS, check: lazyStatusCheck(() => import('./api')) },
  messages,
});

export default palmpay;
