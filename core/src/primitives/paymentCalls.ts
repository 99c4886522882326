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
 * A channel's status call asked by merchant code and transaction reference (transfer, QR, USSD): the answer's
 * response code, or an 'invalid' HttpError when it has none (the poller then backs off and asks again).
 */
export async function checkStatusAt(path: string, { http, props, signal }: StatusContext): Promise<StatusAnswer> {
  const res = await http.get<Record<string, unknown>>(path, {
    params: { merchantCode: props.merchantCode, transactionReference: props.merchantTransactionReference },
    signal,
  });
  if (typeof res.responseCode !== 'string' || res.responseCode === '') throw new HttpError('Status answer without a code', 'invalid');
  return { code: res.responseCode, response: res };
}
