import type { OutsideSource } from '@oja/core';

/** The issuer's 3-D Secure challenge page, framed by the card's 3-D Secure step (spec core §4 "3-D secure screen"). */
export const ISSUER_SOURCE = '3ds-issuer';
/** The 3-D Secure service's device data collection page, framed hidden before the payment (spec core §9). */
export const DEVICE_DATA_SOURCE = '3ds-device-data';
/** The device-fingerprint script (companion §7), loaded with the card screen. */
export const FINGERPRINT_SOURCE = 'device-fingerprint';

/** The device-fingerprint script's path on its origin (the fingerprint service's tags script). */
export const FINGERPRINT_PATH = '/fp/tags.js';
/**
 * The card's page setting carrying the script's Subresource Integrity: the sandbox's stand-in has one; a real
 * service whose script changes unannounced has none, and its origin alone is allowed (README "Outside sources").
 */
export const FINGERPRINT_INTEGRITY_SETTING = 'fingerprintIntegrity';

/**
 * The outside origins of the card's 3-D Secure step. A channel that pays through the card's steps (the wallet's
 * saved cards) declares them too.
 */
export const THREE_D_SECURE_SOURCES: OutsideSource[] = [
  { key: ISSUER_SOURCE, directives: ['frame'], why: "The card issuer's 3-D Secure challenge page, framed while the payer authenticates a card payment" },
  { key: DEVICE_DATA_SOURCE, directives: ['frame'], why: "The 3-D Secure service's device data collection page, framed hidden before a card payment that needs it" },
];

/** The outside origins the card's pages load from. */
export const CARD_SOURCES: OutsideSource[] = [
  ...THREE_D_SECURE_SOURCES,
  { key: FINGERPRINT_SOURCE, directives: ['script'], why: "The acquirer's device-fingerprint script (fraud screening), loaded with the card screen when the merchant has Cybersource ids" },
];
