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
