import type { ComponentType } from 'react';
import type { PaymentProps } from './props';
import type { Messages } from './i18n';
import type { SandboxPart } from './sandbox/types';
import type { Http } from './http';

/** A screen module, loaded lazily with its stylesheet. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

/** What a status check answers: the response code, and the whole response for the result. */
export interface StatusAnswer {
  code: string;
  response: Record<string, unknown>;
}

export interface StatusContext {
  props: PaymentProps;
  http: Http;
  signal: AbortSignal;
}

/** The channel's one status request; core's poller decides when it runs (STYLE §4). */
export interface StatusCheck {
  /** How often to ask while the answer is not final, ms. */
  intervalMs: number;
  /** Wait before a retry after a failed request, ms (default: the interval, doubled per failure with jitter). */
  retryMs?: number;
  /** Codes that mean "keep asking" (default 09, S0 and Z0). */
  pendingCodes?: string[];
  check(ctx: StatusContext): Promise<StatusAnswer>;
}

export interface MethodRow {
  /** Decorative icon (aria-hidden). */
  icon: ComponentType;
  /** Translation keys, in the channel's own namespace. */
  title: string;
  description: string;
}

/** What the page loads from an outside source: the Content-Security-Policy directive that must allow it. */
export type SourceDirective = 'script' | 'frame' | 'connect' | 'img';

/**
 * An origin outside the checkout that a channel's pages need (a 3-D Secure issuer's page, a provider's script).
 * Named by a key, not an origin: a deployment maps each key to its origins (CHECKOUT_OUTSIDE_SOURCES; the
 * sandbox maps every key to its second origin), and the server allows them only on the pages of a payment that
 * can use a channel declaring the key. Keys name the outside party, so that a channel lending its steps to
 * another (the card's 3-D Secure to the wallet) lends the same key.
 */
export interface OutsideSource {
  /** Lower-case name of the outside party: '3ds-issuer', 'device-fingerprint'. */
  key: string;
  /** What the page loads from it. */
  directives: SourceDirective[];
  /** Why the page needs it: the script inventory of PCI DSS 6.4.3 lists it. */
  why: string;
}

export interface ChannelPlugin {
  /** Url-safe id and translation namespace: 'transfer'. */
  id: string;
  /** The collections API's channel code: 'TRANSFER'. */
  code: string;
  /** Route of the channel's screen; sub-routes nest below it. */
  path: string;
  /** Pure rule: may this payment use the channel? (spec core §5) */
  isAvailable(props: PaymentProps): boolean;
  /**
   * The card: what a bulk payment opens, and never opened by itself as a lone option (spec core §2 "Method
   * list"). Markets are not a channel's business: core applies them to every channel (markets.ts). Default false.
   */
  baseline?: boolean;
  /** Position in the method list, lower first. Default 100. */
  order?: number;
  /** The method-list row; a channel without one is reachable only by route. */
  row?: MethodRow;
  screen?: ScreenLoader;
  /**
   * Data for the first screen, fetched by the server so the screen arrives complete in the HTML (the
   * transfer's account). A failure is ignored: the screen then fetches for itself.
   */
  prefetch?(ctx: StatusContext): Promise<unknown>;
  status?: StatusCheck;
  messages: { en: Messages; fr: Messages };
  /** Translation keys for the cancel dialog while this channel is ongoing (companion §2). */
  cancelDialog?: { subtitle: string; close: string };
  /** Handles a merchant's access-token sign-in (the wallet): core opens this channel when a token comes. */
  acceptsAccessToken?: boolean;
  /** The channel's part of the sandbox collections API; present only in server builds. */
  sandbox?: SandboxPart;
  /** Origins outside the checkout the channel's pages load from (see OutsideSource). Default none. */
  sources?: OutsideSource[];
}

