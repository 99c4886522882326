/** The collections API's OPay paths (companion §7). */
export const INITIALIZE_PATH = '/api/v1/opay/initialize';
export const STATUS_PATH = '/api/v1/opay/status';
/** Status request timeout, ms (companion §7, §9). */
export const STATUS_TIMEOUT_MS = 20_000;
/** Pace of the status checks, ms (companion §4, §9). */
export const STATUS_POLL_MS = 2_000;
/** Init or status 01: the payment is stopped and completes with an empty code (companion §4, §8). */
export const CODE_STOPPED = '01';
/** The code a stopped payment completes with: empty (companion §4 "complete with empty code"). */
export const CODE_EMPTY = '';
/** OPay's page, an outside source (ChannelPlugin.sources): allowed only on payments that can use OPay. */
export const OPAY_PAGE_SOURCE = 'opay-page';
