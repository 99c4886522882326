import type { CallContext, StatusAnswer, StatusContext } from '@oja/core';
import { HttpError } from '@oja/core';
import { CONFIRM_PATH, INIT_PATH, STATUS_PATH, STATUS_TIMEOUT_MS } from './constants';

/** The initialise answer (companion §3): the eNaira page and the invoice it confirms. */
export interface Invoice {
  url: string;
  invoiceId: string;
}

/** Asks eNaira for an invoice (companion §7: the same body as OPay's initialise). */
export async function initialize({ http, props, signal }: CallContext): Promise<Invoice> {
  const res = await http.post<Record<string, unknown>>(
    INIT_PATH,
    {
      merchantCode: props.merchantCode,
      payableCode: props.payableCode,
      transactionReference: props.merchantTransactionReference,
      paymentId: props.paymentId,
      currencyCode: props.currencyCode,
    },
    { signal },
  );
  const { url, invoiceId } = res ?? {};
  if (typeof url !== 'string' || !/^https?:\/\//.test(url) || typeof invoiceId !== 'string' || !invoiceId)
    throw new HttpError('eNaira init answer without a page or an invoice', 'invalid');
  return { url, invoiceId };
}

/** Confirms the invoice (companion §4: at once, with the invoiceId as guid); the answer is not read. */
export async function confirm({ http, signal }: CallContext, invoiceId: string): Promise<unknown> {
  return http.post<unknown>(CONFIRM_PATH, { guid: invoiceId }, { signal });
}

/** What the status check reads of its visit (visit.ts): the invoice the visit initialised. */
export interface StatusVisitState {
  init: { response: { invoiceId: string } | null };
}

/**
 * The payment's status by guid (the invoice of the visit that asks), with a 5 s timeout (companion §7): 09 waits,
 * any other code is final.
 */
export async function checkStatus({ http, signal, visit }: StatusContext<StatusVisitState>): Promise<StatusAnswer> {
  const guid = visit && !visit.ended ? visit.state.init.response?.invoiceId : undefined;
  if (!guid) throw new HttpError('No eNaira invoice', 'invalid');
  const res = await http.get<Record<string, unknown>>(STATUS_PATH, { params: { guid }, signal, timeoutMs: STATUS_TIMEOUT_MS });
  const code = typeof res?.responseCode === 'string' ? res.responseCode : '';
  if (!code) throw new HttpError('eNaira status answer without a code', 'invalid');
  return { code, response: { ...res, responseCode: code } };
}
