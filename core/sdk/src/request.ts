import { checkPayFields, displayModeOf, httpOrigin, PAY_RULES } from './payRules';
import type { CheckoutBases, CheckoutError, CheckoutErrorCode, CheckoutMode, DisplayMode } from './types';

/** A request checked and ready to post. */
export interface ValidRequest {
  /** The checkout's origin. */
  base: string;
  displayMode: DisplayMode;
  /** What is posted to `${base}/pay`. */
  fields: Record<string, string>;
}

export type Validation = { ok: true; request: ValidRequest } | { ok: false; error: CheckoutError };

export const CALLBACKS = ['onComplete', 'onClose', 'onLoad', 'onError'] as const;
/** The SDK's own request keys: never posted. */
const SDK_KEYS = new Set<string>(['mode', 'checkoutBase', ...CALLBACKS]);

export function checkoutError(code: CheckoutErrorCode, message: string, field?: string): CheckoutError {
  const error = new Error(message) as CheckoutError;
  error.name = 'CheckoutError';
  error.code = code;
  if (field) error.field = field;
  return error;
}

const invalid = (field: string, message: string): Validation => ({ ok: false, error: checkoutError('INVALID_REQUEST', message, field) });

/**
 * Checks a merchant's request before anything opens (CONTRACT §2, plus the SDK's own keys), and finds the
 * checkout's base: `checkoutBase` when given, otherwise the base known for `mode`.
 * `pageOrigin` is the merchant page's origin: in INLINE and POPUP the SDK posts it as `opener_origin`, the only
 * origin the checkout's messages go to (CONTRACT §6), so site_redirect_url may be left out or be on any origin.
 */
export function validateRequest(request: unknown, pageOrigin: string, bases: CheckoutBases): Validation {
  if (!request || typeof request !== 'object') return invalid('request', 'The request must be an object of pay fields and callbacks.');
  const r = request as Record<string, unknown>;
  for (const name of CALLBACKS) {
    if (r[name] !== undefined && typeof r[name] !== 'function') return invalid(name, `${name} must be a function.`);
  }

  const mode = String(r.mode ?? '').toUpperCase() as CheckoutMode;
  if (mode !== 'TEST' && mode !== 'LIVE') return invalid('mode', 'mode is required: TEST or LIVE.');
  let base: string;
  if (r.checkoutBase !== undefined) {
    base = httpOrigin(r.checkoutBase);
    if (!base) return invalid('checkoutBase', 'checkoutBase must be an http: or https: URL, e.g. https://checkout.example.com.');
  } else {
    base = bases[mode] ?? '';
    if (!base) {
      const known = Object.keys(bases);
      return known.length
        ? invalid(
            'mode',
            `No ${mode} checkout is known to this script (it serves ${known.join(' and ')}): load the ${mode} checkout's script, or set checkoutBase.`,
          )
        : invalid('checkoutBase', 'checkoutBase is required: the origin of the checkout to open.');
    }
  }

  const displayMode = displayModeOf(String(r.display_mode ?? 'INLINE'));
  if (!displayMode) return invalid('display_mode', 'display_mode must be INLINE, POPUP or REDIRECT.');

  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(r)) {
    if (SDK_KEYS.has(name) || value === undefined || value === null) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      return invalid(name, `${name} must be text or a number.`);
    const text = String(value).trim();
    if (text) fields[name] = text;
  }
  fields.display_mode = displayMode;
  // Only the SDK says who opened the checkout (REDIRECT never reads it). A page without an http(s) origin (a file,
  // a sandboxed frame) is refused below, naming opener_origin.
  if (displayMode !== 'REDIRECT') fields.opener_origin = pageOrigin;

  // The checkout's own rules (the schema it checks POST /pay with), so nothing opens for a request it would refuse.
  const [issue] = checkPayFields(fields);
  if (issue) return invalid(issue.field, `${issue.message}: ${PAY_RULES[issue.field].description}`);
  return { ok: true, request: { base, displayMode, fields } };
}
