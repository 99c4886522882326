/** Status request interval, ms (spec core §9). */
export const STATUS_POLL_MS = 20_000;
/** The country whose banks are listed: USSD is a Nigerian service (spec core §9). */
export const USSD_COUNTRY = 'NG';
/**
 * Grace after a code's validity before the page gives up waiting and completes as expired, ms: an approval made
 * at the last second still has a few status requests to arrive in.
 */
export const AUTO_COMPLETE_GRACE_MS = 2 * 60_000;
