import { createHash } from 'node:crypto';
import type { PageAssets } from './render';

/**
 * Subresource Integrity of the page's scripts and stylesheets (PCI DSS 6.4.3, 11.6.1). Every tag the page
 * renders carries `integrity`; the modules the browser fetches by itself (the entry's static imports, every
 * lazy screen's `import()` and its imports) get theirs from the page's import map, whose `integrity` entries
 * Chromium, Firefox and Safari apply to every module fetch: esbuild's `import()` of a chunk cannot carry an
 * integrity attribute, and an import map covers it without any change to the loading code. The stylesheets the
 * shell inserts later take theirs from the page data (PageEnv.integrity).
 */

/**
 * The lazily loaded parts a payment may load: its channels' screens and lazy modules (build keys `<id>`,
 * `<id>-<file>`), core's own parts, the screens of the gates it meets (`gate-<id>`) and its branding's (`branding-<id>`, its logo
 * `branding-<id>-Logo`). `acquirer`: the branding's own (BrandingPlugin.acquirer, '' for the default), not the
 * payment's acquiredBy, which an unknown acquirer leaves to the default branding.
 */
export function pageParts(
  assets: Pick<PageAssets, 'screens'>,
  channelIds: readonly string[],
  acquirer: string,
  /** The gates the payment meets (GatePlugin.condition). */
  gateIds: readonly string[],
): string[] {
  const branding = `branding-${(acquirer || 'default').toLowerCase()}`;
  const ofChannel = (k: string) => channelIds.some((id) => k === id || k.startsWith(`${id}-`));
  const ofBranding = (k: string) => k === branding || k.startsWith(`${branding}-`);
  const ofGate = (k: string) => k.startsWith('gate-') && gateIds.includes(k.slice('gate-'.length));
  return Object.keys(assets.screens).filter((k) => ofChannel(k) || k.startsWith('core-') || ofGate(k) || ofBranding(k));
}

/** The script modules a page may load: the entry's, and everything each part reaches (static and lazy imports). */
export function pageModules(assets: PageAssets, parts: readonly string[]): string[] {
  const modules = new Set([assets.js, ...(assets.entryModules ?? [])]);
  for (const k of parts) {
    const s = assets.screens[k];
    if (s) for (const m of [s.js, ...(s.modules ?? s.preload ?? [])]) modules.add(m);
  }
  return [...modules];
}

/**
 * The stylesheets of the parts by build key (PageEnv.screenCss): the shell inserts each with its part. A part
 * without a stylesheet has no entry, nor has a part the page may not load.
 */
export function screenCss(assets: Pick<PageAssets, 'screens'>, parts: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of parts) {
    const css = assets.screens[k]?.css;
    if (css) out[k] = css;
  }
  return out;
}

/** The stylesheets of the parts, with their integrity: the shell inserts them with it (PageEnv.integrity). */
export function partStyles(assets: PageAssets, parts: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const css of Object.values(screenCss(assets, parts))) {
    const sri = assets.integrity?.[css];
    if (sri) out[css] = sri;
  }
  return out;
}

/** The CSP hash source of an inline script's or style's text ('sha256-…', without quotes). */
export function inlineHash(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}
/** An inline script's CSP hash (inlineHash). */
export const scriptHash = inlineHash;

/**
 * The page's import map: the integrity of every module it may load. Undefined without integrity (a build
 * that wrote none, tests). JSON made safe inside <script>: URLs and hashes hold no `<`, but nothing is assumed.
 */
export function importMap(assets: PageAssets, parts: readonly string[]): { text: string; hash: string } | undefined {
  if (!assets.integrity) return undefined;
  const integrity = Object.fromEntries(
    pageModules(assets, parts)
      .filter((m) => assets.integrity![m])
      .map((m) => [m, assets.integrity![m]]),
  );
  const text = JSON.stringify({ integrity }).replace(/</g, '\\u003c');
  return { text, hash: scriptHash(text) };
}

/**
 * The sha256 SRI of a file's bytes, as `integrity` attributes and the script inventory carry it (the build's
 * scripts/build/inventory.mjs `sri`): as accepted as sha384 and 20 base64 characters shorter on every page.
 */
export function sri(bytes: Uint8Array | string): string {
  return `sha256-${createHash('sha256').update(bytes).digest('base64')}`;
}
