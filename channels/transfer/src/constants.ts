/** Status request interval, ms (spec core §9). */
export const STATUS_POLL_MS = 20_000;
/** The waiting screen's countdown, ms (spec core §4). */
export const WAIT_MS = 10 * 60_000;
/** One extension of the wait, ms. */
export const EXTENSION_MS = 5 * 60_000;
/** Extensions the payer may take. */
export const MAX_EXTENSIONS = 3;
/** Grace after the account's validity before the payment completes as expired, ms. */
export const AUTO_COMPLETE_GRACE_MS = 5 * 60_000;
/** What an unsettled transfer answers. */
export const PENDING_CODES = ['09', 'Z0', 'S0'];
