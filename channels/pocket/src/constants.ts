/** How long "Payment Successful!" shows before the result returns to the merchant, ms (companion §2, §9). */
export const SUCCESS_REDIRECT_MS = 5_000;
