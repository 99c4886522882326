import { GateRefusal, HttpError } from '@oja/core';
import type { Http, PaymentProps } from '@oja/core';

/** The cashback opt-in (companion §7). */
export const STORE_TUC_PATH = '/api/v1/pay-page/store-tucpayment';

const describedBy = (body: unknown): string | undefined => {
  const d = body && typeof body === 'object' ? (body as Record<string, unknown>).responseDescription : undefined;
  return typeof d === 'string' && d.trim() ? d : undefined;
};

/**
 * Posts the opt-in. A refusal (an answer other than 00, or a 4xx) carries the API's description; a 5xx, a timeout
 * or a network failure carries none, so the screen says the generic message rather than a server's internals.
 */
export async function storeCashback(
  http: Http,
  props: Pick<PaymentProps, 'merchantCode' | 'paymentId'>,
  value: string,
  signal?: AbortSignal,
): Promise<void> {
  let answer: Record<string, unknown>;
  try {
    answer = await http.post(STORE_TUC_PATH, { merchantCode: props.merchantCode, mobileNumber: value, paymentId: props.paymentId }, { signal });
  } catch (e) {
    if (e instanceof HttpError && e.code === 'http' && e.status < 500) throw new GateRefusal(describedBy(e.body));
    throw new GateRefusal(undefined);
  }
  if (answer.responseCode !== '00') throw new GateRefusal(describedBy(answer));
}
