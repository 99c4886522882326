import { defineChannel, offersProvider } from '@oja/core';
import { messages } from './messages';
import { SUCCESS_REDIRECT_MS } from './constants';

/**
 * MoMo (companion §2 "MoMo page", §4, §7): the payer's phone number, a request approved on the phone, "I have
 * authorized this payment", then "Payment Successful!" and the return to the merchant 5 s later. No method-list
 * row: the customer wallet list opens it by its route, and finds it by `walletType`.
 */
export const momo = defineChannel({
  id: 'momo',
  // Its own code: channel codes are unique, and CUSTOMER_WALLET belongs to the wallet list that offers it.
  code: 'MOMO',
  path: '/payment/momo',
  walletType: 'momo',
  // Offered when the merchant's customer-wallet option lists it (the list's own rule, companion §2).
  isAvailable: (props) => offersProvider(props, 'CUSTOMER_WALLET', 'momo'),
  screen: () => import('./Screen'),
  successView: { deliverAfterMs: SUCCESS_REDIRECT_MS },
  messages,
  cancelDialog: { subtitle: 'momo.cancelSubtitle', close: 'momo.cancelClose' },
});

export default momo;
