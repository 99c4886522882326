import type { PageEnv, PagePlan, Registry } from '@oja/core';
import { channelsOf } from '@oja/core';
import type { PolicyInput } from './headers';
import type { PageAssets } from './render';
import { importMap, pageParts, partStyles, screenCss } from './integrity';
import { paymentSources } from './sources';
import { pageScreenKey } from './renderOutside';
import type { SourceOrigins } from './sources';
import { memoPerOwners } from '../memo';

/**
 * Distinct pages' securities kept per build, registry and origins: a page's depends on its routed channels, branding
 * and gates alone, a few dozen combinations in practice.
 */
export const PAGE_SECURITY_CACHE_ENTRIES = 256;
const securities = memoPerOwners<PageSecurity>(PAGE_SECURITY_CACHE_ENTRIES);
const screenSecurities = memoPerOwners<{ importMap?: string; scriptHashes: string[] }>(PAGE_SECURITY_CACHE_ENTRIES);

/** What one page's security needs: its policy's additions, its page data's, and its import map. */
export interface PageSecurity {
  policy: Pick<PolicyInput, 'sources' | 'scriptHashes'>;
  env: Pick<PageEnv, 'sources' | 'integrity' | 'screenCss'>;
  /** The import map's JSON for renderPage, when the build wrote integrity. */
  importMap?: string;
  /** The channels the page may use (available, and the steps they continue into): whose settings it carries. */
  channels: string[];
}

/**
 * The outside sources and integrity of one checkout page, from its plan. A page of an open payment allows the
 * outside sources of the channels it routes, and nothing else; a page outside one (refused, already paid, unknown
 * session) allows none. Every module the page may load is in its import map, and the page data names the
 * stylesheets of those parts alone. Worked out once per routed channels, branding and gates (and build, registry and
 * origins): the answer is shared, never to be changed.
 */
export function pageSecurity(input: {
  registry: Registry;
  plan: Pick<PagePlan, 'routed' | 'gates'>;
  acquiredBy: string;
  /** A payment answered 00, with a session on this server. */
  open: boolean;
  assets: PageAssets;
  origins: SourceOrigins;
}): PageSecurity {
  const { registry, plan, acquiredBy, open, assets, origins } = input;
  const acquirer = registry.branding(acquiredBy).acquirer;
  const key = open ? `open|${acquirer}|${plan.routed.join(',')}|${plan.gates.join(',')}` : `closed|${acquirer}`;
  return securities(registry, assets, origins).get(key, () => workOutSecurity(registry, plan, acquirer, open, assets, origins));
}

function workOutSecurity(
  registry: Registry,
  plan: Pick<PagePlan, 'routed' | 'gates'>,
  acquirer: string,
  open: boolean,
  assets: PageAssets,
  origins: SourceOrigins,
): PageSecurity {
  // The steps a channel continues into (the card's PIN behind Google Pay) load and frame as its own do.
  const routed = open ? channelsOf(registry, plan.routed) : [];
  const sources = paymentSources(routed, origins);
  // A gate's condition reads the payment alone: one this payment does not meet never shows on its pages.
  const gates = open ? plan.gates : [];
  const parts = pageParts(
    assets,
    routed.map((c) => c.id),
    acquirer,
    gates,
  );
  const map = importMap(assets, parts);
  return {
    policy: { sources: sources.policy, scriptHashes: map ? [map.hash] : [] },
    env: { sources: sources.page, integrity: partStyles(assets, parts), screenCss: screenCss(assets, parts) },
    importMap: map?.text,
    channels: routed.map((c) => c.id),
  };
}

/**
 * The integrity of a page plugin's screen (a page outside a payment that carries the checkout's script): its
 * import map covers the entry, core's parts and the page's own modules; no outside source is allowed. Once per build
 * and page: the answer is shared, never to be changed.
 */
export function pageScreenSecurity(assets: PageAssets, pageId: string): { importMap?: string; scriptHashes: string[] } {
  return screenSecurities(assets).get(pageId, () => workOutScreenSecurity(assets, pageId));
}

function workOutScreenSecurity(assets: PageAssets, pageId: string): { importMap?: string; scriptHashes: string[] } {
  const key = pageScreenKey(pageId);
  const own = Object.keys(assets.screens).filter((k) => k === key || k.startsWith(`${key}-`));
  const map = importMap(assets, [...pageParts(assets, [], '', []), ...own]);
  return { importMap: map?.text, scriptHashes: map ? [map.hash] : [] };
}
