// The key, path and setting of Google Pay's outside source, apart from its declaration (sources.ts, with the reason
// the inventory prints): the screen needs these, only the server the declaration.

/** Google's Google Pay script (pay.js), loaded when the Google Pay screen opens (companion §7). */
export const GOOGLE_PAY_SOURCE = 'google-pay';
/** The script's path on its origin: Google's, `https://pay.google.com/gp/p/js/pay.js`. */
export const GOOGLE_PAY_SCRIPT_PATH = '/gp/p/js/pay.js';
/**
 * The channel's page setting carrying the script's Subresource Integrity: the sandbox's stand-in has one; Google's
 * own script changes without notice and publishes none, so its origin alone is allowed (README "Google Pay").
 */
export const SCRIPT_INTEGRITY_SETTING = 'scriptIntegrity';
