import type { CallContext, StatusAnswer } from '@oja/core';
import { HttpError } from '@oja/core';
import { initiateAt } from '@oja/momo/approval';

/** Sends the payment request to the payer's Pocket wallet (companion §7). */
export const INITIATE_PATH = '/api/v1/pocket/initialize';
/** The payment's status once the payer says it is authorized (companion §7). */
export const STATUS_PATH = '/api/v1/pocket/status';

/** Initiate with the Pocket ID as `walletId`: the HTTP status is the answer (companion §7), 200 the success. */
export const initiate = initiateAt(INITIATE_PATH, 'walletId');

/** The status, asked by merchant code and `reference`: 200 with `responseCode` (00 is the success). */
export async function checkStatus({ http, props, signal }: CallContext): Promise<StatusAnswer> {
  const res = await http.post<Record<string, unknown>>(
    STATUS_PATH,
    { merchantCode: props.merchantCode, reference: props.merchantTransactionReference },
    { signal },
  );
  if (typeof res.responseCode !== 'string' || res.responseCode === '') throw new HttpError('Status answer without a code', 'invalid');
  return { code: res.responseCode, response: res };
}
