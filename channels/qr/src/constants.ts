/** Status request interval while the QR code is shown, ms (spec core §4 "QR", §9). */
export const STATUS_POLL_MS = 2_000;
/**
 * Longest QR payload drawn, in bytes: what a version 40 code holds in byte mode at error-correction level M.
 * A longer answer is refused as invalid rather than failing to draw.
 */
export const MAX_QR_BYTES = 2_331;
