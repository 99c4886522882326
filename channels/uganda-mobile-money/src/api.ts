import type { CallContext, StatusAnswer } from '@oja/core';
import { HttpError } from '@oja/core';
import { checkStatusAt } from '@oja/core/calls';
import type { Telco } from './constants';

/** Asks the payer's provider to send the approval request to the phone (companion §7). */
export const NOTIFICATION_PATH = '/api/v2/ug-mobile-money/payment-notification';
/** The payment's status once the request is on the phone (companion §7). */
export const STATUS_PATH = '/api/v1/ug-mobile-money/status';

/** What the payer chose on the form. */
export interface MobileMoneyDetails {
  telco: Telco;
  /** The mobile number or wallet ID, as typed (trimmed). */
  customerId: string;
}

/**
 * The payment notification: the provider, the payer's number, the payment's names and the checkout amount
 * (surcharge included). Answers its response code (09: sent to the phone, wait), or an 'invalid' HttpError when
 * the answer has none.
 */
export async function notifyPayment({ http, props, signal }: CallContext, details: MobileMoneyDetails): Promise<StatusAnswer> {
  const res = await http.post<Record<string, unknown>>(
    NOTIFICATION_PATH,
    {
      telco: details.telco,
      customerId: details.customerId,
      merchantCode: props.merchantCode,
      payableCode: props.payableCode,
      transactionReference: props.merchantTransactionReference,
      amount: props.checkoutAmount,
    },
    { signal },
  );
  if (typeof res.responseCode !== 'string' || res.responseCode === '') throw new HttpError('Notification answer without a code', 'invalid');
  return { code: res.responseCode, response: res };
}

/** The status, posted with the merchant code and transaction reference (companion §7). */
export function checkStatus(ctx: CallContext): Promise<StatusAnswer> {
  return checkStatusAt(STATUS_PATH, ctx, 'POST');
}
