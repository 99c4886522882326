import fs from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { createAdaptorServer } from '@hono/node-server';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type {
  BrandingPlugin,
  ChannelPlugin,
  GateDecision,
  GatePlugin,
  Locale,
  PageAnswer,
  PageContext,
  PageEnv,
  PagePlugin,
  PaymentOpening,
  PaymentProps,
  Registry,
} from '@oja/core';
import {
  autoOpenChannel,
  availableChannels,
  routedChannels,
  Visits,
  createHttp,
  createRegistry,
  HttpError,
  localeFromAcceptLanguage,
  pickLocale,
  pendingGate,
  METHODS_PATH,
  LEAVE_PATH,
  GATE_DECISIONS,
  GATE_PATH,
  CANCEL_REASON_LEAVE,
  CODE_ALREADY_PAID,
} from '@oja/core';
import type { Http } from '@oja/core';
import { backoffDelay } from '@oja/core/primitives';
import { isAlreadyPaid, parsePayRequest, sandboxFieldsOf } from '@oja/core';
import { CSP_REPORT_PATH, pageHeaders } from './page/headers';
import { homePage } from './outside/homePage';
import type { HomeTestCard } from './outside/homePage';
import { pageScreenSecurity, pageSecurity } from './page/pagePolicy';
import type { PageSecurity } from './page/pagePolicy';
import { parseOutsideSources, sandboxSources, unnamedSources } from './page/sources';
import { renderPage } from './page/render';
import type { PageAssets } from './page/render';
import { renderPageDocument, renderPageScreen, renderUnavailablePage, renderUnreachablePage } from './page/renderOutside';
import type { OutsideStyles } from './page/renderOutside';
import type { PayRequest } from '@oja/core';
import { createSandbox, faultsFromEnv, SANDBOX_PREFIXES } from '@oja/sandbox';
import type { Sandbox, SandboxHttpRequest } from '@oja/sandbox';
import { createMemoryStore, isStoreFailure } from '@oja/store';
import type { Store } from '@oja/store';
import { ClientError, readBody, textFields } from './body';
import { compressed, empty, json, plain } from './respond';
import { createAssets, inlineStylesheets, verifyAssets } from './assets';
import { createCspReportHandler } from './cspReport';
import { logRequest } from './requestLog';
import type { RequestLogLine } from './requestLog';
import { createSessions, MAX_SESSIONS } from './sessions';
import type { SessionRecord, Sessions } from './sessions';
import { createLeaves } from './leaves';
import type { Leaves } from './leaves';

/** How long the server waits for a channel's first-screen data before rendering without it, ms. */
export const PREFETCH_TIMEOUT_MS = 3_000;
/** Tries of the pay-page call when the collections API cannot be reached (5xx, network, timeout, not JSON). */
export const PAY_PAGE_ATTEMPTS = 3;
/** Longest one pay-page try may take, ms. */
export const PAY_PAGE_TIMEOUT_MS = 4_000;
/** Wait before the second try, ms; doubled for each further one, with up to 50% jitter (core's backoffDelay). */
export const PAY_PAGE_BACKOFF_MS = 250;
/** The payer is waiting: every try and wait of one pay request together stop after this, ms. */
export const PAY_PAGE_BUDGET_MS = 8_000;
/** Longest the leave-cancel call may take, ms. */
const CANCEL_TIMEOUT_MS = 10_000;
/** The pay request fields a Try again posts back (CONTRACT §2, lang; with the sandbox fields); nothing else is echoed. */
const PAY_FIELDS = [
  'merchant_code',
  'pay_item_id',
  'txn_ref',
  'amount',
  'currency',
  'site_redirect_url',
  'cust_email',
  'cust_name',
  'cust_id',
  'cust_mobile_no',
  'pay_item_name',
  'display_mode',
  'access_token',
  'access_token_type',
  'lang',
];
/** Paths answered by the collections API (or the sandbox): their errors are JSON. */
const API_PATH = /^\/(api|collections|passport|sandbox)\//;
/** Where merchants' pages load the SDK (core/sdk, built into the client dir by scripts/build/build.mjs). */
export const SDK_PATH = '/inline-checkout.js';
const SDK_FILE = 'inline-checkout.js';
/** What the built script holds in place of the mode it is served for (core/sdk/src/script.ts). */
const SDK_MODE_PLACEHOLDER = '__OJA_SERVED_MODE__';
/** The script's address never changes (merchants paste it): kept a few minutes, then revalidated by its ETag. */
const SDK_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';
/**
 * The platform's Response, taken before @hono/node-server puts its lighter one in the global's place (it does when a
 * server is created): that one keeps `status` and `ok` on its prototype, where redaxios (core's client), copying a
 * response's own enumerable fields, does not find them, and would read every refusal as a network error.
 */
const PlatformResponse = globalThis.Response;
/** The base the server's own calls to its embedded sandbox name (answered in-process, never over a socket). */
const EMBEDDED_API_BASE = 'http://sandbox.internal';