export interface BrandingPlugin {
  /** Matches PaymentProps.acquiredBy ('' for the default branding). */
  acquirer: string;
  /** Class carrying the branding's design tokens as CSS custom properties. */
  className: string;
  /** The acquirer's logo, shown in the header when the merchant has none and in the "powered by" footer. */
  Logo: ComponentType;
  /** Shows the EN/FR toggle (MUL). */
  languageToggle?: boolean;
  /** Acquirer channel policy by channel code: allow only these, or force these on. */
  channels?: { only?: string[]; force?: string[] };
  /** Extra routes (ZIB's terms of use). */
  routes?: Array<{ path: string; screen: ScreenLoader; linkLabel?: string }>;
  messages: { en: Messages; fr: Messages };
}

const ID = /^[a-z][a-z0-9-]*$/;
/** An outside source's key: lower case, digits allowed first ('3ds-issuer'). */
const SOURCE_KEY = /^[a-z0-9][a-z0-9-]*$/;
const SOURCE_DIRECTIVES: readonly SourceDirective[] = ['script', 'frame', 'connect', 'img'];

/** Declares a channel. A plain object; only id, code, path and isAvailable are required. */
export function defineChannel(plugin: ChannelPlugin): ChannelPlugin {
  return plugin;
}

export function defineBranding(plugin: BrandingPlugin): BrandingPlugin {
  return plugin;
}

/** Checks a channel's shape at boot; returns the problems found. */
export function validateChannel(p: Partial<ChannelPlugin>): string[] {
  const problems: string[] = [];
  const name = p.id ?? '(no id)';
  if (!p.id || !ID.test(p.id)) problems.push(`${name}: id must match ${ID}`);
  if (!p.code || !/^[A-Z_]+$/.test(p.code)) problems.push(`${name}: code must be an upper-case channel code`);
  if (!p.path || !p.path.startsWith('/payment/')) problems.push(`${name}: path must start with /payment/`);
  if (typeof p.isAvailable !== 'function') problems.push(`${name}: isAvailable must be a function`);
  if (p.status && !(p.status.intervalMs > 0)) problems.push(`${name}: status.intervalMs must be positive`);
  for (const s of p.sources ?? []) {
    if (!SOURCE_KEY.test(s.key)) problems.push(`${name}: source key ${s.key} must match ${SOURCE_KEY}`);
    if (!s.directives.length || s.directives.some((d) => !SOURCE_DIRECTIVES.includes(d))) problems.push(`${name}: source ${s.key} directives must be some of ${SOURCE_DIRECTIVES.join(', ')}`);
  }
  if (!p.messages?.en || !p.messages?.fr) problems.push(`${name}: messages need en and fr`);
  else {
    for (const locale of ['en', 'fr'] as const) {
      const owners = Object.keys(p.messages[locale]);
      if (owners.some((o) => o !== p.id)) problems.push(`${name}: messages must be namespaced under "${p.id}" only`);
    }
    const missing = missingKeys(p.messages.en, p.messages.fr);
    if (missing.length) problems.push(`${name}: fr lacks ${missing.join(', ')}`);
    const extra = missingKeys(p.messages.fr, p.messages.en);
    if (extra.length) problems.push(`${name}: en lacks ${extra.join(', ')}`);
  }
  // The browser build leaves initial-route strings to the server's page data (an empty table): the server's
  // registry, which has them, checks them.
  if (p.row && Object.keys(p.messages?.en ?? {}).length) {
    for (const k of [p.row.title, p.row.description]) if (!hasKey(p.messages?.en, k)) problems.push(`${name}: row key ${k} has no message`);
  }
  return problems;
}

/** Keys present in a but not in b (dotted paths). */
export function missingKeys(a: Messages, b: Messages, prefix = ''): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(a)) {
    const path = prefix ? `${prefix}.${k}` : k;
    const other = (b as Record<string, unknown>)[k];
    if (v && typeof v === 'object') {
      if (!other || typeof other !== 'object') out.push(path);
      else out.push(...missingKeys(v as Messages, other as Messages, path));
    } else if (other === undefined) out.push(path);
  }
  return out;
}

function hasKey(messages: Messages | undefined, key: string): boolean {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}
