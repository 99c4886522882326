import type { NonCardOption, PaymentProps, PayItem } from './props';

/** What reading the collections API's pay-page answer came to: the payment's properties, or what was wrong. */
export type PaymentPropsResult = { ok: true; props: PaymentProps } | { ok: false; problems: string[] };

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function readOption(v: unknown): NonCardOption | undefined {
  if (!isRecord(v) || typeof v.providerCode !== 'string' || typeof v.enabled !== 'boolean') return undefined;
  const option: NonCardOption = { providerCode: v.providerCode, enabled: v.enabled };
  if (typeof v.payableCode === 'string') option.payableCode = v.payableCode;
  if (isRecord(v.additionalInformation)) option.additionalInformation = v.additionalInformation;
  return option;
}

function readPayItem(v: unknown): PayItem | undefined {
  if (!isRecord(v)) return undefined;
  const problems: string[] = [];
  const f = fieldReader(v, problems);
  const item: PayItem = {
    name: f.text('name'),
    amount: f.number('amount'),
    currencyCode: f.text('currencyCode'),
    payableCode: f.text('payableCode'),
    merchantCode: f.text('merchantCode'),
    transactionReference: f.text('transactionReference'),
  };
  return problems.length ? undefined : item;
}

/** Reads one field after another of an answer, noting each that is missing or of the wrong kind. */
function fieldReader(answer: Record<string, unknown>, problems: string[]) {
  const absent = (k: string) => answer[k] === undefined || answer[k] === null;
  const fail = (k: string, what: string) => {
    problems.push(`${k}: not ${what}`);
    return undefined;
  };
  // Ids and codes the API may send as numbers are read as text; amounts sent as text, as numbers.
  const text = (k: string): string | undefined => {
    const v = answer[k];
    if (typeof v === 'string') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    return fail(k, 'text');
  };
  const number = (k: string): number | undefined => {
    const v = answer[k];
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    return typeof n === 'number' && Number.isFinite(n) ? n : fail(k, 'a number');
  };
  const flag = (k: string): boolean | undefined => (typeof answer[k] === 'boolean' ? (answer[k] as boolean) : fail(k, 'true or false'));
  return {
    /** Must be there. */
    text: (k: string) => text(k) ?? '',
    number: (k: string) => number(k) ?? 0,
    /** May be left out (then `fallback`), never of another kind. */
    textOr: (k: string, fallback: string) => (absent(k) ? fallback : (text(k) ?? fallback)),
    numberOr: (k: string, fallback: number) => (absent(k) ? fallback : (number(k) ?? fallback)),
    flagOr: (k: string, fallback: boolean) => (absent(k) ? fallback : (flag(k) ?? fallback)),
    optText: (k: string) => (absent(k) ? undefined : text(k)),
    optNumber: (k: string) => (absent(k) ? undefined : number(k)),
    optFlag: (k: string) => (absent(k) ? undefined : flag(k)),
    list: <T>(k: string, item: (v: unknown) => T | undefined, optional = false): T[] | undefined => {
      if (optional && absent(k)) return undefined;
      const v = answer[k];
      const items = Array.isArray(v) ? v.map(item) : undefined;
      if (!items || items.some((i) => i === undefined)) return fail(k, 'a list of its items');
      return items as T[];
    },
  };
}

const readCode = (v: unknown) => (typeof v === 'string' ? v : undefined);
const DISPLAY_MODES: ReadonlyArray<PaymentProps['displayMode']> = ['REDIRECT', 'INLINE', 'POPUP'];

/**
 * The collections API's pay-page answer read at the seam: every field of PaymentProps checked for its kind, lists
 * item by item, nothing else kept. The payment's identity, amount, currency, code and channels must be there; what an
 * API may leave out takes its neutral value (no surcharge, the amount as the checkout amount, no acquirer). An answer that is not what the checkout needs is the API's fault, never the
 * payer's: the caller says so as a temporary failure.
 */
export function readPaymentProps(answer: unknown): PaymentPropsResult {
  if (!isRecord(answer)) return { ok: false, problems: ['not an object'] };
  const problems: string[] = [];
  const f = fieldReader(answer, problems);
  // What the checkout chose from the pay request (display mode, return URL and its origin) replaces the answer's.
  const displayMode = DISPLAY_MODES.find((m) => m === answer.displayMode) ?? 'REDIRECT';
  const amount = f.number('amount');
  const props: PaymentProps = {
    merchantCode: f.text('merchantCode'),
    paymentId: f.text('paymentId'),
    payableCode: f.textOr('payableCode', ''),
    merchantTransactionReference: f.textOr('merchantTransactionReference', ''),
    transactionType: f.optText('transactionType'),
    transactionDate: f.optText('transactionDate'),
    amount,
    checkoutAmount: f.numberOr('checkoutAmount', amount),
    surcharge: f.numberOr('surcharge', 0),
    currencyCode: f.text('currencyCode'),
    countryCode: f.textOr('countryCode', ''),
    passFeeToCustomer: f.flagOr('passFeeToCustomer', false),
    merchantName: f.textOr('merchantName', ''),
    customerId: f.optText('customerId'),
    customerName: f.optText('customerName'),
    customerEmail: f.optText('customerEmail'),
    customerMobileNo: f.optText('customerMobileNo'),
    payItemName: f.optText('payItemName'),
    siteRedirectUrl: f.textOr('siteRedirectUrl', ''),
    siteOrigin: f.textOr('siteOrigin', ''),
    displayMode,
    responseCode: f.text('responseCode'),
    isSinglePaymentMode: f.optFlag('isSinglePaymentMode'),
    logoUrl: f.optText('logoUrl'),
    acquiredBy: f.textOr('acquiredBy', ''),
    isBulkPayment: f.optFlag('isBulkPayment'),
    payItems: f.list('payItems', readPayItem, true),
    accessToken: f.optText('accessToken'),
    accessTokenType: f.optText('accessTokenType'),
    paymentChannels: f.list('paymentChannels', readCode) ?? [],
    nonCardOptions: f.list('nonCardOptions', readOption, true) ?? [],
    escrowFee: f.optNumber('escrowFee'),
    cancellationPeriod: f.optNumber('cancellationPeriod'),
    refundDuration: f.optNumber('refundDuration'),
    tucRewardPercentage: f.optNumber('tucRewardPercentage'),
    tucRewardDescription: f.optText('tucRewardDescription'),
    tucAccepted: f.optFlag('tucAccepted'),
    escrowAccepted: f.optFlag('escrowAccepted'),
    cybersourceOrgId: f.optText('cybersourceOrgId'),
    cybersourceMerchantId: f.optText('cybersourceMerchantId'),
  };
  // Fields the answer leaves out stay out (not `undefined`): the page data carries what the API said.
  for (const key of Object.keys(props) as Array<keyof PaymentProps>) if (props[key] === undefined) delete props[key];
  return problems.length ? { ok: false, problems } : { ok: true, props };
}
