import { defineChannel, offersProvider } from '@oja/core';
import { messages } from './messages';
import { SUCCESS_REDIRECT_MS } from './constants';

/**
 * Pocket (companion §2 "Pocket page", §4, §7): the payer's Pocket ID, a request approved on the phone, "I have
 * authorized this payment", then "Payment Successful!" and the return to the merchant 5 s later. No method-list
 * row: the customer wallet list opens it by its route, and finds it by `walletType`.
 */
export const pocket = defineChannel({
  id: 'pocket',
  // Its own code: channel codes are unique, and CUSTOMER_WALLET belongs to the wallet list that offers it.
  code: 'POCKET',
  path: '/payment/pocket',
  walletType: 'pocket',
  // Offered when the merchant's customer-wallet option lists it (the list's own rule, companion §2).
  isAvailable: (props) => offersProvider(props, 'CUSTOMER_WALLET', 'pocket'),
  screen: () => import('./Screen'),
  successView: { deliverAfterMs: SUCCESS_REDIRECT_MS },
  messages,
  cancelDialog: { subtitle: 'pocket.cancelSubtitle', close: 'pocket.cancelClose' },
});

export default pocket;
