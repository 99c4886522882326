/** The credit calls of the collections API (companion §7 "Credit calls"). */
export const GENERATE_OTP_PATH = '/api/v1/credit/generate';
export const BANK_OTP_PATH = '/api/v1/credit/banks/otp';
export const VALIDATE_OTP_PATH = '/api/v1/credit/validate';
export const TOKEN_PATH = '/api/v1/credit/token';
export const TOKEN_VALIDATE_PATH = '/api/v1/credit/token/validate';
export const OFFERS_PATH = '/api/v1/credit';
export const ACCEPT_OFFER_PATH = '/api/v1/credit/token/validate-pay';
export const BANKS_PATH = '/api/v1/credit/banks';
/** Wallet sign-in: the wallet's own call (companion §7 "path as /api/v1/wallets"). */
export const WALLET_SIGN_IN_PATH = '/api/v1/wallets';

/** The token request's success: the card is tokenised and an OTP is on its way (companion §4, §8). */
export const CODE_TOKEN_SENT = 'T0';
/** An OTP the API refuses (companion §8). */
export const CODE_INVALID_OTP = 'T1';
/** The error message of T1 that has a wording of its own (companion §8). */
export const INVALID_TOKEN_SUPPLIED = 'INVALID_TOKEN_SUPPLIED';
/** OTP generation codes meaning the phone number is not one the lenders know (companion §8). */
export const INVALID_PHONE_CODES: readonly string[] = ['LS1', 'LS3'];
/** The token request could not send its OTP: the transaction completes with this code (companion §8). */
export const CODE_TOKEN_OTP_FAILED = 'LS3';

/** A Nigerian phone number's length, digits (companion §9). */
export const PHONE_LENGTH = 11;
/** A bank account number's length at most, digits (companion §5, §9): "Show loan deals" needs all ten. */
export const ACCOUNT_NUMBER_LENGTH = 10;
/** The OTP's length, characters (companion §9). */
export const OTP_LENGTH = 6;
/** The resend link appears this long after each OTP sent, ms (companion §4, §9). */
export const OTP_RESEND_MS = 60_000;
