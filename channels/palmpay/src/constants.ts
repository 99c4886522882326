/** The collections API's PalmPay paths (companion §7). */
export const INITIALIZE_PATH = '/api/v1/palmpay/initialize';
export const STATUS_PATH = '/api/v1/palmpay/status';
/** Status request timeout, ms (companion §7, §9). */
export const STATUS_TIMEOUT_MS = 10_000;
/** Pace of the status checks, ms (companion §4, §9). */
export const STATUS_POLL_MS = 2_000;
/** The payer's window from initialise, ms (companion §4, §9: 5 minutes); at zero the payment completes empty. */
export const PAY_WINDOW_MS = 5 * 60_000;
/** Init or status 01: the payment is stopped and completes with an empty code (companion §4). */
export const CODE_STOPPED = '01';
/** The code a stopped or timed-out payment completes with: empty (companion §4). */
export const CODE_EMPTY = '';
/** PalmPay's page, an outside source (ChannelPlugin.sources): allowed only on payments that can use PalmPay. */
export const PALMPAY_PAGE_SOURCE = 'palmpay-page';
