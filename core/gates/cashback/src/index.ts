import { defineGate } from '@oja/core';
import { messages } from './messages';
import { offersCashback } from './rules';

/**
 * Cashback (companion §2 "Cashback screen", §4 "Cashback opt-in"): before the method list, the payer may give a
 * phone number or loyalty cash ID to receive the merchant's reward, or skip it. First of the gates.
 */
export const cashback = defineGate({
  id: 'cashback',
  order: 10,
  condition: offersCashback,
  screen: () => import('./Screen'),
  messages,
});

export default cashback;