/**
 * The SDK's script as this server serves it: its own origin is the checkout base for its mode, TEST with the
 * sandbox, LIVE with a real collections API. Undefined when the build has not written it.
 */
function sdkScript(clientDir: string, mode: 'TEST' | 'LIVE'): { text: string; etag: string } | undefined {
  const file = path.join(clientDir, SDK_FILE);
  if (!fs.existsSync(file)) return undefined;
  const text = fs.readFileSync(file, 'utf8').split(SDK_MODE_PLACEHOLDER).join(mode);
  return { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 16)}"` };
}

export interface CheckoutServerOptions {
  channels: ChannelPlugin[];
  brandings: BrandingPlugin[];
  /** Pages outside a payment, with their server part (`serve`). Core's home page `/` comes first, by itself. */
  pages?: PagePlugin[];
  /** The gates shown before method choice (default none). */
  gates?: GatePlugin[];
  /** dist/client: assets/ and manifest.json. */
  clientDir: string;
  /** A real collections API; when absent the embedded sandbox answers /api, /collections, /passport and /sandbox. */
  apiBase?: string;
  env?: Record<string, string | undefined>;
  /**
   * Where sessions, leave-cancels and the embedded sandbox's payments live (CONTRACT §5 "Running as a service"):
   * a Redis store shared by every instance, or by default one instance's memory (MAX_SESSIONS sessions).
   */
  store?: Store;
  /** The demo merchant store's address, linked from the checkout's `/` in sandbox mode. */
  storeBase?: string;
  /** The test cards the checkout's `/` lists in sandbox mode; by default the installed channels' (SandboxPart.testCards). */
  testCards?: readonly HomeTestCard[];
  /** Waits between pay-page tries (tests shorten it), ms. */
  payPageBackoffMs?: number;
  /**
   * The sandbox's second origin (CONTRACT §5), e.g. http://127.0.0.1:4402, listened by the caller
   * (createOutsideServer): every channel's outside source is allowed there. Sandbox mode only.
   */
  outsideBase?: string;
  /** The checkout's own base as browsers reach it (default http://127.0.0.1:<port>): it frames the second origin's pages. */
  checkoutBase?: string;
  /** Where violation reports and operational events are logged, one line each (default console.warn). */
  logReport?: (line: string) => void;
  /** Where each request is logged, one line each (requestLog.ts); default none (tests). runCheckout logs JSON lines. */
  logRequest?: (line: RequestLogLine) => void;
}

/** What starting a payment came to (the pay-page call, beside the "already paid" requery). */
type Started =
  | { kind: 'opened'; session: string; props: PaymentProps }
  | { kind: 'paid'; props: PaymentProps }
  | { kind: 'refused'; code: string; description: string }
  | { kind: 'unreachable'; message: string };

export interface CheckoutServer {
  /** The node HTTP server (not listening yet). */
  server: Server;
  /** The route table, answering web Requests (tests may call `app.request`). */
  app: Hono<{ Bindings: HttpBindings }>;
  sandbox?: Sandbox;
  store: Store;
  sessions: Sessions;
  leaves: Leaves;
  /** The collections API the server calls: the configured one, or its embedded sandbox in-process. */
  api: Http;
  /** Stops the leave-cancel loop and lets go of the store (after the server has stopped taking requests). */
  close(): Promise<void>;
}

/** The pay-page call could not get an answer (5xx, network error, timeout, not JSON) after every try. */
class ApiUnreachable extends Error {}

/** A failure worth another try: anything but the API's own answer to the request (HTTP 2xx-4xx with JSON). */
const isTemporary = (e: unknown) => !(e instanceof HttpError && e.code === 'http' && e.status < 500);

type Ctx = Context<{ Bindings: HttpBindings }>;

