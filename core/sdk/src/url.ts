/**
 * What an http: or https: URL is, alone in its module (`@oja/sdk/url`): the pay request's redirect rule
 * (src/payRules.ts), the SDK's bases, and the checkout's own refusal to POST a result anywhere else
 * (core/src/state/completion.ts, on the initial route, where the rest of the rules would be dead weight).
 */

/** An http: or https: URL's origin, or '' for anything else. */
export function httpOrigin(url: unknown): string {
  try {
    const u = new URL(String(url));
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : '';
  } catch {
    return '';
  }
}

export const isHttpUrl = (url: string): boolean => httpOrigin(url) !== '';

/** An http: or https: origin as the browser writes it (`https://shop.example`, no path, no trailing slash). */
export const isHttpOrigin = (origin: string): boolean => !!origin && httpOrigin(origin) === origin;
