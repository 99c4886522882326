import type { DisplayMode } from '@oja/core';
import type { PolicySources } from './sources';

/**
 * The checkout's endpoint for the browser's Content-Security-Policy violation reports, named by `report-uri`.
 * Not `report-to`: Chromium then ignores `report-uri` and sends through the Reporting API, which batches reports
 * for up to a minute (and sent none at all from http://127.0.0.1 in our browser tests); every current browser
 * still sends `report-uri` reports at once. The endpoint reads the Reporting API's format too.
 */
export const CSP_REPORT_PATH = '/csp-report';

export interface PolicyInput {
  displayMode: DisplayMode;
  /** The merchant's declared origin ('' when unknown). */
  siteOrigin: string;
  /** Origin of the collections API when it is not this server. */
  apiOrigin?: string;
  /**
   * The outside sources of the channels the payment can use (paymentSources), by directive: none on a page
   * outside a payment.
   */
  sources?: PolicySources;
  /** Hashes ('sha256-…') of the page's inline scripts that are data, never code: its import map. */
  scriptHashes?: string[];
  /** Hashes ('sha256-…') of the page's inline stylesheets: the build's own, put inline by the render. */
  styleHashes?: string[];
  /** Where violations are reported; default CSP_REPORT_PATH, '' for none. */
  reportPath?: string;
}

/** The report path the policy names: a plain absolute path, or none. */
const reportPathOf = (p: PolicyInput) => {
  const path = p.reportPath ?? CSP_REPORT_PATH;
  return /^\/[\w/-]*$/.test(path) ? path : '';
};
const HASH = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/;
/** A source list after its fixed sources; anything carrying a space, quote or separator is dropped. */
const extra = (sources: readonly string[] | undefined) =>
  (sources ?? [])
    .filter((s) => /^[^\s;,'"]+$/.test(s))
    .map((s) => ` ${s}`)
    .join('');

/**
 * The page's Content-Security-Policy: no inline script but the hashed import map, no eval, styles from our files
 * only (inline ones by their hash); outside sources only those of the payment's channels; the form POST may go only to the merchant's
 * origin; only an INLINE page may be framed, and only by the declared origin; violations are reported.
 */
export function contentSecurityPolicy(p: PolicyInput): string {
  const origin = /^https?:\/\/[^\s;,'"]+$/.test(p.siteOrigin) ? p.siteOrigin : '';
  const api = p.apiOrigin ? ` ${p.apiOrigin}` : '';
  const hashesOf = (list: string[] | undefined) =>
    (list ?? [])
      .filter((h) => HASH.test(h))
      .map((h) => ` '${h}'`)
      .join('');
  const hashes = hashesOf(p.scriptHashes);
  const src = p.sources ?? {};
  const report = reportPathOf(p);
  return [
    "default-src 'none'",
    `script-src 'self'${hashes}${extra(src.script)}`,
    `style-src 'self'${hashesOf(p.styleHashes)}`,
    `img-src 'self' data: https:${extra(src.img?.filter((s) => s !== 'https:'))}`,
    "font-src 'self'",
    `connect-src 'self'${api}${extra(src.connect)}`,
    `frame-src 'self'${extra(src.frame)}`,
    `form-action 'self'${origin ? ` ${origin}` : ''}`,
    "base-uri 'none'",
    "object-src 'none'",
    `frame-ancestors ${p.displayMode === 'INLINE' && origin ? origin : "'none'"}`,
    ...(report ? [`report-uri ${report}`] : []),
  ].join('; ');
}

/**
 * Headers of every checkout page. No Cross-Origin-Opener-Policy: a POPUP must keep its opener (it posts COMPLETED to
 * it), and on the other pages it costs the payer a renderer: a document whose COOP differs from the one before it
 * (the merchant's page, a new tab) is moved to a new browsing context group, a new process, and Chrome on Android
 * isolates every site that sends it. Measured in `npm run bench`'s setup: 28 ms more to the first paint (24 rounds,
 * paired medians), a tenth of the floor. What COOP would guard against is covered otherwise: no page can be framed
 * but by the INLINE merchant (frame-ancestors), every message goes to one exact origin, and links the page opens
 * carry noopener.
 */
export function pageHeaders(p: PolicyInput): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': contentSecurityPolicy(p),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}
