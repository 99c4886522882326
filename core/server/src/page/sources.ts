import { declaredSourceKeys } from '@oja/core';
import type { ChannelPlugin, SourceDirective } from '@oja/core';

/**
 * Origins by outside source key (OutsideSource.key): what a deployment names in CHECKOUT_OUTSIDE_SOURCES, or the
 * sandbox's second origin for every key.
 */
export type SourceOrigins = Record<string, string[]>;

/** The outside sources one page's Content-Security-Policy allows, by directive. */
export type PolicySources = Partial<Record<SourceDirective, string[]>>;

/** A source expression a deployment may name: an http(s) origin (host, IPv4 or [IPv6], optional port), or `https:`. */
const ORIGIN = /^https?:\/\/(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
/** Every https origin: for outside parties of many origins (3-D Secure issuers' pages are each bank's own). */
const ANY_HTTPS = 'https:';

/** An origin or `https:`, as the policy may carry it; a trailing slash is dropped. Undefined for anything else. */
export function sourceExpression(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const s = value.trim().replace(/\/$/, '');
  if (s === ANY_HTTPS) return s;
  return ORIGIN.test(s) ? s.toLowerCase() : undefined;
}

/**
 * CHECKOUT_OUTSIDE_SOURCES: JSON of source key -> origin or list of origins (or `https:`), e.g.
 * `{"3ds-issuer": "https:", "device-fingerprint": "https://h.online-metrix.net"}`. What is not an origin is
 * left out, each with one line on `warn`.
 */
export function parseOutsideSources(json: string | undefined, warn: (line: string) => void = console.error): SourceOrigins {
  if (!json) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    warn('CHECKOUT_OUTSIDE_SOURCES is not JSON; ignored');
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    warn('CHECKOUT_OUTSIDE_SOURCES must be a JSON object of source key -> origins; ignored');
    return {};
  }
  const out: SourceOrigins = {};
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    const list = Array.isArray(value) ? value : [value];
    const origins = list.map(sourceExpression).filter((s): s is string => !!s);
    if (origins.length < list.length) warn(`CHECKOUT_OUTSIDE_SOURCES: ${key}: only http(s) origins or "https:" are allowed; the rest is ignored`);
    if (origins.length) out[key] = [...new Set(origins)];
  }
  return out;
}

/** Declared keys the configuration names no origin for: what those channels load from them will be refused. */
export function unnamedSources(channels: readonly ChannelPlugin[], origins: SourceOrigins): string[] {
  return declaredSourceKeys(channels).filter((k) => !origins[k]?.length);
}

/**
 * The outside sources of one payment's pages, from the channels the payment can use (availableChannels): the
 * policy's additions by directive, and the origins by key the page's own code reads (PageEnv.sources). A key
 * no channel of the payment declares is on neither.
 */
export function paymentSources(available: readonly ChannelPlugin[], origins: SourceOrigins): { policy: PolicySources; page: SourceOrigins } {
  const policy: PolicySources = {};
  const page: SourceOrigins = {};
  for (const source of available.flatMap((c) => c.sources ?? [])) {
    const named = origins[source.key];
    if (!named?.length) continue;
    page[source.key] = named;
    for (const d of source.directives) policy[d] = [...new Set([...(policy[d] ?? []), ...named])];
  }
  return { policy, page };
}
