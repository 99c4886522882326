import { defineChannel, isOffered } from '@oja/core';
import { messages } from './messages';
import { SUCCESS_REDIRECT_MS } from './constants';

/**
 * Pocket (companion §2 "Pocket page", §4, §7): the payer's Pocket ID, a request approved on the phone, "I have
 * authorized this payment", then "Payment Successful!" and the return to the merchant 5 s later. No method-list
 * row: the customer wallet list opens it by its route, and finds it by `walletType`.
 */
export const pocket = {
  ...defineChannel({
    id: 'pocket',
    // Its own code: channel codes are unique, and CUSTOMER_WALLET belongs to the wallet list that offers it.
    code: 'POCKET',
    path: '/payment/pocket',
    isAvailable: (props) => isOffered(props, 'CUSTOMER_WALLET'),
    screen: () => import('./Screen'),
    successView: { deliverAfterMs: SUCCESS_REDIRECT_MS },
    messages,
    cancelDialog: { subtitle: 'pocket.cancelSubtitle', close: 'pocket.cancelClose' },
  }),
  /** The provider type the customer wallet list knows this wallet by (companion §2 "Customer wallet screen"). */
  walletType: 'pocket' as const,
};

export default pocket;