function referrerOf(c: Ctx): string | undefined {
  const r = c.req.header('referer');
  if (!r) return undefined;
  try {
    const u = new URL(r);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The checkout's origin as the payer reached it, for the URLs a page gives the API (a payment's redirect back to
 * it). Behind a proxy that ends TLS, the proxy says https with X-Forwarded-Proto.
 */
function selfOrigin(c: Ctx): string {
  const host = c.req.header('host') ?? '';
  if (!/^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/.test(host)) throw new ClientError(400, 'Bad Host header');
  const socket = c.env.incoming.socket;
  const https = ('encrypted' in socket && socket.encrypted) || c.req.header('x-forwarded-proto') === 'https';
  return `${https ? 'https' : 'http'}://${host}`;
}

/** Props for the Incorrect Transaction screen, from whatever the merchant sent that is usable. */
function refusedProps(partial: Partial<PayRequest>, code: string, merchantName = ''): PaymentProps {
  return {
    merchantCode: partial.merchant_code ?? '',
    paymentId: '',
    payableCode: partial.pay_item_id ?? '',
    merchantTransactionReference: partial.txn_ref ?? '',
    amount: 0,
    checkoutAmount: 0,
    surcharge: 0,
    // A refused request's currency is kept only when it is well-formed (parsePayRequest).
    currencyCode: partial.currency || '566',
    countryCode: 'NG',
    passFeeToCustomer: false,
    merchantName,
    siteRedirectUrl: partial.site_origin ? (partial.site_redirect_url ?? '') : '',
    siteOrigin: partial.site_origin ?? '',
    displayMode: partial.display_mode ?? 'REDIRECT',
    responseCode: code,
    acquiredBy: '',
    paymentChannels: [],
    nonCardOptions: [],
  };
}

/** Each channel's page settings from its sandbox part. */
export function sandboxSettings(channels: ChannelPlugin[]): Record<string, Record<string, string>> {
  return Object.fromEntries(channels.filter((c) => c.sandbox?.settings).map((c) => [c.id, { ...c.sandbox!.settings }]));
}

/** CHECKOUT_CHANNEL_SETTINGS: JSON of channel id -> { name: string value }; anything else is ignored. */
export function parseChannelSettings(json: string | undefined): Record<string, Record<string, string>> {
  if (!json) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    console.error('CHECKOUT_CHANNEL_SETTINGS is not JSON; ignored');
    return {};
  }
  if (!parsed || typeof parsed !== 'object') return {};
  const out: Record<string, Record<string, string>> = {};
  for (const [id, settings] of Object.entries(parsed as Record<string, unknown>)) {
    if (!settings || typeof settings !== 'object') continue;
    out[id] = Object.fromEntries(Object.entries(settings as Record<string, unknown>).filter(([, v]) => typeof v === 'string')) as Record<
      string,
      string
    >;
  }
  return out;
}

/** A request to the embedded sandbox as its handler takes it: headers as a plain record, the body already read. */
function sandboxRequest(method: string, url: URL, headers: Headers, body: Record<string, unknown>): SandboxHttpRequest {
  return { method, url: `${url.pathname}${url.search}`, headers: Object.fromEntries(headers), body };
}

/**
 * The server's own calls to its embedded sandbox, answered in-process as a `fetch` (core's client takes one): no
 * socket, no port to know. The sandbox's injected faults apply as over the network (a dropped connection is a
 * network error).
 */
function inProcessFetch(sandbox: Sandbox): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const headers = new Headers(init?.headers);
    const text = typeof init?.body === 'string' ? init.body : '';
    let body: Record<string, unknown> = {};
    if (text && (headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text) as Record<string, unknown>;
    else if (text) body = Object.fromEntries(new URLSearchParams(text));
    const signal = init?.signal ?? undefined;
    const aborted = () => new DOMException('The operation was aborted', 'AbortError');
    if (signal?.aborted) throw aborted();
    const reply = await new Promise<Awaited<ReturnType<Sandbox['handle']>>>((resolve, reject) => {
      const onAbort = () => reject(aborted());
      signal?.addEventListener('abort', onAbort, { once: true });
      sandbox
        .handle(sandboxRequest((init?.method ?? 'GET').toUpperCase(), url, headers, body))
        .then(resolve, reject)
        .finally(() => signal?.removeEventListener('abort', onAbort));
    });
    if (!reply) return new PlatformResponse('Not found', { status: 404 });
    if ('drop' in reply) throw new TypeError('fetch failed');
    return new PlatformResponse(reply.bytes ?? reply.body, { status: reply.status, headers: reply.headers });
  };
}

