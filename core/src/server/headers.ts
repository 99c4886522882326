import type { DisplayMode } from '../props';

export interface PolicyInput {
  displayMode: DisplayMode;
  /** The merchant's declared origin ('' when unknown). */
  siteOrigin: string;
  /** Origin of the collections API when it is not this server. */
  apiOrigin?: string;
  /** Extra frame sources a channel needs (3-D Secure issuers, wallet pages). */
  frameSources?: string[];
}

/**
 * The page's Content-Security-Policy: no inline script, no eval, styles from our files only; the form POST may
 * go only to the merchant's origin; only an INLINE page may be framed, and only by the declared origin.
 */
export function contentSecurityPolicy(p: PolicyInput): string {
  const origin = /^https?:\/\/[^\s;,'"]+$/.test(p.siteOrigin) ? p.siteOrigin : '';
  const api = p.apiOrigin ? ` ${p.apiOrigin}` : '';
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self'${api}`,
    `frame-src 'self'${(p.frameSources ?? []).map((s) => ` ${s}`).join('')}`,
    `form-action 'self'${origin ? ` ${origin}` : ''}`,
    "base-uri 'none'",
    "object-src 'none'",
    `frame-ancestors ${p.displayMode === 'INLINE' && origin ? origin : "'none'"}`,
  ].join('; ');
}

/** Headers of every checkout page. */
export function pageHeaders(p: PolicyInput): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': contentSecurityPolicy(p),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': p.displayMode === 'POPUP' ? 'unsafe-none' : 'same-origin-allow-popups',
  };
}
