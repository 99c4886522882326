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

/**
 * What a status timing may depend on: the payment, and the facts the polling screen passes
 * (useStatusPolling's `params`, e.g. the DRC wallet chosen: `{ provider: 'ORANGE' }`).
 */
export interface StatusTimingContext {
  props: PaymentProps;
  params: Readonly<Record<string, unknown>>;
}

/** A duration in ms, fixed or worked out when polling starts. */
export type StatusTiming = number | ((ctx: StatusTimingContext) => number);

/** The channel's one status request; core's poller decides when it runs (STYLE §4). */
export interface StatusCheck {
  /** How often to ask while the answer is not final, ms. */
  intervalMs: number;
  /**
   * Wait before the first request, ms, from the moment the screen starts polling. Core's checkStatusNow(c) (the
   * sandbox's simulate control, a "I have authorized this payment" button) cuts it short. Default 0: at once.
   * DRC mobile money: `({ params }) => (params.provider === 'ORANGE' ? 1_380_000 : 4_000)`.
   */
  firstDelayMs?: StatusTiming;
  /**
   * Polling gives up this long after it starts, ms on the server's clock: no request starts after, the one in
   * flight is aborted, and the screen is told (useStatusPolling's `timedOut`, `onTimeout`) to show its own view.
   * Default: no limit (a screen may still pass an instant of its own, useStatusPolling's `deadline`).
   */
  timeoutMs?: StatusTiming;
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
   * Offered beside anything (the card): kept in every market (markets.ts lists only what each market adds), and
   * never opened by itself as a lone option, since "exactly one enabled non-card option" is what opens by itself
   * (spec core §2 "Method list"). Default false.
   */
  baseline?: boolean;
  /**
   * Pays a bulk payment (the card, through the bulk payments endpoint): a bulk payment opens this channel at once
   * (spec core §2 "Method list"). Default false; with several, the first in list order.
   */
  bulk?: boolean;
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
}

/**
 * A screen shown before method choice while its condition holds and the payer has not yet passed it (companion §2
 * "Cashback screen", "Escrow screen"). Core names none: a gate is installed like a channel. Its screen ends it with
 * core's useGate(): accept() or skip(), after whatever call accepting makes (the cashback opt-in); core records
 * the decision for the page's session, so it is not shown again, reload included.
 */
export interface GatePlugin {
  /** Url-safe id and translation namespace: 'escrow'. */
  id: string;
  /**
   * Pure rule: does this payment stop at the gate? Read from the payment alone (its fields and what the API says
   * was already accepted, such as `tucAccepted`); core adds "not yet accepted or skipped on this page".
   */
  condition(props: PaymentProps): boolean;
  /** The gate's screen, loaded lazily (build key `gate-<id>`), rendered on the server when the gate is first. */
  screen: ScreenLoader;
  /** Hides the page's header while the gate is pending (escrow: "While this condition holds the header is hidden"). Default false. */
  hidesHeader?: boolean;
  /** Position among pending gates, lower first. Default 100. */
  order?: number;
  /**
   * The gate screen's strings, namespaced by id. They reach the browser in the page data of a payment that meets
   * the condition only (the browser build leaves `src/messages.ts` empty, as for channels).
   */
  messages: { en: Messages; fr: Messages };
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

/** Declares a channel. A plain object; only id, code, path and isAvailable are required. */
export function defineChannel(plugin: ChannelPlugin): ChannelPlugin {
  return plugin;
}

export function defineBranding(plugin: BrandingPlugin): BrandingPlugin {
  return plugin;
}

/** Declares a gate. A plain object; every part but hidesHeader and order is required. */
export function defineGate(plugin: GatePlugin): GatePlugin {
  return plugin;
}

/** Checks a gate's shape at boot; returns the problems found. */
export function validateGate(p: Partial<GatePlugin>): string[] {
  const problems: string[] = [];
  const name = `gate ${p.id ?? '(no id)'}`;
  if (!p.id || !ID.test(p.id)) problems.push(`${name}: id must match ${ID}`);
  if (typeof p.condition !== 'function') problems.push(`${name}: condition must be a function`);
  if (typeof p.screen !== 'function') problems.push(`${name}: screen must be a loader function`);
  return [...problems, ...messageProblems(name, p.id, p.messages)];
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
  for (const timing of ['firstDelayMs', 'timeoutMs'] as const) {
    const v = p.status?.[timing];
    if (v !== undefined && typeof v !== 'function' && !(typeof v === 'number' && v >= 0)) problems.push(`${name}: status.${timing} must be a duration (ms) or a function`);
  }
  problems.push(...messageProblems(name, p.id, p.messages));
  // The browser build leaves initial-route strings to the server's page data (an empty table): the server's
  // registry, which has them, checks them.
  if (p.row && Object.keys(p.messages?.en ?? {}).length) {
    for (const k of [p.row.title, p.row.description]) if (!hasKey(p.messages?.en, k)) problems.push(`${name}: row key ${k} has no message`);
  }
  return problems;
}

/** A plugin's messages: both languages, under its own namespace only, the same keys in each. */
function messageProblems(name: string, id: string | undefined, messages: { en: Messages; fr: Messages } | undefined): string[] {
  if (!messages?.en || !messages?.fr) return [`${name}: messages need en and fr`];
  const problems: string[] = [];
  for (const locale of ['en', 'fr'] as const) {
    if (Object.keys(messages[locale]).some((o) => o !== id)) problems.push(`${name}: messages must be namespaced under "${id}" only`);
  }
  const missing = missingKeys(messages.en, messages.fr);
  if (missing.length) problems.push(`${name}: fr lacks ${missing.join(', ')}`);
  const extra = missingKeys(messages.fr, messages.en);
  if (extra.length) problems.push(`${name}: en lacks ${extra.join(', ')}`);
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
