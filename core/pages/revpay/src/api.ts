import { HttpError } from '@oja/core';
import type { Http } from '@oja/core';

/** The revenue calls of the collections API (companion §7). */
export const VALIDATE_PATH = '/api/v1/revpay/validate-reference';
export const NOTIFY_PATH = '/api/v1/revpay/notify-revpay';

/** A bill as validate-reference describes it (companion §3 "Revenue reference details"); amount in naira. */
export interface ReferenceDetails {
  agencyName: string;
  revenueName: string;
  payerName: string;
  paymentReference: string;
  amount: number;
  merchantCode: string;
  payItemId: string;
}

/** The validation's verdict: a bill to pay, one already paid (code 01), or none (any failure). */
export type Validation = { kind: 'due'; details: ReferenceDetails } | { kind: 'paid' } | { kind: 'invalid' };

/** Code 01: the reference is already fully paid (companion §4 "Revenue", §8). */
export const CODE_REFERENCE_PAID = '01';

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Reads the API's answer: every field a bill needs, or nothing (a bill without an amount cannot be paid). */
export function readDetails(answer: Record<string, unknown>): ReferenceDetails | undefined {
  const amount = Number(answer.amount);
  const d: ReferenceDetails = {
    agencyName: text(answer.agencyName),
    revenueName: text(answer.revenueName),
    payerName: text(answer.payerName),
    paymentReference: text(answer.paymentReference),
    amount,
    merchantCode: text(answer.merchantCode),
    payItemId: text(answer.payItemId),
  };
  if (!(amount > 0) || !d.merchantCode || !d.payItemId || !d.paymentReference) return undefined;
  return d;
}

/** POST validate-reference?webguid= (empty body). A refusal, a malformed answer or a failed call is "invalid". */
export async function validateReference(http: Http, ref: string): Promise<Validation> {
  let answer: Record<string, unknown>;
  try {
    answer = await http.post(VALIDATE_PATH, {}, { params: { webguid: ref } });
  } catch (e) {
    if (e instanceof HttpError) return { kind: 'invalid' };
    throw e;
  }
  if (answer.responseCode === CODE_REFERENCE_PAID) return { kind: 'paid' };
  if (answer.responseCode !== '00') return { kind: 'invalid' };
  const details = readDetails(answer);
  return details ? { kind: 'due', details } : { kind: 'invalid' };
}

/** POST notify-revpay: tells the revenue service of the payment; answers the receipt's link, if it gave one. */
export async function notifyRevpay(
  http: Http,
  body: { webguid: string; paymentReference: string; amount: string; paymentId: string },
): Promise<string | undefined> {
  const answer = await http.post(NOTIFY_PATH, body);
  const link = text(answer.receiptLink);
  return link || undefined;
}
