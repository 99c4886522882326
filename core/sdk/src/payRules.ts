/**
 * The rules of a payment request (CONTRACT §2) and the result's fields (CONTRACT §3), as data: the one place
 * they are written. The schema (src/schema.ts, `@oja/sdk/schema`, the server's check of `POST /pay` and the
 * published JSON Schemas) is built from them with valibot; the SDK checks a merchant's request with
 * `checkPayFields` below, which reads the same rules without the library (the served script's 5 KiB budget has
 * no room for it) and is tested to agree with the schema on every case (src/schema.test.ts).
 */

import { httpOrigin, isHttpOrigin, isHttpUrl } from './url';

/** Longest customer or item text field, characters. */
export const MAX_TEXT_CHARS = 200;
/** Longest site_redirect_url, characters (what browsers and proxies reliably carry). */
export const MAX_URL_CHARS = 2048;
/** Longest access token (a signed token is a few hundred characters), characters. */
export const MAX_TOKEN_CHARS = 4096;
/** Longest access_token_type, characters. */
export const MAX_TOKEN_TYPE_CHARS = 64;
/** How the checkout opens (CONTRACT §2 display_mode), in upper case. */
export const DISPLAY_MODES = ['REDIRECT', 'INLINE', 'POPUP'] as const;
/** How the checkout opens: in place of the page, over the merchant's page, or in a popup window. */
export type DisplayMode = (typeof DISPLAY_MODES)[number];
export const isDisplayMode = (mode: string): mode is DisplayMode => (DISPLAY_MODES as readonly string[]).includes(mode);
/**
 * Other spellings of a display mode that Interswitch's Web Checkout integrations send (in upper case): their web
 * redirect forms post `display_mode=PAGE` (CONTRACT §6). docs/decisions.md has the mapping.
 */
export const DISPLAY_MODE_ALIASES: Readonly<Record<string, DisplayMode>> = { PAGE: 'REDIRECT' };
/** A display_mode as sent, in any case and with any spelling of DISPLAY_MODE_ALIASES; undefined for anything else. */
export function displayModeOf(sent: string): DisplayMode | undefined {
  const mode = sent.trim().toUpperCase();
  return isDisplayMode(mode) ? mode : Object.hasOwn(DISPLAY_MODE_ALIASES, mode) ? DISPLAY_MODE_ALIASES[mode] : undefined;
}

/** Rules no regular expression states, named so that the JSON Schema can state them its own way. */
export { httpOrigin, isHttpOrigin, isHttpUrl } from './url';
export const isPositiveAmount = (digits: string): boolean => Number(digits) > 0;

/** One pay field's rules, checked in this order; the messages are the server's errors. */
export interface FieldRule {
  /** Missing: "<field> is required". */
  required?: true;
  /** Longest value, characters; longer: "<field> is too long". */
  max?: number;
  /** What the value matches; otherwise `message`. */
  pattern?: RegExp;
  /** The values allowed; otherwise `message`. */
  values?: readonly string[];
  /** Default "<field> is invalid". */
  message?: string;
  /** A last rule, and its message. */
  check?: readonly [(value: string) => boolean, string];
  /** What the field holds (the JSON Schema's description; the SDK's errors end with it). */
  description: string;
}

/** Codes and references: letters, digits and _ . : -, 64 characters at most. */
const CODE = /^[A-Za-z0-9_.:-]{1,64}$/;
const CODE_TEXT = 'letters, digits and _ . : - (at most 64)';
const text = (description: string, max: number): FieldRule => ({ max, description: `${description} (at most ${max} characters).` });

