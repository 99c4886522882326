/** The five-digit code's validity from a successful institutions fetch, ms (spec core §4 step 2, §9). */
export const CODE_VALIDITY_MS = 900_000;
/** Status request interval on the transaction-status screen, ms (spec core §4 step 4, §9). */
export const STATUS_POLL_MS = 5_000;
/** Wait before retrying a failed status request, ms; core's poller doubles it per consecutive failure. */
export const STATUS_RETRY_MS = 5_000;
/** The transaction-status screen's countdown, ms (spec core §4 step 5, §9). */
export const STATUS_WAIT_MS = 300_000;
/** The one extra wait the payer may ask for, ms (spec core §4 step 5). */
export const STATUS_EXTENSION_MS = 5 * 60_000;
/** How many times the payer may wait more (spec core §4 steps 5-6: once, then XS1). */
export const MAX_STATUS_EXTENSIONS = 1;
/** Widest viewport that counts as a phone, px (spec core §9 "Mobile breakpoint 480"). */
export const MOBILE_MAX_WIDTH_PX = 480;
/** The identity service's OAuth token endpoint on the API base, unless the settings name another path. */
export const DEFAULT_TOKEN_PATH = '/passport/oauth/token';
export const GENERATE_PATH = '/api/v1/pwa/generate';
export const STATUS_PATH = '/api/v1/transactions/ussd';
/** The bank code the institutions call sends (spec core §7). */
export const PWA_BANK_CODE = 'ISW';
