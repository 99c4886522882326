import { HttpError } from './http';

/** Response codes of spec core §4 and §8. */
export const CODE_SUCCESS = '00';
export const CODE_PENDING = '09';
export const CODE_CANCELLED = 'Z6';
export const CODE_EXPIRED = 'XS1';
/**
 * A payment already settled 00 (ISO 8583 "duplicate transaction"): the collections API's answer to a new attempt
 * on it, and the server's mark on the page that says so instead of opening a payment (CONTRACT §5).
 */
export const CODE_ALREADY_PAID = '94';

export type Outcome = 'successful' | 'inProgress' | 'expired' | 'cancelled' | 'failed';

export function classify(code: string): Outcome {
  if (code === CODE_SUCCESS) return 'successful';
  if (code === CODE_PENDING || code === 'S0') return 'inProgress';
  if (code === CODE_EXPIRED) return 'expired';
  if (code === CODE_CANCELLED) return 'cancelled';
  return 'failed';
}

/** Complete = successful, in progress or expired (spec core §4). */
export function isComplete(code: string | undefined): boolean {
  if (code === undefined) return false;
  const o = classify(code);
  return o === 'successful' || o === 'inProgress' || o === 'expired';
}

const DECLINED = [
  '01', '02', '04', '05', '06', '07', '12', '13', '14', '17', '21', '22', '25', '26', '33', '34', '36', '38', '39',
  '40', '41', '42', '43', '44', '45', '52', '53', '54', '55', '56', '57', '58', '59', '60', '61', '62', '63', '65', '66', '68',
  '75', '77', '79', '81', '88', '89', '93', '98', 'F4', 'F5', 'G3', 'G4', 'H4',
];
const TABLE: Record<string, string> = {
  '00': 'core.code.success',
  '51': 'core.code.insufficientFunds',
  X03: 'core.code.limitExceeded',
  Z64: 'core.code.useDifferentMethod',
  S3: 'core.code.declinedUseAnotherCard',
  T1: 'core.code.invalidOtp',
};
for (const c of DECLINED) TABLE[c] = 'core.code.declined';
TABLE[CODE_ALREADY_PAID] = 'core.error.alreadyPaid';
for (const c of ['91', '92', '96', 'E16', 'E20', 'EM', 'Z162']) TABLE[c] = 'core.code.unableTryLater';
for (const c of ['Z8', 'Z82']) TABLE[c] = 'core.code.notAccepted';
for (const c of ['Z67', 'Z74']) TABLE[c] = 'core.code.invalidToken';

/** Translation key of the message for a BIN lookup or payment response code (spec core §8). */
export function messageKeyForCode(code: string | undefined): string {
  // Own keys only: a code the server sends, like "toString", must not reach the object's prototype.
  return (code && Object.hasOwn(TABLE, code) && TABLE[code]) || 'core.error.default';
}

/** HTTP status of a rate-limited call: the server asks the payer to wait before trying again. */
export const HTTP_TOO_MANY_REQUESTS = 429;

/**
 * Translation key saying why a call failed, for a payer who can simply try again (spec core §8's generic messages):
 * rate limited (HTTP 429) "…Please try again in 1 minute!"; a temporary failure of the service (5xx, timeout)
 * "Something went wrong! Please try again!"; no connection, the network message; anything else the default; an attempt refused as already paid, the already-paid message. A temporary failure is never worded as the payer's mistake.
 */
export function messageKeyForFailure(error: unknown): string {
  // Refused because the payment was paid meanwhile (another tab): say so before anything else.
  if (isRefusedAsPaid(error)) return 'core.error.alreadyPaid';
  if (!(error instanceof HttpError)) return 'core.error.default';
  if (error.code === 'http' && error.status === HTTP_TOO_MANY_REQUESTS) return 'core.error.tryAgainLater';
  if (error.code === 'network') return 'core.error.network';
  if (error.code === 'timeout' || (error.code === 'http' && error.status >= 500)) return 'core.error.tryAgain';
  return 'core.error.default';
}

/**
 * The message for a failed call: "already paid" when the API refused it for a payment settled meanwhile (another
 * tab, another channel: HTTP 409 with CODE_ALREADY_PAID), otherwise the caller's own choice.
 */
export function failureMessageKey(error: unknown, otherwise: string): string {
  return isRefusedAsPaid(error) ? 'core.error.alreadyPaid' : otherwise;
}

/** Did the API refuse this call because the payment was paid meanwhile (HTTP 409 with CODE_ALREADY_PAID)? */
export function isRefusedAsPaid(error: unknown): boolean {
  const body = (error as { body?: unknown } | null)?.body;
  return !!body && typeof body === 'object' && (body as { responseCode?: unknown }).responseCode === CODE_ALREADY_PAID;
}
