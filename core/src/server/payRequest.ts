import type { DisplayMode } from '../props';
import { isSafeRedirectUrl } from '../state/completion';
import { CURRENCIES } from '../money';

/** A merchant's pay request (CONTRACT §2), validated. */
export interface PayRequest {
  merchant_code: string;
  pay_item_id: string;
  txn_ref: string;
  amount: number;
  currency: string;
  site_redirect_url: string;
  site_origin: string;
  display_mode: DisplayMode;
  cust_email?: string;
  cust_name?: string;
  cust_id?: string;
  cust_mobile_no?: string;
  pay_item_name?: string;
  access_token?: string;
  access_token_type?: string;
  /** Sandbox-only merchant configuration, passed through untouched. */
  sandbox: Record<string, string>;
}

export const SANDBOX_FIELDS = [
  'acquirer', 'channels', 'country', 'surcharge', 'pass_fee', 'escrow_fee', 'cancellation_period', 'refund_duration',
  'tuc_reward_percentage', 'tuc_reward_description', 'bulk', 'logo_url', 'cybersource_org_id', 'cybersource_merchant_id',
] as const;

/** Codes and references: as the SDK checks them, 64 characters at most. */
const CODE = /^[A-Za-z0-9_.:-]{1,64}$/;
/** Longest customer or item text field, characters. */
export const MAX_TEXT_CHARS = 200;
/** Longest site_redirect_url, characters (what browsers and proxies reliably carry). */
export const MAX_URL_CHARS = 2048;
/** Longest access token (a signed token is a few hundred characters), characters. */
export const MAX_TOKEN_CHARS = 4096;
/** Longest of each optional field, characters. */
const OPTIONAL_MAX_CHARS: Record<string, number> = {
  cust_email: MAX_TEXT_CHARS,
  cust_name: MAX_TEXT_CHARS,
  cust_id: MAX_TEXT_CHARS,
  cust_mobile_no: MAX_TEXT_CHARS,
  pay_item_name: MAX_TEXT_CHARS,
  access_token: MAX_TOKEN_CHARS,
  access_token_type: 64,
};

/** The ISO 4217 numeric codes the checkout knows (core's currency table): any other is refused. */
export const isKnownCurrency = (code: string): boolean => Object.hasOwn(CURRENCIES, code);

export type PayRequestResult = { ok: true; request: PayRequest } | { ok: false; errors: string[]; partial: Partial<PayRequest> };

/** Every field checked; a refused request is never sent to the collections API (nothing is charged). */
export function parsePayRequest(fields: Record<string, string | undefined>): PayRequestResult {
  const errors: string[] = [];
  const get = (k: string) => (fields[k] ?? '').trim();
  const required = (k: string, re: RegExp = CODE) => {
    const v = get(k);
    if (!v) errors.push(`${k} is required`);
    else if (!re.test(v)) errors.push(`${k} is invalid`);
    // A malformed value (60 KB of it, or markup) is never kept, not even for the refusal screen.
    return re.test(v) ? v : '';
  };
  const merchant_code = required('merchant_code');
  const pay_item_id = required('pay_item_id');
  const txn_ref = required('txn_ref');
  const amountText = required('amount', /^\d{1,15}$/);
  const amount = Number(amountText);
  if (amountText && !(amount > 0)) errors.push('amount must be positive');
  const currency = required('currency', /^\d{3}$/);
  if (currency && !isKnownCurrency(currency)) errors.push('currency is not supported');
  const site_redirect_url = get('site_redirect_url');
  let site_origin = '';
  if (!site_redirect_url) errors.push('site_redirect_url is required');
  else if (site_redirect_url.length > MAX_URL_CHARS) errors.push('site_redirect_url is too long');
  else if (!isSafeRedirectUrl(site_redirect_url)) errors.push('site_redirect_url must be an absolute http: or https: URL');
  else site_origin = new URL(site_redirect_url).origin;
  const modeText = (get('display_mode') || 'REDIRECT').toUpperCase();
  if (!['REDIRECT', 'INLINE', 'POPUP'].includes(modeText)) errors.push('display_mode must be REDIRECT, INLINE or POPUP');
  const display_mode = (['REDIRECT', 'INLINE', 'POPUP'].includes(modeText) ? modeText : 'REDIRECT') as DisplayMode;
  const optional: Record<string, string | undefined> = {};
  for (const [k, max] of Object.entries(OPTIONAL_MAX_CHARS)) {
    const v = get(k);
    if (v.length > max) errors.push(`${k} is too long`);
    // Nothing over-long is kept, not even for the refusal screen.
    optional[k] = (v.length <= max && v) || undefined;
  }
  if (optional.cust_email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(optional.cust_email)) errors.push('cust_email is invalid');
  const sandbox: Record<string, string> = {};
  for (const k of SANDBOX_FIELDS) if (get(k)) sandbox[k] = get(k).slice(0, MAX_TEXT_CHARS);
  const request: PayRequest = {
    merchant_code, pay_item_id, txn_ref, amount, currency, site_redirect_url: site_origin ? site_redirect_url : '', site_origin, display_mode, ...optional, sandbox,
  };
  return errors.length ? { ok: false, errors, partial: request } : { ok: true, request };
}
