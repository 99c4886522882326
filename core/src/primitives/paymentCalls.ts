import { HttpError } from '../http';
import type { PaymentProps } from '../props';
import type { StatusAnswer, StatusContext } from '../plugin';

/** The fields a channel's "start" call (a transfer account, a QR code, a USSD code) sends to name the payment. */
export function paymentFields(props: PaymentProps) {
  return {
    merchantCode: props.merchantCode,
    payableCode: props.payableCode,
    paymentId: props.paymentId,
    transactionReference: props.merchantTransactionReference,
    amount: props.checkoutAmount,
    currencyCode: props.currencyCode,
  };
}

/**
 * A channel's status call asked by merchant code and transaction reference: in the query (transfer, QR, USSD) or,
 * with `method` POST, in a JSON body (Uganda mobile money). Answers the response code, or an 'invalid' HttpError
 * when the answer has none (the poller then backs off and asks again).
 */
export async function checkStatusAt(path: string, { http, props, signal }: StatusContext, method: 'GET' | 'POST' = 'GET'): Promise<StatusAnswer> {
  const names = { merchantCode: props.merchantCode, transactionReference: props.merchantTransactionReference };
  const res =
    method === 'POST'
      ? await http.post<Record<string, unknown>>(path, names, { signal })
      : await http.get<Record<string, unknown>>(path, { params: names, signal });
  if (typeof res.responseCode !== 'string' || res.responseCode === '') throw new HttpError('Status answer without a code', 'invalid');
  return { code: res.responseCode, response: res };
}
