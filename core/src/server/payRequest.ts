import type { DisplayMode } from '../props';
import { isSafeRedirectUrl } from '../state/completion';

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
  'tuc_reward_percentage', 'tuc_reward_description', 'bulk', 'logo_url',
] as const;

const CODE = /^[A-Za-z0-9_.:-]{1,64}$/;
const MAX_TEXT = 200;

export type PayRequestResult = { ok: true; request: PayRequest } | { ok: false; errors: string[]; partial: Partial<PayRequest> };

/** Every field checked; a refused request is never sent to the collections API (nothing is charged). */
export function parsePayRequest(fields: Record<string, string | undefined>): PayRequestResult {
  const errors: string[] = [];
  const get = (k: string) => (fields[k] ?? '').trim();
  const required = (k: string, re: RegExp = CODE) => {
    const v = get(k);
    if (!v) errors.push(`${k} is required`);
    else if (!re.test(v)) errors.push(`${k} is invalid`);
    return v;
  };
  const merchant_code = required('merchant_code');
  const pay_item_id = required('pay_item_id');
  const txn_ref = required('txn_ref');
  const amountText = required('amount', /^\d{1,15}$/);
  const amount = Number(amountText);
  if (amountText && /^\d{1,15}$/.test(amountText) && !(amount > 0)) errors.push('amount must be positive');
  const currency = required('currency', /^\d{3}$/);
  const site_redirect_url = get('site_redirect_url');
  let site_origin = '';
  if (!site_redirect_url) errors.push('site_redirect_url is required');
  else if (!isSafeRedirectUrl(site_redirect_url)) errors.push('site_redirect_url must be an absolute http: or https: URL');
  else site_origin = new URL(site_redirect_url).origin;
  const modeText = (get('display_mode') || 'REDIRECT').toUpperCase();
  if (!['REDIRECT', 'INLINE', 'POPUP'].includes(modeText)) errors.push('display_mode must be REDIRECT, INLINE or POPUP');
  const display_mode = (['REDIRECT', 'INLINE', 'POPUP'].includes(modeText) ? modeText : 'REDIRECT') as DisplayMode;
  const optional: Record<string, string | undefined> = {};
  for (const k of ['cust_email', 'cust_name', 'cust_id', 'cust_mobile_no', 'pay_item_name', 'access_token', 'access_token_type']) {
    const v = get(k);
    if (v.length > MAX_TEXT) errors.push(`${k} is too long`);
    optional[k] = v || undefined;
  }
  if (optional.cust_email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(optional.cust_email)) errors.push('cust_email is invalid');
  const sandbox: Record<string, string> = {};
  for (const k of SANDBOX_FIELDS) if (get(k)) sandbox[k] = get(k).slice(0, MAX_TEXT);
  const request: PayRequest = {
    merchant_code, pay_item_id, txn_ref, amount, currency, site_redirect_url, site_origin, display_mode, ...optional, sandbox,
  };
  return errors.length ? { ok: false, errors, partial: request } : { ok: true, request };
}
