import type { CallContext, StatusAnswer } from '@oja/core';
import { HttpError, serverNow } from '@oja/core';
import { checkStatusAt, paymentFields } from '@oja/core/calls';

/** The generated account (spec core §3 "Transfer account"). */
export interface TransferAccount {
  accountNumber: string;
  bankName: string;
  accountName: string;
  validityPeriodMins: number;
  /** When it was generated, on the server's clock (ms): its validity runs from here. */
  generatedAt: number;
}

export async function generateAccount({ http, props, signal }: CallContext): Promise<TransferAccount> {
  const res = await http.post<Partial<TransferAccount> & { responseCode?: string }>('/api/v1/virtualaccount/generate', paymentFields(props), {
    signal,
  });
  const valid =
    typeof res.accountNumber === 'string' &&
    /^\d{6,20}$/.test(res.accountNumber) &&
    typeof res.bankName === 'string' &&
    typeof res.accountName === 'string' &&
    Number(res.validityPeriodMins) > 0;
  if (!valid || (res.responseCode && res.responseCode !== '00')) throw new HttpError('Unexpected account answer', 'invalid');
  return {
    accountNumber: res.accountNumber!,
    bankName: res.bankName!,
    accountName: res.accountName!,
    validityPeriodMins: Number(res.validityPeriodMins),
    generatedAt: serverNow(),
  };
}

export function checkStatus(ctx: CallContext): Promise<StatusAnswer> {
  return checkStatusAt('/api/v1/virtualaccount/status', ctx);
}