/** The pay fields of CONTRACT §2, in the order their problems are listed. The sandbox's fields are the server's. */
export const PAY_RULES = {
  merchant_code: { required: true, pattern: CODE, description: `The merchant: ${CODE_TEXT}.` },
  pay_item_id: { required: true, pattern: CODE, description: `The payable code: ${CODE_TEXT}.` },
  txn_ref: { required: true, pattern: CODE, description: `The merchant's transaction reference, unique per merchant: ${CODE_TEXT}.` },
  amount: {
    required: true,
    // Digits only, 15 at most (beyond, a double loses whole units).
    pattern: /^\d{1,15}$/,
    check: [isPositiveAmount, 'amount must be positive'],
    description: 'Minor units, a positive whole number (150000 for 1,500.00).',
  },
  currency: { required: true, pattern: /^\d{3}$/, description: 'The ISO 4217 numeric code: 566 NGN, 840 USD, 800 UGX, 976 CDF, 404 KES…' },
  site_redirect_url: {
    // Except in an INLINE or POPUP request that names its opener_origin (redirectUrlOptional).
    required: true,
    max: MAX_URL_CHARS,
    check: [isHttpUrl, 'site_redirect_url must be an absolute http: or https: URL'],
    description: `An absolute http: or https: URL (at most ${MAX_URL_CHARS} characters), required for REDIRECT.`,
  },
  opener_origin: {
    // An origin as the browser writes it (isHttpOrigin): scheme, host and port, nothing after.
    pattern: /^https?:\/\/[^/?#\s]+$/,
    description: 'Set by the SDK.',
  },
  display_mode: {
    values: DISPLAY_MODES,
    message: 'display_mode must be REDIRECT, INLINE or POPUP',
    description: 'REDIRECT (the default), INLINE or POPUP (the checkout reads any case).',
  },
  cust_email: {
    max: MAX_TEXT_CHARS,
    pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
    description: `The customer's e-mail address (at most ${MAX_TEXT_CHARS} characters).`,
  },
  cust_name: text("The customer's name", MAX_TEXT_CHARS),
  cust_id: text("The customer's id", MAX_TEXT_CHARS),
  cust_mobile_no: text("The customer's mobile number", MAX_TEXT_CHARS),
  pay_item_name: text('What is paid for', MAX_TEXT_CHARS),
  access_token: text('Wallet sign-in by token', MAX_TOKEN_CHARS),
  access_token_type: text("The access token's type", MAX_TOKEN_TYPE_CHARS),
} satisfies Record<string, FieldRule>;

export type PayField = keyof typeof PAY_RULES;
export const PAY_FIELDS = Object.keys(PAY_RULES) as PayField[];
const RULES: Record<PayField, FieldRule> = PAY_RULES;

/**
 * CONTRACT §6: an INLINE or POPUP request that names the origin of the page that opened it (the SDK adds
 * opener_origin) needs no site_redirect_url, its messages go to that origin. REDIRECT always needs one.
 * `fields` as for checkPayFields.
 */
export function redirectUrlOptional(fields: Readonly<Record<string, string>>): boolean {
  const mode = Object.hasOwn(fields, 'display_mode') ? fields.display_mode : 'REDIRECT';
  return (mode === 'INLINE' || mode === 'POPUP') && Object.hasOwn(fields, 'opener_origin');
}

/**
 * The origin the checkout's messages go to, and the only one that may frame it (CONTRACT §3, §6): in INLINE and
 * POPUP the opener's origin when the request names one, otherwise site_redirect_url's. Never the opener's in
 * REDIRECT, where the result is a form POST to site_redirect_url. '' when neither is a valid origin.
 */
export function declaredOrigin(fields: Readonly<Record<string, string | undefined>>): string {
  const opener = fields.opener_origin ?? '';
  const mode = fields.display_mode ?? 'REDIRECT';
  if ((mode === 'INLINE' || mode === 'POPUP') && isHttpOrigin(opener)) return opener;
  return fields.site_redirect_url ? httpOrigin(fields.site_redirect_url) : '';
}

/** A broken rule: the field and the server's message for it. */
export interface FieldIssue {
  field: PayField;
  message: string;
}

/**
 * Every field's first broken rule, in field order; none for a valid request. `fields` are trimmed text with the
 * empty ones left out, display_mode as displayModeOf reads it; other fields are ignored.
 */
export function checkPayFields(fields: Readonly<Record<string, string>>): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const field of PAY_FIELDS) {
    const rule = RULES[field];
    const value = Object.hasOwn(fields, field) ? fields[field] : undefined;
    const fail = (message: string) => issues.push({ field, message });
    if (value === undefined) {
      if (rule.required && !(field === 'site_redirect_url' && redirectUrlOptional(fields))) fail(`${field} is required`);
    } else if (rule.max !== undefined && value.length > rule.max) fail(`${field} is too long`);
    else if ((rule.pattern && !rule.pattern.test(value)) || (rule.values && !rule.values.includes(value)))
      fail(rule.message ?? `${field} is invalid`);
    else if (rule.check && !rule.check[0](value)) fail(rule.check[1]);
  }
  return issues;
}

/** The result fields of CONTRACT §3, in order. */
export const RESULT_FIELDS = [
  'payRef',
  'txnref',
  'amount',
  'apprAmt',
  'resp',
  'desc',
  'retRef',
  'cardNum',
  'mac',
  'bpResp',
  'bpTrxnRef',
  'rechPin',
] as const;

/**
 * The result fields of CONTRACT §3 (`payRef`, `txnref`, `amount`, `apprAmt`, `resp`, `desc`, `retRef`, `cardNum`,
 * `mac`, `bpResp`, `bpTrxnRef`, `rechPin`), as the checkout sends them: all strings. `resp` `00` is a success,
 * `Z6` cancelled, `XS1` expired; `amount` and `apprAmt` are the approved amount in minor units (`0` unless `00`).
 */
export type CheckoutResult = Record<(typeof RESULT_FIELDS)[number], string>;
