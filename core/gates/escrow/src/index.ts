import { defineGate } from '@oja/core';
import { messages } from './messages';
import { holdsInEscrow } from './rules';

/**
 * Escrow (companion §2 "Escrow screen"): before the method list, the periods, the fee and the payer's contact, to be
 * agreed to; the page's header is hidden meanwhile. After cashback.
 */
export const escrow = defineGate({
  id: 'escrow',
  order: 20,
  hidesHeader: true,
  // "I agree to the escrow terms": recorded with its time by the checkout server; never skipped.
  needsAgreement: true,
  condition: holdsInEscrow,
  screen: () => import('./Screen'),
  messages,
});

export default escrow;
