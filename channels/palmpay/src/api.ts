import type { CallContext, StatusAnswer, StatusContext } from '@oja/core';
import { CODE_PENDING, HttpError } from '@oja/core';
import { CODE_STOPPED, INITIALIZE_PATH, STATUS_PATH, STATUS_TIMEOUT_MS } from './constants';

/** The initialise answer (companion §3): its code, PalmPay's page and reference unless stopped. */
export interface Initialized {
  responseCode: string;
  redirectUrl?: string;
  transactionReference?: string;
}

/** Asks PalmPay for its page (companion §7: the same body as OPay's). */
export async function initialize({ http, props, signal }: CallContext): Promise<Initialized> {
  const body = {
    merchantCode: props.merchantCode,
    payableCode: props.payableCode,
    transactionReference: props.merchantTransactionReference,
    paymentId: props.paymentId,
    currencyCode: props.currencyCode,
  };
  const res = await http.post<Partial<Initialized>>(INITIALIZE_PATH, body, { signal });
  const code = res?.responseCode;
  if (typeof code !== 'string') throw new HttpError('PalmPay initialise answer without a code', 'invalid');
  if (code === CODE_STOPPED) return { responseCode: code };
  if (typeof res.redirectUrl !== 'string' || !/^https?:\/\//.test(res.redirectUrl))
    throw new HttpError('PalmPay initialise answer without a page', 'invalid');
  return { responseCode: code, redirectUrl: res.redirectUrl, transactionReference: res.transactionReference };
}

/**
 * The payment's status with a 10 s timeout (companion §4 "PalmPay", §7): 00 completes, 01 completes empty, and any
 * other code waits (as pending, PalmPay's own code kept in the response) until the window ends.
 */
export async function checkStatus({ http, props, signal }: StatusContext): Promise<StatusAnswer> {
  const res = await http.post<Record<string, unknown>>(
    STATUS_PATH,
    { reference: props.merchantTransactionReference, merchantCode: props.merchantCode },
    { signal, timeoutMs: STATUS_TIMEOUT_MS },
  );
  const code = typeof res?.responseCode === 'string' ? res.responseCode : '';
  if (!code) throw new HttpError('PalmPay status answer without a code', 'invalid');
  const final = code === '00' || code === CODE_STOPPED;
  return { code: final ? code : CODE_PENDING, response: { ...res, responseCode: code } };
}
