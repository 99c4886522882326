// The keys, paths and settings of the card's outside sources, apart from their declarations (sources.ts, with
// the reasons the inventory prints): the card screen needs the keys, only the server the declarations.

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
