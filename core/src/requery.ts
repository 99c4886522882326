import type { Http } from './http';
import type { PayRequest } from './payRequest';

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
