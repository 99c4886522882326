import type { Http } from './http';
import type { PayRequest } from './payRequest';
import type { PaymentProps } from './props';
import type { TransactionResponse } from './state/checkout';
import { CODE_SUCCESS } from './codes';

/** The collections API's transaction requery, as a merchant's server calls it (CONTRACT §5). */
export const REQUERY_PATH = '/collections/api/v1/gettransaction.json';
/** How long POST /pay waits for the requery before opening the payment anyway, ms: a slow requery never blocks a payment. */
export const REQUERY_TIMEOUT_MS = 3_000;

/**
 * Is the merchant's reference already paid (requery answers 00)? Any failure (timeout, network, an answer without
 * a code) counts as "not known to be paid": the payment opens as usual, and the API still refuses to charge twice.
 */
export async function isAlreadyPaid(http: Http, r: Pick<PayRequest, 'merchant_code' | 'txn_ref' | 'amount'>, signal?: AbortSignal): Promise<boolean> {
  try {
    const answer = await http.get(REQUERY_PATH, {
      params: { merchantcode: r.merchant_code, transactionreference: r.txn_ref, amount: r.amount },
      timeoutMs: REQUERY_TIMEOUT_MS,
      signal,
    });
    return answer.ResponseCode === '00';
  } catch {
    return false;
  }
}

/** Requery codes that say nothing final about the payment: in progress, or not attempted yet (no transaction). */
export const NOT_SETTLED_CODES: readonly string[] = ['09', 'S0', 'Z0', 'Z25', '25', '10'];

/**
 * Where a payment stands, asked of the collections API each time its page is loaded (a reload, a restored tab,
 * another instance), before a payment screen is drawn: the result the page opens on when there is one (paid,
 * expired, cancelled, or a failed attempt), otherwise undefined (still open, or the API did not answer in time:
 * the page draws its screen and its own poll finds out).
 */
export async function paymentStanding(
  http: Http,
  props: Pick<PaymentProps, 'merchantCode' | 'merchantTransactionReference' | 'amount'>,
  signal?: AbortSignal,
): Promise<TransactionResponse | undefined> {
  let answer: Record<string, unknown>;
  try {
    answer = await http.get(REQUERY_PATH, {
      params: { merchantcode: props.merchantCode, transactionreference: props.merchantTransactionReference, amount: props.amount },
      timeoutMs: REQUERY_TIMEOUT_MS,
      signal,
    });
  } catch {
    return undefined;
  }
  const code = typeof answer.ResponseCode === 'string' ? answer.ResponseCode : '';
  if (!code || NOT_SETTLED_CODES.includes(code)) return undefined;
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  return {
    responseCode: code,
    responseDescription: text(answer.ResponseDescription),
    ...(code === CODE_SUCCESS && { amount: text(answer.Amount) }),
    paymentReference: text(answer.PaymentReference),
    retrievalReferenceNumber: text(answer.RetrievalReferenceNumber),
    transactionDate: text(answer.TransactionDate),
  };
}
