import { declaredOrigin, displayModeOf, MAX_TEXT_CHARS, MAX_URL_CHARS, PAY_FIELDS, PAY_RULES, schemaIssues } from '@oja/sdk/schema';
import type { FieldIssue, PayField, PayRequestFields } from '@oja/sdk/schema';
import type { DisplayMode } from './props';
import { CURRENCIES } from './money';

export { MAX_TEXT_CHARS, MAX_TOKEN_CHARS, MAX_URL_CHARS } from '@oja/sdk/schema';

/** A merchant's pay request (CONTRACT §2), validated: the schema's fields, the amount as a number, and what the server adds. */
export type PayRequest = Omit<PayRequestFields, 'amount' | 'display_mode'> & {
  amount: number;
  /**
   * The merchant's declared origin, the only one messages go to and that may frame the page (declaredOrigin): the
   * opener's origin in INLINE and POPUP opened through the SDK, otherwise site_redirect_url's.
   */
  site_origin: string;
  /** Default REDIRECT. */
  display_mode: DisplayMode;
  /** Sandbox-only merchant configuration, passed through untouched. */
  sandbox: Record<string, string>;
  /**
   * Interswitch's request hash (SHA-512 hex with the merchant's MAC key), passed through to the collections API, which
   * knows the key and checks it: the checkout never can.
   */
  hash?: string;
};

/** The pay field carrying Interswitch's request hash: never checked by the checkout, passed on as sent. */
export const HASH_FIELD = 'hash';
/** Longest hash passed on, characters: a SHA-512 hex digest is 128; anything longer is wrong anyway. */
export const MAX_HASH_CHARS = 256;

/**
 * The sandbox-only fields of CONTRACT §2 (and the merchant's logo and bulk payment): core's. An installed plugin's
 * sandbox part names its own (SandboxPart.requestFields).
 */
export const SANDBOX_FIELDS: readonly string[] = [
  'acquirer',
  'channels',
  'country',
  'surcharge',
  'pass_fee',
  'escrow_fee',
  'cancellation_period',
  'refund_duration',
  'tuc_reward_percentage',
  'tuc_reward_description',
  'bulk',
  'logo_url',
];

/**
 * Longest value of a sandbox-only field, characters, where it is not MAX_TEXT_CHARS: the merchant's logo is a URL
 * (the URL rule of site_redirect_url). A longer value is left out, never cut: a cut URL is another URL.
 */
export const SANDBOX_FIELD_MAX_CHARS: Readonly<Record<string, number>> = { logo_url: MAX_URL_CHARS };

/** Core's sandbox-only fields and those of the installed plugins' sandbox parts, each once. */
export function sandboxFieldsOf(plugins: ReadonlyArray<{ sandbox?: { requestFields?: readonly string[] } }>): readonly string[] {
  return [...new Set([...SANDBOX_FIELDS, ...plugins.flatMap((p) => p.sandbox?.requestFields ?? [])])];
}

/** The optional text fields of CONTRACT §2. */
const OPTIONAL_FIELDS = PAY_FIELDS.filter((f) => !('required' in PAY_RULES[f]) && f !== 'display_mode' && f !== 'opener_origin');

/**
 * The ISO 4217 numeric codes the checkout knows (core's currency table): any other is refused. The server's rule,
 * not the schema's: an SDK already on a merchant's page must not refuse a currency the checkout learns later.
 */
export const isKnownCurrency = (code: string): boolean => Object.hasOwn(CURRENCIES, code);

/**
 * A refused request says which fields broke which rule (`issues`, in field order; `errors` their messages): what the
 * merchant is told (CONTRACT §6), never the payer.
 */
export type PayRequestResult =
  | { ok: true; request: PayRequest }
  | { ok: false; errors: string[]; issues: FieldIssue[]; partial: Partial<PayRequest> };

/**
 * Every field checked against the pay request's schema (@oja/sdk/schema, the SDK's too) and the currency table;
 * a refused request is never sent to the collections API (nothing is charged). The sandbox-only fields kept are
 * `sandboxFields` (default core's; the server's are sandboxFieldsOf its plugins).
 */
export function parsePayRequest(fields: Record<string, string | undefined>, sandboxFields: readonly string[] = SANDBOX_FIELDS): PayRequestResult {
  const get = (k: string) => (fields[k] ?? '').trim();
  const input: Record<string, string> = {};
  // display_mode in any case, PAGE as REDIRECT (CONTRACT §6); another value stays as sent, to be refused.
  for (const k of PAY_FIELDS) if (get(k)) input[k] = k === 'display_mode' ? (displayModeOf(get(k)) ?? get(k).toUpperCase()) : get(k);
  const problems = new Map<PayField, string>(schemaIssues(input).map((i) => [i.field, i.message]));
  // A value that breaks a rule (60 KB of it, or markup) is never kept, not even for the refusal screen.
  const kept = (k: PayField) => (problems.has(k) ? '' : (input[k] ?? ''));
  const currency = kept('currency');
  if (currency && !isKnownCurrency(currency)) problems.set('currency', 'currency is not supported');
  const site_redirect_url = kept('site_redirect_url');
  const mode = displayModeOf(kept('display_mode'));
  const optional: Partial<Record<PayField, string>> = {};
  for (const k of OPTIONAL_FIELDS) optional[k] = kept(k) || undefined;
  const sandbox: Record<string, string> = {};
  for (const k of sandboxFields) {
    const value = get(k);
    const max = Object.hasOwn(SANDBOX_FIELD_MAX_CHARS, k) ? SANDBOX_FIELD_MAX_CHARS[k] : undefined;
    if (!value) continue;
    if (max === undefined) sandbox[k] = value.slice(0, MAX_TEXT_CHARS);
    else if (value.length <= max) sandbox[k] = value;
  }
  const request: PayRequest = {
    ...optional,
    merchant_code: kept('merchant_code'),
    pay_item_id: kept('pay_item_id'),
    txn_ref: kept('txn_ref'),
    amount: Number(kept('amount')),
    currency,
    site_redirect_url,
    site_origin: declaredOrigin({ site_redirect_url, display_mode: mode, opener_origin: kept('opener_origin') || undefined }),
    display_mode: mode ?? 'REDIRECT',
    sandbox,
    hash: get(HASH_FIELD).slice(0, MAX_HASH_CHARS) || undefined,
  };
  const issues = PAY_FIELDS.flatMap((field) => (problems.has(field) ? [{ field, message: problems.get(field)! }] : []));
  return issues.length ? { ok: false, errors: issues.map((i) => i.message), issues, partial: request } : { ok: true, request };
}
