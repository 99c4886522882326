/** The collections API's eNaira paths (companion §7). */
export const INIT_PATH = '/api/v1/enaira-wallet/init';
export const CONFIRM_PATH = '/api/v1/enaira-wallet/confirm';
export const STATUS_PATH = '/api/v1/enaira-wallet/check-status';
/** Status request timeout, ms (companion §7, §9). */
export const STATUS_TIMEOUT_MS = 5_000;
/** Pace of the status checks, ms (companion §4, §9). */
export const STATUS_POLL_MS = 2_000;
/** Status 01: the payment is stopped (declined or expired) and completes with an empty code. */
export const CODE_STOPPED = '01';
/** The code a failed or stopped payment completes with: empty (companion §4 "An initialise error completes with empty code"). */
export const CODE_EMPTY = '';
/** The eNaira page, an outside source (ChannelPlugin.sources): allowed only on payments that can use eNaira. */
export const ENAIRA_PAGE_SOURCE = 'enaira-page';
