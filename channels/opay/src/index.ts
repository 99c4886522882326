import { defineChannel, drawnByServer, lazyStatusCheck, offersProvider } from '@oja/core';
import { messages } from './messages';
import { STATUS_POLL_MS } from './constants';

/**
 * OPay (companion §2 "OPay, eNaira and PalmPay pages", §4 "OPay"): OPay's own page in a frame; the status every
 * 2 s. Reached from the wallet list, and by its own row "Pay With Opay", which follows the customer-wallet flag
 * (spec core §5): the merchant's CUSTOMER_WALLET option is enabled and lists an OPay provider.
 */
export const opay = defineChannel({
  id: 'opay',
  code: 'OPAY',
  path: '/payment/opay',
  order: 50,
  walletType: 'opay',
  isAvailable: (props) => offersProvider(props, 'CUSTOMER_WALLET', 'opay'),
  row: { icon: drawnByServer(() => import('./OpayIcon')), title: 'opay.row.title', description: 'opay.row.description' },
  screen: () => import('./Screen'),
  status: { intervalMs: STATUS_POLL_MS, check: lazyStatusCheck(() => import('./api')) },
  messages,
});

export default opay;
