import { defineChannel, drawnByServer, isOffered } from '@oja/core';
import { messages } from './messages';

/**
 * Pay on credit (companion §2 "Pay on credit page", §4 "Credit", §7 "Credit calls"): the payer signs in (phone and
 * OTP, or the wallet), may name a bank account, picks a loan offer and accepts it: a bank's offer with the OTP its
 * bank sends, any other lender's with a card, its PIN and an OTP. The accepted offer's transaction completes the
 * payment. HALO forces it on (its branding's policy, applied by core).
 */
export const credit = defineChannel({
  id: 'credit',
  code: 'CREDIT',
  path: '/payment/credit',
  // After Google Pay (62), before mobile money (70): the spec's method list order (core §2).
  order: 65,
  isAvailable: (props) => isOffered(props, 'CREDIT'),
  row: { icon: drawnByServer(() => import('./CreditIcon')), title: 'credit.row.title', description: 'credit.row.description' },
  screen: () => import('./Screen'),
  messages,
});

export default credit;