export function createCheckoutServer(o: CheckoutServerOptions): CheckoutServer {
  const env = o.env ?? process.env;
  const log = o.logReport ?? ((line: string) => console.warn(line));
  const registry: Registry = createRegistry(o.channels, o.brandings, {
    pages: [
      homePage({ storeBase: o.storeBase, testCards: o.testCards ?? o.channels.flatMap((c) => c.sandbox?.testCards ?? []) }),
      ...(o.pages ?? []),
    ],
    gates: o.gates,
  });
  const serverless = registry.pages.filter((pg) => typeof pg.serve !== 'function').map((pg) => pg.id);
  if (serverless.length) throw new Error(`Pages without their server part (resolve them with the "oja-server" condition): ${serverless.join(', ')}`);
  const manifest = JSON.parse(fs.readFileSync(path.join(o.clientDir, 'manifest.json'), 'utf8')) as PageAssets;
  // Tamper detection (PCI DSS 11.6.1): an asset that no longer matches the build's hash is never served.
  const changed = verifyAssets(o.clientDir, manifest.integrity ?? {});
  if (changed.length) throw new Error(`Assets changed since the build (their integrity no longer matches): ${changed.join(', ')}`);
  const asset = createAssets(path.join(o.clientDir, 'assets'));
  // Every payment page carries its first screen's stylesheets inline (render.tsx): read once, a few KiB in all.
  manifest.inlineCss = inlineStylesheets(o.clientDir, [...manifest.css, ...Object.values(manifest.screens).map((s) => s.css)]);
  // Core's sandbox-only pay request fields and every installed part's own (SandboxPart.requestFields).
  const sandboxFields = sandboxFieldsOf([...o.channels, ...(o.gates ?? []), ...(o.pages ?? [])]);
  const retryFields = [...PAY_FIELDS, ...sandboxFields];
  const store = o.store ?? createMemoryStore({ maxEntries: MAX_SESSIONS });
  const sessions = createSessions(store);
  // The sandbox's payments share a Redis store with the sessions (every instance's sandbox answers for every
  // payment); in memory they are bounded on their own, so that payments never push payers' sessions out.
  const sandbox = o.apiBase
    ? undefined
    : createSandbox(
        // Every installed plugin's part: channels, gates (the cashback opt-in) and pages (the revenue reference).
        [...o.channels, ...(o.gates ?? []), ...(o.pages ?? [])].map((c) => ({ id: c.id, part: c.sandbox })),
        { faults: faultsFromEnv(env), store: o.store },
      );
  const api = sandbox ? createHttp(EMBEDDED_API_BASE, inProcessFetch(sandbox)) : createHttp(o.apiBase!);
  const apiOrigin = o.apiBase ? new URL(o.apiBase).origin : undefined;
  const channelSettings = sandbox ? sandboxSettings(o.channels) : parseChannelSettings(env.CHECKOUT_CHANNEL_SETTINGS);
  const sdk = sdkScript(o.clientDir, sandbox ? 'TEST' : 'LIVE');
  if (sandbox && o.outsideBase) sandbox.origins.outside = o.outsideBase;
  // The outside sources' origins: the sandbox's second origin for every key, or the deployment's configuration.
  const sourceOrigins = sandbox ? sandboxSources(o.channels, o.outsideBase ?? '') : parseOutsideSources(env.CHECKOUT_OUTSIDE_SOURCES);
  const unnamed = sandbox ? [] : unnamedSources(o.channels, sourceOrigins);
  if (unnamed.length)
    console.warn(
      `CHECKOUT_OUTSIDE_SOURCES names no origin for ${unnamed.join(', ')}: what the channels load from them will be refused by the page's policy`,
    );
  const cspReport = createCspReportHandler({ log });
  const leaves = createLeaves({
    store,
    sessions,
    isTemporary,
    log,
    cancel: async (props) => {
      await api.post(
        '/api/v1/pay/customerCancellation',
        { paymentId: props.paymentId, customerCancellationReason: CANCEL_REASON_LEAVE },
        { timeoutMs: CANCEL_TIMEOUT_MS },
      );
    },
  });

  const envFor = (
    session: string,
    locale: Locale,
    browserLocale: Locale,
    pageId: string | undefined,
    // The page's own parts' stylesheets and integrity, and its channels' sources (pageSecurity).
    security: PageSecurity['env'],
    // The channels the page may use: the settings of those alone (none of another channel's client ids).
    channels: readonly string[],
  ): PageEnv => ({
    session,
    locale,
    browserLocale,
    sandbox: !!sandbox,
    apiBase: o.apiBase ?? '',
    pageId,
    channelSettings: Object.fromEntries(Object.entries(channelSettings).filter(([id]) => channels.includes(id))),
    ...security,
  });

  /** The route a payment opens on (spec core §2 "Method list"). */
  const initialPath = (props: PaymentProps): { path: string; channel: string | null } => {
    const available = availableChannels(registry.channels, props, registry.branding(props.acquiredBy));
    const auto = autoOpenChannel(available, props);
    return auto?.screen ? { path: auto.path, channel: auto.id } : { path: METHODS_PATH, channel: null };
  };

  /** The channel (or branding screen) a path belongs to, for the server render. */
  const routeOf = (props: PaymentProps, pathname: string): { path: string; channel: string | null } => {
    const available = availableChannels(registry.channels, props, registry.branding(props.acquiredBy));
    const channel = routedChannels(registry.channels, available).find((c) => c.screen && (pathname === c.path || pathname.startsWith(`${c.path}/`)));
    if (channel) return { path: pathname, channel: channel.id };
    if (registry.branding(props.acquiredBy).routes?.some((r) => r.path === pathname)) return { path: pathname, channel: null };
    return { path: METHODS_PATH, channel: null };
  };

  /** A payment's page; `session` is the served session (its fresh page id) or none (Incorrect Transaction, paid). */
  async function page(
    c: Ctx,
    status: number,
    props: PaymentProps,
    session: { token: string; record: SessionRecord } | undefined,
    locale: Locale,
    route: { path: string; channel: string | null },
    referrer?: string,
  ): Promise<Response> {
    const token = session?.token ?? '';
    const gates = session?.record.gates ?? {};
    // A gate comes first: the route's channel is not yet in use, and fetches nothing (a transfer account) before it.
    if (pendingGate(registry, props, gates)) route = { ...route, channel: null };
    const prefetched: Record<string, unknown> = {};
    const plugin = route.channel ? registry.channel(route.channel) : undefined;
    if (plugin?.prefetch && props.responseCode === '00') {
      try {
        prefetched[plugin.id] = await plugin.prefetch({ props, http: api, signal: AbortSignal.timeout(PREFETCH_TIMEOUT_MS), visits: new Visits() });
      } catch {
        // The screen fetches for itself.
      }
    }
    const security = pageSecurity({ registry, props, session: token, assets: manifest, origins: sourceOrigins });
    const styleHashes: string[] = [];
    // The import map's hash, then the render's own inline script's.
    const scriptHashes = [...(security.policy.scriptHashes ?? [])];
    const html = await renderPage({
      styleHashes,
      scriptHashes,
      prefetched,
      registry,
      props,
      env: envFor(token, locale, localeFromAcceptLanguage(c.req.header('accept-language')), session?.record.pageId, security.env, security.channels),
      path: route.path,
      channel: route.channel,
      gates,
      referrer,
      assets: manifest,
      importMap: security.importMap,
    });
    const headers = pageHeaders({
      displayMode: props.displayMode,
      siteOrigin: props.siteOrigin,
      apiOrigin,
      ...security.policy,
      scriptHashes,
      styleHashes,
    });
    return compressed(c.req.raw, status, { ...headers, vary: 'Accept-Language' }, html);
  }

  /** The shell's stylesheets of a document outside a payment: inline, their hashes collected for its style-src. */
  function outsideStyles(): OutsideStyles & { styleHashes: string[] } {
    return { css: manifest.css, integrity: manifest.integrity, inlineCss: manifest.inlineCss, styleHashes: [] };
  }

  /**
   * A page outside a payment: the strict CSP, never stored, in the browser's (or asked) language; no script but a
   * page plugin's screen's. Its inline script and styles are allowed by their hashes.
   */
  function outsidePage(
    c: Ctx,
    status: number,
    html: string,
    framing: { displayMode: PaymentProps['displayMode']; siteOrigin: string } = { displayMode: 'REDIRECT', siteOrigin: '' },
    { scriptHashes, styleHashes }: { scriptHashes?: string[]; styleHashes?: string[] } = {},
  ): Response {
    return compressed(c.req.raw, status, { ...pageHeaders({ ...framing, apiOrigin, scriptHashes, styleHashes }), vary: 'Accept-Language' }, html);
  }

  /** The payer's session could not be read or written (the store is away): 503, nothing charged, the place kept. */
  function unavailable(c: Ctx, locale: Locale): Response {
    const url = new URL(c.req.url);
    const retryPath = c.req.method === 'GET' ? `${url.pathname}${url.search}` : '/';
    const styles = outsideStyles();
    return outsidePage(c, 503, renderUnavailablePage({ locale, ...styles, retryPath }), undefined, styles);
  }

  /**
   * The pay-page call, tried again on a temporary failure with backoff and jitter, all within PAY_PAGE_BUDGET_MS.
   * The API's own answer (HTTP 2xx or 4xx with JSON) is returned as it is, refusal or not.
   */
  async function payPage(r: PayRequest): Promise<Record<string, unknown>> {
    const body = { ...r.sandbox, ...r, sandbox: undefined, amount: String(r.amount) };
    const deadline = Date.now() + PAY_PAGE_BUDGET_MS;
    for (let attempt = 1; ; attempt++) {
      try {
        return await api.post('/api/v1/pay-page', body, { timeoutMs: Math.max(1, Math.min(PAY_PAGE_TIMEOUT_MS, deadline - Date.now())) });
      } catch (e) {
        if (!isTemporary(e)) {
          const answer = (e as HttpError).body;
          return answer && typeof answer === 'object' ? (answer as Record<string, unknown>) : { responseCode: 'Z1' };
        }
        const wait = backoffDelay(o.payPageBackoffMs ?? PAY_PAGE_BACKOFF_MS, attempt);
        if (attempt >= PAY_PAGE_ATTEMPTS || Date.now() + wait >= deadline) throw new ApiUnreachable(`pay-page: ${(e as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  /**
   * Starts a payment: the pay-page call and, beside it, the "already paid" requery (CONTRACT §5, works with a real
   * API too). On 00 the payment's session is created, with what the page that opened it keeps, if any.
   */
  async function startPayment(r: PayRequest, referrer: string | undefined, opener?: SessionRecord['page']): Promise<Started> {
    const paid = isAlreadyPaid(api, r);
    let answer: Record<string, unknown>;
    try {
      answer = await payPage(r);
    } catch (e) {
      await paid.catch(() => false);
      if (!(e instanceof ApiUnreachable)) throw e;
      console.warn(`pay-page ${r.merchant_code}/${r.txn_ref}: ${e.message}; answered 503`);
      return { kind: 'unreachable', message: e.message };
    }
    if (await paid) {
      const known = answer.responseCode === '00' ? (answer as unknown as PaymentProps) : refusedProps(r, CODE_ALREADY_PAID);
      return {
        kind: 'paid',
        props: {
          ...known,
          responseCode: CODE_ALREADY_PAID,
          displayMode: r.display_mode,
          siteRedirectUrl: r.site_redirect_url,
          siteOrigin: r.site_origin,
        },
      };
    }
    if (answer.responseCode !== '00')
      return { kind: 'refused', code: String(answer.responseCode ?? 'Z1'), description: String(answer.responseDescription ?? '') };
    const props = {
      ...(answer as unknown as PaymentProps),
      displayMode: r.display_mode,
      siteRedirectUrl: r.site_redirect_url,
      siteOrigin: r.site_origin,
    };
    const session = await sessions.open({ props, referrer, page: opener });
    return { kind: 'opened', session, props };
  }

  /** Serves a new session's first page (its page id written first, as every page served is). */
  async function firstPage(
    c: Ctx,
    token: string,
    props: PaymentProps,
    locale: Locale,
    route: { path: string; channel: string | null },
    referrer?: string,
  ): Promise<Response> {
    const record = await sessions.served(token);
    return page(c, 200, props, record && { token, record }, locale, route, referrer);
  }

  /** POST /pay (a merchant's form) or GET /pay (a link): CONTRACT §2. */
  async function pay(c: Ctx, fields: Record<string, string>): Promise<Response> {
    const locale = pickLocale(fields.lang, c.req.header('accept-language'));
    const referrer = referrerOf(c);
    const parsed = parsePayRequest(fields, sandboxFields);
    if (!parsed.ok) return page(c, 400, refusedProps(parsed.partial, 'Z5'), undefined, locale, { path: METHODS_PATH, channel: null }, referrer);
    const r = parsed.request;
    let started: Started;
    try {
      started = await startPayment(r, referrer);
    } catch (e) {
      // The session could not be kept (the store is away): as temporary as an unreachable API, and answered alike.
      if (!isStoreFailure(e)) throw e;
      log(JSON.stringify({ event: 'store-unavailable', path: '/pay', error: e.message }));
      started = { kind: 'unreachable', message: e.message };
    }
    switch (started.kind) {
      case 'unreachable': {
        // Not the payer's mistake: say so, and let them send the same request again (same txn_ref, same payment).
        const retry = Object.fromEntries(retryFields.filter((k) => fields[k]).map((k) => [k, fields[k].trim()]));
        const styles = outsideStyles();
        return outsidePage(
          c,
          503,
          renderUnreachablePage({ locale, ...styles, fields: retry }),
          { displayMode: r.display_mode, siteOrigin: r.site_origin },
          styles,
        );
      }
      // 409: the request conflicts with the payment's state (paid). No session: nothing to leave, cancel or retry.
      case 'paid':
        return page(c, 409, started.props, undefined, locale, { path: METHODS_PATH, channel: null }, referrer);
      case 'refused':
        return page(c, 400, refusedProps(r, started.code), undefined, locale, { path: METHODS_PATH, channel: null }, referrer);
      case 'opened':
        return firstPage(c, started.session, started.props, locale, initialPath(started.props), referrer);
    }
  }

  /** PageContext.openPayment: POST /pay's way, with the page's state kept in the session, and nothing rendered. */
  async function openPayment(c: Ctx, plugin: PagePlugin, fields: Record<string, string>, state: unknown): Promise<PaymentOpening> {
    const parsed = parsePayRequest(fields, sandboxFields);
    if (!parsed.ok) return { opened: false, reason: 'invalid', responseCode: 'Z5', responseDescription: parsed.errors.join('; ') };
    const started = await startPayment(parsed.request, referrerOf(c), { id: plugin.id, state });
    switch (started.kind) {
      case 'opened':
        return { opened: true, session: started.session };
      case 'paid':
        return { opened: false, reason: 'paid', responseCode: CODE_ALREADY_PAID, responseDescription: '' };
      case 'refused':
        return { opened: false, reason: 'refused', responseCode: started.code, responseDescription: started.description };
      case 'unreachable':
        return { opened: false, reason: 'unreachable', responseCode: '', responseDescription: started.message };
    }
  }

  /**
   * A page outside a payment (PagePlugin): its context for this request, its answer sent with the headers of every
   * checkout page. HEAD is answered as GET; a method the page does not take is 405.
   */
  async function servePage(c: Ctx, plugin: PagePlugin): Promise<Response> {
    const allowed = plugin.methods ?? ['GET'];
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    if ((method !== 'GET' && method !== 'POST') || !allowed.includes(method)) return notAllowed(allowed);
    const body = method === 'POST' ? textFields(await readBody(c.req.raw, { accept: ['form'], strict: true })) : {};
    const url = new URL(c.req.url);
    const locale = pickLocale(url.searchParams.get('lang'), c.req.header('accept-language'));
    const token = url.searchParams.get('p');
    const s = token ? await sessions.get(token) : undefined;
    const own = s?.page?.id === plugin.id ? s : undefined;
    const ctx: PageContext = {
      request: { method, path: url.pathname, query: url.searchParams, body },
      locale,
      sandbox: !!sandbox,
      http: api,
      selfUrl: (p) => new URL(p, selfOrigin(c)).href,
      payment: own && {
        props: own.props,
        state: own.page?.state,
        setState: async (state) => {
          await sessions.update(token!, (r) => {
            r.page = { id: plugin.id, state };
          });
        },
        isPaid: () =>
          isAlreadyPaid(api, { merchant_code: own.props.merchantCode, txn_ref: own.props.merchantTransactionReference, amount: own.props.amount }),
      },
      openPayment: (fields, state) => openPayment(c, plugin, fields, state),
    };
    return sendPageAnswer(c, plugin, url.pathname, locale, await plugin.serve!(ctx));
  }

  async function sendPageAnswer(c: Ctx, plugin: PagePlugin, pathname: string, locale: Locale, answer: PageAnswer): Promise<Response> {
    switch (answer.kind) {
      case 'document': {
        const styles = outsideStyles();
        const html = renderPageDocument({ page: plugin, locale, ...styles, title: answer.title, content: answer.content });
        return outsidePage(c, answer.status ?? 200, html, undefined, styles);
      }
      case 'screen': {
        const security = pageScreenSecurity(manifest, plugin.id);
        const styleHashes: string[] = [];
        // The import map's hash, then the render's own inline script's.
        const scriptHashes = [...security.scriptHashes];
        const html = await renderPageScreen({
          page: plugin,
          locale,
          path: pathname,
          data: answer.data ?? null,
          title: answer.title,
          assets: manifest,
          importMap: security.importMap,
          styleHashes,
          scriptHashes,
        });
        return outsidePage(c, answer.status ?? 200, html, undefined, { scriptHashes, styleHashes });
      }
      case 'redirect':
        // Only to this checkout: a page is no open redirector.
        if (!/^\/(?![/\\])/.test(answer.to)) throw new Error(`page ${plugin.id}: redirect to ${answer.to} is not a path of this checkout`);
        return empty(303, { location: answer.to });
      case 'checkout': {
        const s = await sessions.get(answer.session);
        if (!s || s.page?.id !== plugin.id) throw new Error(`page ${plugin.id}: no payment of its own in session ${answer.session}`);
        return firstPage(c, answer.session, s.props, locale, initialPath(s.props), s.referrer);
      }
    }
  }

  function notAllowed(allowed: readonly string[]): Response {
    return plain(405, 'Method not allowed', { allow: [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', ') });
  }

  /** A payer's page asked for again (reload, a link, another instance): the session's page, where they were. */
  async function revisit(c: Ctx): Promise<Response> {
    const url = new URL(c.req.url);
    const token = url.searchParams.get('p') ?? '';
    // The URL says the language when the payer chose one other than their browser's (core's withSession).
    const locale = pickLocale(url.searchParams.get('lang'), c.req.header('accept-language'));
    const record = await sessions.served(token);
    if (!record) return page(c, 404, refusedProps({}, 'Z5'), undefined, locale, { path: METHODS_PATH, channel: null });
    // The payer is back (reload, link followed before hydration): a pending leave-cancel is dropped.
    await leaves.drop(token);
    return page(c, 200, record.props, { token, record }, locale, routeOf(record.props, url.pathname), record.referrer);
  }

  /** The page went away (core's leave beacon): the payment is cancelled unless the payer comes back in time. */
  async function leave(c: Ctx): Promise<Response> {
    const token = c.req.query('p') ?? '';
    const s = await sessions.get(token);
    // A page the payer has already replaced (reloaded, followed a link) says so after its successor was served.
    const from = c.req.query('page');
    const stale = !!(from && s?.pageId && from !== s.pageId);
    if (s && !stale) await leaves.schedule(token);
    return empty(204);
  }

  /** The payer passed a gate (core's passGate beacon): kept for the session, so a reload does not show it again. */
  async function passGate(c: Ctx): Promise<Response> {
    const id = c.req.query('gate') ?? '';
    const decision = c.req.query('decision') as GateDecision;
    if (!registry.gate(id) || !GATE_DECISIONS.includes(decision)) throw new ClientError(400, 'Unknown gate or decision');
    // An unknown or forgotten session has nothing to keep: answered alike, as the leave beacon is.
    await sessions.update(c.req.query('p') ?? '', (s) => {
      s.gates = { ...s.gates, [id]: decision };
    });
    return empty(204);
  }

  /** The embedded sandbox (CONTRACT §4, §5): the collections API, the identity service and the sandbox's controls. */
  async function sandboxRoute(c: Ctx): Promise<Response> {
    const body = await readBody(c.req.raw);
    const reply = await sandbox!.handle(sandboxRequest(c.req.method, new URL(c.req.url), c.req.raw.headers, body));
    if (!reply) return notFound();
    if ('drop' in reply) {
      // Fault injection: the connection is cut, as a network failure would.
      c.env.incoming.socket.destroy();
      return RESPONSE_ALREADY_SENT;
    }
    return new Response(c.req.method === 'HEAD' ? null : (reply.bytes ?? reply.body), { status: reply.status, headers: reply.headers });
  }

  const notFound = () => plain(404, 'Not found');

  /** A client's mistake, answered without a trace in the log: JSON on API paths, the refusal page on /pay, else text. */
  async function refuse(c: Ctx, status: number, message: string): Promise<Response> {
    const pathname = new URL(c.req.url).pathname;
    // A request whose body was not read to the end (413) cannot keep its connection.
    const close: Record<string, string> = status === 413 ? { connection: 'close' } : {};
    if (API_PATH.test(pathname)) return json(status, { responseCode: String(status), responseDescription: message }, close);
    if (pathname === '/pay') {
      // A pay request that cannot be read is an incorrect one (CONTRACT §2): nothing is charged.
      const fields = c.req.method === 'GET' ? c.req.query() : {};
      const parsed = parsePayRequest(fields, sandboxFields);
      const answer = await page(
        c,
        status,
        refusedProps(parsed.ok ? parsed.request : parsed.partial, 'Z5'),
        undefined,
        pickLocale(fields.lang, c.req.header('accept-language')),
        { path: METHODS_PATH, channel: null },
        referrerOf(c),
      );
      for (const [k, v] of Object.entries(close)) answer.headers.set(k, v);
      return answer;
    }
    return plain(status, message, close);
  }

  // The route table: CONTRACT §2 (pay), §3-4 (pages, beacons, SDK, sandbox), §5 (health); then pages outside a payment.
  const app = new Hono<{ Bindings: HttpBindings }>();
  if (o.logRequest) {
    const write = o.logRequest;
    app.use('*', async (c, next) => {
      logRequest(c.env.incoming, c.env.outgoing, write);
      await next();
    });
  }
  app.get('/assets/:name', (c) => asset(c.req.raw, c.req.param('name')) ?? notFound());
  app.post('/pay', async (c) => pay(c, textFields(await readBody(c.req.raw, { accept: ['form'], strict: true }))));
  app.get('/pay', (c) => pay(c, c.req.query()));
  app.get(METHODS_PATH, revisit);
  app.get('/payment/*', revisit);
  app.post(LEAVE_PATH, leave);
  app.post(GATE_PATH, passGate);
  app.post(CSP_REPORT_PATH, (c) => cspReport(c.req.raw));
  app.get(SDK_PATH, (c) => {
    if (!sdk) return notFound();
    const headers = {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': SDK_CACHE_CONTROL,
      etag: sdk.etag,
      'x-content-type-options': 'nosniff',
      // Loaded by merchants' pages of any site (and with `crossorigin` for subresource integrity).
      'cross-origin-resource-policy': 'cross-origin',
      'access-control-allow-origin': '*',
    };
    if (c.req.header('if-none-match') === sdk.etag) return new Response(null, { status: 304, headers });
    return compressed(c.req.raw, 200, headers, sdk.text);
  });
  app.get('/favicon.ico', () => empty(204, { 'cache-control': 'public, max-age=86400' }));
  // A load balancer's question: can this instance serve (and reach its store)?
  app.get('/healthz', async () => {
    try {
      await store.ping();
      return json(200, { status: 'ok', store: store.kind });
    } catch {
      return json(503, { status: 'unavailable', store: store.kind });
    }
  });
  for (const plugin of registry.pages) for (const p of plugin.paths) app.all(p, (c) => servePage(c, plugin));
  if (sandbox) for (const prefix of SANDBOX_PREFIXES) app.all(`${prefix}*`, sandboxRoute);
  app.notFound(() => notFound());
  app.onError(async (e, c) => {
    if (e instanceof ClientError) return refuse(c, e.status, e.message);
    const pathname = new URL(c.req.url).pathname;
    if (isStoreFailure(e)) {
      // Temporary, and never the payer's mistake: the place is kept in the store, which comes back.
      log(JSON.stringify({ event: 'store-unavailable', path: pathname, error: e.message }));
      if (API_PATH.test(pathname) || c.req.method !== 'GET')
        return json(503, { responseCode: '503', responseDescription: 'Temporarily unavailable: try again' }, { 'retry-after': '2' });
      return unavailable(c, pickLocale(c.req.query('lang'), c.req.header('accept-language')));
    }
    console.error(e);
    return plain(500, 'Internal error');
  });

  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  // A request node's parser cannot read (a malformed request line or header, headers too large) never reaches the
  // handler: answered here with its 4xx, without a stack trace in the log.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    const body = status.slice(4);
    socket.end(
      `HTTP/1.1 ${status}\r\ncontent-type: text/plain; charset=utf-8\r\ncache-control: no-store\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
  server.on('listening', () => {
    const a = server.address();
    if (sandbox && a && typeof a === 'object') sandbox.origins.checkout = o.checkoutBase ?? `http://127.0.0.1:${a.port}`;
    leaves.start();
  });
  server.on('close', () => void leaves.stop());
  return {
    server,
    app,
    sandbox,
    store,
    sessions,
    leaves,
    api,
    async close() {
      await leaves.stop();
      await store.close();
    },
  };
}
