/** Digits in a MoMo phone number (companion §5, §9). */
export const PHONE_LENGTH = 11;
/** How long "Payment Successful!" shows before the result returns to the merchant, ms (companion §2, §9). */
export const SUCCESS_REDIRECT_MS = 5_000;
