import type { CallContext, StatusAnswer } from '@oja/core';
import { HttpError } from '@oja/core';
import { initiateAt } from './approval';

/** Sends the payment request to the payer's MoMo wallet (companion §7). */
export const INITIATE_PATH = '/api/v1/momo/initialize';
/** The payment's status once the payer says it is authorized (companion §7). */
export const STATUS_PATH = '/api/v1/momo/status';

/** Initiate with the payer's phone as `partyId`: HTTP 200 is the success (companion §4, §7), nothing else is read. */
export const initiate = initiateAt(INITIATE_PATH, 'partyId');

/** The status: HTTP 200 with `data.responseCode` (00 is the success); an answer without it is an 'invalid' HttpError. */
export async function checkStatus({ http, props, signal }: CallContext): Promise<StatusAnswer> {
  const res = await http.post<{ data?: Record<string, unknown> }>(
    STATUS_PATH,
    { merchantCode: props.merchantCode, transactionReference: props.merchantTransactionReference },
    { signal },
  );
  const data = res.data;
  if (!data || typeof data.responseCode !== 'string' || data.responseCode === '') throw new HttpError('Status answer without a code', 'invalid');
  return { code: data.responseCode, response: data };
}
