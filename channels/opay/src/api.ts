import type { CallContext, StatusAnswer, StatusContext } from '@oja/core';
import { CODE_PENDING, HttpError } from '@oja/core';
import { CODE_STOPPED, INITIALIZE_PATH, STATUS_PATH, STATUS_TIMEOUT_MS } from './constants';

/** The initialise answer (companion §3): its code, and OPay's page unless stopped. */
export interface Initialized {
  responseCode: string;
  redirectUrl?: string;
}

/** The initialise body (companion §7: merchantCode, payableCode, transactionReference, paymentId, currencyCode). */
export const initializeBody = ({ props }: Pick<CallContext, 'props'>) => ({
  merchantCode: props.merchantCode,
  payableCode: props.payableCode,
  transactionReference: props.merchantTransactionReference,
  paymentId: props.paymentId,
  currencyCode: props.currencyCode,
});

/** Asks OPay for its page. An answer without a code, or neither 01 nor a page, is a broken answer. */
export async function initialize(ctx: CallContext): Promise<Initialized> {
  const res = await ctx.http.post<Partial<Initialized>>(INITIALIZE_PATH, initializeBody(ctx), { signal: ctx.signal });
  const code = res?.responseCode;
  if (typeof code !== 'string') throw new HttpError('OPay initialise answer without a code', 'invalid');
  if (code === CODE_STOPPED) return { responseCode: code };
  if (typeof res.redirectUrl !== 'string' || !/^https?:\/\//.test(res.redirectUrl))
    throw new HttpError('OPay initialise answer without a page', 'invalid');
  return { responseCode: code, redirectUrl: res.redirectUrl };
}

/**
 * The payment's status (companion §4 "OPay"): 00 completes, 01 completes empty and stops, 09 waits, and anything
 * else is asked again: it answers as pending, with OPay's own code kept in the response.
 */
export async function checkStatus({ http, props, signal }: StatusContext): Promise<StatusAnswer> {
  const res = await http.post<Record<string, unknown>>(
    STATUS_PATH,
    { merchantCode: props.merchantCode, reference: props.merchantTransactionReference },
    { signal, timeoutMs: STATUS_TIMEOUT_MS },
  );
  const code = typeof res?.responseCode === 'string' ? res.responseCode : '';
  if (!code) throw new HttpError('OPay status answer without a code', 'invalid');
  const final = code === '00' || code === CODE_STOPPED;
  return { code: final ? code : CODE_PENDING, response: { ...res, responseCode: code } };
}
