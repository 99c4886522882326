import { RESULT_FIELDS } from './payRules';
import type { CheckoutResult } from './payRules';

export { RESULT_FIELDS };

/** The envelope key of every message the checkout sends (README, "Decisions"). */
export const MESSAGE_KEY = 'oja-checkout';

/**
 * How long the checkout's success screen (the amount, the merchant, the reference, the date) stays up for the payer
 * to read, ms (docs/decisions.md): a REDIRECT returns to the merchant after it, unless the payer goes sooner; in
 * INLINE and POPUP the result is sent at once, and the SDK keeps the checkout on screen this long after onComplete.
 */
export const SUCCESS_SHOWN_MS = 6_000;

export type CheckoutMessage = { type: 'INITIALIZED' } | { type: 'COMPLETED'; result: CheckoutResult };

/** Where the checkout's messages must come from. */
export interface ExpectedSender {
  /** The checkout's exact origin. */
  origin: string;
  /** The checkout's window: the overlay's frame or the popup. */
  source: unknown;
  /** The request's txn_ref: a result for another payment is not this one's. */
  txnRef: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The checkout's message, or null for anything else: another origin, another window, another shape (CONTRACT
 * §3: `{ key, messageType: 'INITIALIZED' | 'COMPLETED', data }`, every result field a string), another payment.
 */
export function readMessage(event: Pick<MessageEvent, 'origin' | 'source' | 'data'>, from: ExpectedSender): CheckoutMessage | null {
  if (event.origin !== from.origin || !from.source || event.source !== from.source) return null;
  const m = event.data;
  if (!isRecord(m) || m.key !== MESSAGE_KEY) return null;
  if (m.messageType === 'INITIALIZED') return { type: 'INITIALIZED' };
  if (m.messageType !== 'COMPLETED' || !isRecord(m.data)) return null;
  const data = m.data;
  if (!RESULT_FIELDS.every((f) => typeof data[f] === 'string') || data.txnref !== from.txnRef) return null;
  const result = {} as CheckoutResult;
  // Only the documented fields reach the merchant's callback.
  for (const f of RESULT_FIELDS) result[f] = data[f] as string;
  return { type: 'COMPLETED', result };
}
