import type { CallContext, StatusAnswer, StatusContext } from '@oja/core';
import { HttpError, serverNow } from '@oja/core';
import { DRC_COUNTRY, PAYMENT_PATH, PROVIDERS_PATH, QUERY_PATH, TRANS_TYPE } from './constants';
import { namesMerchantCountry, orderCurrency, walletNumber } from './rules';
import { billerCode } from './timing';

/** A wallet the payer may pay from: one of the providers of the list's billers (companion §7 "countryList"). */
export interface Provider {
  /** The provider's id: the payment call's merchantId. */
  id: string;
  /** Its label, shown in the dropdown and sent as mobileWalletProvider: 'ORANGE'. */
  provider: string;
}

/** A provider id: letters, digits and a few separators, at most 64 (it travels back in the payment call). */
const PROVIDER_ID = /^[\w.:-]{1,64}$/;
/** A label a payer can read: 1 to 60 characters, no control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what a label must not hold.
const PROVIDER_LABEL = /^[^\u0000-\u001f\u007f]{1,60}$/;

/** The list of billers, bare or under `data` (or `billers`). */
function billersOf(res: unknown): unknown[] | null {
  if (Array.isArray(res)) return res;
  if (!res || typeof res !== 'object') return null;
  const { data, billers } = res as { data?: unknown; billers?: unknown };
  return Array.isArray(data) ? data : Array.isArray(billers) ? billers : null;
}

/**
 * The wallets of the DRC (GET countryList?country=CD): the providers of every biller in the list, in its order,
 * each once, without malformed entries. A list whose entries hold no wallet at all is a broken answer.
 */
export async function loadProviders({ http, signal }: CallContext): Promise<Provider[]> {
  const res = await http.get<unknown>(PROVIDERS_PATH, { params: { country: DRC_COUNTRY }, signal });
  const billers = billersOf(res);
  if (!billers) throw new HttpError('Country list answer without a list', 'invalid');
  const seen = new Set<string>();
  const providers: Provider[] = [];
  for (const biller of billers) {
    const list = (biller as { providers?: unknown } | null)?.providers;
    if (!Array.isArray(list)) continue;
    for (const item of list as Array<Record<string, unknown> | null>) {
      const id = typeof item?.id === 'number' ? String(item.id) : item?.id;
      const label = typeof item?.provider === 'string' ? item.provider.trim() : '';
      if (typeof id !== 'string' || !PROVIDER_ID.test(id) || !PROVIDER_LABEL.test(label) || seen.has(id)) continue;
      seen.add(id);
      providers.push({ id, provider: label });
    }
  }
  if (!providers.length) throw new HttpError('Country list answer without a wallet', 'invalid');
  return providers;
}

/** The API's answer, with its code and data (companion §7), as a result the shell and the merchant read. */
export interface WalletAnswer {
  code: string;
  /** The whole answer, flattened: its data's fields, responseCode and responseDescription. */
  response: Record<string, unknown> & { responseCode: string };
}

/**
 * The answer of the payment call or the query: `code` and `data`. The data's fields (paymentReference, amount…) and
 * the description become the result's, so the merchant's result (payRef, desc…) carries them.
 */
export function readAnswer(res: unknown): WalletAnswer {
  const r = (res && typeof res === 'object' ? res : {}) as Record<string, unknown>;
  const code = r.code ?? r.responseCode;
  if (typeof code !== 'string' || !code) throw new HttpError('Mobile wallet answer without a code', 'invalid');
  const data = r.data && typeof r.data === 'object' && !Array.isArray(r.data) ? (r.data as Record<string, unknown>) : {};
  const description = r.description ?? r.responseDescription ?? r.message ?? data.responseDescription;
  return {
    code,
    response: { ...data, ...(typeof description === 'string' && { responseDescription: description }), responseCode: code },
  };
}

/** What the payer chose and typed on the form. */
export interface WalletChoice {
  provider: Provider;
  /** The number or wallet ID as typed. */
  number: string;
}

/** The payment call's body (companion §7 "POST /api/v2/mobile-wallet/payment"). */
export function paymentBody({ props }: Pick<CallContext, 'props'>, { provider, number }: WalletChoice): Record<string, unknown> {
  return {
    merchantCode: props.merchantCode,
    payableCode: props.payableCode,
    transactionReference: props.merchantTransactionReference,
    paymentId: String(props.paymentId),
    // "orderId (timestamp string)": when the order was placed, on the server's clock.
    orderId: String(serverNow()),
    orderAmount: props.checkoutAmount,
    orderCurrency: orderCurrency(props.currencyCode),
    customerMobileNumber: walletNumber(provider.provider, number),
    mobileWalletProvider: provider.provider,
    merchantId: provider.id,
    transType: TRANS_TYPE,
    ...(namesMerchantCountry(provider.provider) && { merchantCountry: DRC_COUNTRY }),
  };
}

/** Asks the wallet to send the payer a USSD prompt (the payment call). */
export async function payFromWallet(ctx: CallContext, choice: WalletChoice): Promise<WalletAnswer> {
  const res = await ctx.http.post<unknown>(PAYMENT_PATH, paymentBody(ctx, choice), { signal: ctx.signal });
  return readAnswer(res);
}

/** What the status check reads of its visit (visit.ts): the biller the USSD page waits on. */
export interface StatusVisitState {
  biller: string;
}

/** The payment's status from the wallet (the query), for the biller of the visit that asks (companion §7). */
export async function checkStatus({ http, props, signal, visit }: StatusContext<StatusVisitState>): Promise<StatusAnswer> {
  const biller = visit && !visit.ended ? visit.state.biller : '';
  if (!biller) throw new HttpError('No biller chosen', 'invalid');
  const res = await http.post<unknown>(QUERY_PATH, { paymentId: String(props.paymentId), mobileWalletProvider: billerCode(biller) }, { signal });
  return readAnswer(res);
}
