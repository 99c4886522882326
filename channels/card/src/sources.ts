import type { OutsideSource } from '@oja/core';
import { DEVICE_DATA_SOURCE, FINGERPRINT_SOURCE, ISSUER_SOURCE } from './sourceKeys';

export * from './sourceKeys';

/**
 * The outside origins of the card's 3-D Secure step. A channel that pays through the card's steps (the wallet's
 * saved cards) declares them too.
 */
export const THREE_D_SECURE_SOURCES: OutsideSource[] = [
  {
    key: ISSUER_SOURCE,
    directives: ['frame'],
    why: "The card issuer's 3-D Secure challenge page, framed while the payer authenticates a card payment",
  },
  {
    key: DEVICE_DATA_SOURCE,
    directives: ['frame'],
    why: "The 3-D Secure service's device data collection page, framed hidden before a card payment that needs it",
  },
];

/** The outside origins the card's pages load from. */
export const CARD_SOURCES: OutsideSource[] = [
  ...THREE_D_SECURE_SOURCES,
  {
    key: FINGERPRINT_SOURCE,
    directives: ['script'],
    why: "The acquirer's device-fingerprint script (fraud screening), loaded with the card screen when the merchant has Cybersource ids",
  },
];
