import { defineChannel, drawnByServer, lazyStatusCheck } from '@oja/core';
import { messages } from './messages';
import { brandsDescriptionKey } from './acquirerBrands';

/** Cardinal status polling interval (spec core §9). */
export const CARDINAL_POLL_MS = 2_000;

/**
 * Card payments (spec core §2 "Card entry", "Card PIN", "Card OTP", "Card 3-D secure"; §4 "Card flow"): the
 * baseline channel, kept in every market the merchant offers it in, and the one a bulk payment opens.
 */
export const card = defineChannel({
  id: 'card',
  code: 'CARD',
  path: '/payment/card',
  paysByCard: true,
  baseline: true,
  bulk: true,
  order: 10,
  // Offered unless the merchant's channel list leaves it out (an empty list is the default: the card).
  isAvailable: (props) => props.paymentChannels.length === 0 || props.paymentChannels.includes('CARD'),
  // The row names the brands the acquirer's card form accepts (MUL: Visa and Mastercard).
  row: { icon: drawnByServer(() => import('./CardIcon')), title: 'card.row.title', description: (props) => brandsDescriptionKey(props.acquiredBy) },
  screen: () => import('./Screen'),
  /** The issuer's verdict on a 3-D Secure challenge, every 2 s while it answers T1 (spec core §4 "3-D secure screen"). */
  status: {
    intervalMs: CARDINAL_POLL_MS,
    pendingCodes: ['T1'],
    check: lazyStatusCheck(() => import('./api')),
  },
  messages,
});

export default card;
