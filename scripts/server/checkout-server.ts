import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { BrandingPlugin, ChannelPlugin, GateDecision, GatePlugin, Locale, PageAnswer, PageContext, PageEnv, PagePlugin, PaymentOpening, PaymentProps, Registry } from '@oja/core';
import { autoOpenChannel, availableChannels, Visits, createHttp, createRegistry, HttpError, localeFromAcceptLanguage, pickLocale, pendingGate, METHODS_PATH, LEAVE_PATH, GATE_DECISIONS, GATE_PATH, CANCEL_REASON_LEAVE, CODE_ALREADY_PAID } from '@oja/core';
import { backoffDelay } from '@oja/core/primitives';
import { CSP_REPORT_PATH, homePage, isAlreadyPaid, pageHeaders, pageScreenSecurity, pageSecurity, parseOutsideSources, parsePayRequest, renderPage, renderPageDocument, renderPageScreen, renderUnreachablePage, SANDBOX_FIELDS, sandboxSources, unnamedSources } from '@oja/core/server';
import type { HomeTestCard, PageAssets, PayRequest } from '@oja/core/server';
import { createSandbox, faultsFromEnv, isSandboxPath, writeReply } from '@oja/core/sandbox';
import type { Sandbox } from '@oja/core/sandbox';
import { ClientError, readBody, sendCompressed } from './http-util';
import { logRequest } from './request-log';
import type { RequestLogLine } from './request-log';
import { SessionStore } from './sessions';
import { serveAsset, verifyAssets } from './static';
import { createCspReportHandler } from './csp-report';

/** How long after the payer's page is hidden the server waits for it to come back before cancelling, ms. */
export const LEAVE_GRACE_MS = 4_000;
/** How long the server waits for a channel's first-screen data before rendering without it, ms. */
export const PREFETCH_TIMEOUT_MS = 3_000;
/** A session unused this long is forgotten, ms. */
export const SESSION_TTL_MS = 2 * 60 * 60_000;
/**
 * Most sessions one instance keeps (about 7 KB of heap each, so about 35 MB at most); past it the least recently used is forgotten. A payer whose
 * session went can no longer reload their page; the payment itself is the collections API's and goes on.
 */
export const MAX_SESSIONS = 5_000;
/** How often expired sessions are swept, ms. */
const SESSION_SWEEP_MS = 60_000;
/** Tries of the pay-page call when the collections API cannot be reached (5xx, network, timeout, not JSON). */
export const PAY_PAGE_ATTEMPTS = 3;
/** Longest one pay-page try may take, ms. */
export const PAY_PAGE_TIMEOUT_MS = 4_000;
/** Wait before the second try, ms; doubled for each further one, with up to 50% jitter (core's backoffDelay). */
export const PAY_PAGE_BACKOFF_MS = 250;
/** The payer is waiting: every try and wait of one pay request together stop after this, ms. */
export const PAY_PAGE_BUDGET_MS = 8_000;
/** The pay request fields a Try again posts back (CONTRACT §2, sandbox fields, lang); nothing else is echoed. */
const PAY_FIELDS = [
  'merchant_code', 'pay_item_id', 'txn_ref', 'amount', 'currency', 'site_redirect_url', 'cust_email', 'cust_name', 'cust_id',
  'cust_mobile_no', 'pay_item_name', 'display_mode', 'access_token', 'access_token_type', 'lang', ...SANDBOX_FIELDS,
];
/** Paths answered by the collections API (or the sandbox): their errors are JSON. */
const API_PATH = /^\/(api|passport|sandbox)\//;
/** Where merchants' pages load the SDK (core/sdk, built into the client dir by scripts/build/build.mjs). */
export const SDK_PATH = '/inline-checkout.js';
const SDK_FILE = 'inline-checkout.js';
/** What the built script holds in place of the mode it is served for (core/sdk/src/script.ts). */
const SDK_MODE_PLACEHOLDER = '__OJA_SERVED_MODE__';
/** The script's address never changes (merchants paste it): kept a few minutes, then revalidated by its ETag. */
const SDK_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';

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
  /** A real collections API; when absent the embedded sandbox serves /api and /sandbox. */
  apiBase?: string;
  env?: Record<string, string | undefined>;
  /** The demo merchant store's address, linked from the checkout's `/` in sandbox mode. */
  storeBase?: string;
  /** The sandbox's test cards, listed on the checkout's `/` in sandbox mode (the card channel owns them). */
  testCards?: readonly HomeTestCard[];
  /** Sessions kept at most (default MAX_SESSIONS). */
  maxSessions?: number;
  /** Waits between pay-page tries (tests shorten it), ms. */
  payPageBackoffMs?: number;
  /**
   * The sandbox's second origin (CONTRACT §5), e.g. http://127.0.0.1:4402, listened by the caller
   * (createOutsideServer): every channel's outside source is allowed there. Sandbox mode only.
   */
  outsideBase?: string;
  /** The checkout's own base as browsers reach it (default http://127.0.0.1:<port>): it frames the second origin's pages. */
  checkoutBase?: string;
  /** Where violation reports are logged, one line each (default console.warn). */
  logReport?: (line: string) => void;
  /** Where each request is logged, one line each (request-log.ts); default none (tests). main.ts logs JSON lines. */
  logRequest?: (line: RequestLogLine) => void;
}

type Manifest = PageAssets;

interface Session {
  props: PaymentProps;
  referrer?: string;
  seenAt: number;
  /** The latest page rendered for this session (PageEnv.pageId). */
  pageId?: string;
  /** The gates the payer passed in this session (core's passGate), so a reload does not show them again. */
  gates?: Record<string, GateDecision>;
  leaveTimer?: ReturnType<typeof setTimeout>;
  /**
   * The page outside a payment that opened this payment, and what it keeps until the payment comes back to it
   * (PageContext.openPayment): on the server, beside the payment it belongs to, so that it lives and goes with
   * the session, cannot be altered by the payer, and reaches a page with no script.
   */
  page?: { id: string; state: unknown };
}

/** What starting a payment came to (the pay-page call, beside the "already paid" requery). */
type Started =
  | { kind: 'opened'; session: string; props: PaymentProps }
  | { kind: 'paid'; props: PaymentProps }
  | { kind: 'refused'; code: string; description: string }
  | { kind: 'unreachable'; message: string };

export interface CheckoutServer {
  server: http.Server;
  sandbox?: Sandbox;
  sessions: SessionStore<Session>;
  /** Set once listening: the base the server calls for the collections API. */
  apiBase(): string;
}

/** The pay-page call could not get an answer (5xx, network error, timeout, not JSON) after every try. */
class ApiUnreachable extends Error {}

/** A failure worth another try: anything but the API's own answer to the request (HTTP 2xx-4xx with JSON). */
const isTemporary = (e: unknown) => !(e instanceof HttpError && e.code === 'http' && e.status < 500);

/** Every header of the request is a string or array of strings: a malformed one is refused by node's parser. */
function acceptLanguageOf(req: IncomingMessage): string | undefined {
  const v = req.headers['accept-language'];
  return typeof v === 'string' ? v : undefined;
}

function referrerOf(req: IncomingMessage): string | undefined {
  const r = req.headers.referer;
  if (typeof r !== 'string') return undefined;
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
function selfOrigin(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  if (!/^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/.test(host)) throw new ClientError(400, 'Bad Host header');
  const https = ('encrypted' in req.socket && req.socket.encrypted) || req.headers['x-forwarded-proto'] === 'https';
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
    currencyCode: /^\d{3}$/.test(partial.currency ?? '') ? partial.currency! : '566',
    countryCode: 'NG',
    passFeeToCustomer: false,
    merchantName,
    siteRedirectUrl: partial.site_origin ? partial.site_redirect_url ?? '' : '',
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
    out[id] = Object.fromEntries(Object.entries(settings as Record<string, unknown>).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  }
  return out;
}

export function createCheckoutServer(o: CheckoutServerOptions): CheckoutServer {
  const env = o.env ?? process.env;
  const registry: Registry = createRegistry(o.channels, o.brandings, {
    pages: [homePage({ storeBase: o.storeBase, testCards: o.testCards }), ...(o.pages ?? [])],
    gates: o.gates,
  });
  const serverless = registry.pages.filter((pg) => typeof pg.serve !== 'function').map((pg) => pg.id);
  if (serverless.length) throw new Error(`Pages without their server part (resolve them with the "oja-server" condition): ${serverless.join(', ')}`);
  const manifest = JSON.parse(fs.readFileSync(path.join(o.clientDir, 'manifest.json'), 'utf8')) as Manifest;
  const assetsDir = path.join(o.clientDir, 'assets');
  // Tamper detection (PCI DSS 11.6.1): an asset that no longer matches the build's hash is never served.
  const changed = verifyAssets(o.clientDir, manifest.integrity ?? {});
  if (changed.length) throw new Error(`Assets changed since the build (their integrity no longer matches): ${changed.join(', ')}`);
  const sandbox = o.apiBase ? undefined : createSandbox(o.channels.map((c) => ({ id: c.id, part: c.sandbox })), { faults: faultsFromEnv(env) });
  const sessions = new SessionStore<Session>(o.maxSessions ?? MAX_SESSIONS, SESSION_TTL_MS, Date.now, (s) => clearTimeout(s.leaveTimer));
  let selfBase = '';
  const apiBase = () => o.apiBase ?? selfBase;
  const apiOrigin = o.apiBase ? new URL(o.apiBase).origin : undefined;
  const screenCss = Object.fromEntries(Object.entries(manifest.screens).map(([k, v]) => [k, v.css]));
  const channelSettings = sandbox ? sandboxSettings(o.channels) : parseChannelSettings(env.CHECKOUT_CHANNEL_SETTINGS);
  const sdk = sdkScript(o.clientDir, sandbox ? 'TEST' : 'LIVE');
  if (sandbox && o.outsideBase) sandbox.origins.outside = o.outsideBase;
  // The outside sources' origins: the sandbox's second origin for every key, or the deployment's configuration.
  const sourceOrigins = sandbox ? sandboxSources(o.channels, o.outsideBase ?? '') : parseOutsideSources(env.CHECKOUT_OUTSIDE_SOURCES);
  const unnamed = sandbox ? [] : unnamedSources(o.channels, sourceOrigins);
  if (unnamed.length) console.warn(`CHECKOUT_OUTSIDE_SOURCES names no origin for ${unnamed.join(', ')}: what the channels load from them will be refused by the page's policy`);
  const cspReport = createCspReportHandler({ log: o.logReport });

  const envFor = (session: string, locale: Locale, browserLocale: Locale, pageId?: string, security?: Pick<PageEnv, 'sources' | 'integrity'>): PageEnv => ({
    session,
    locale,
    browserLocale,
    sandbox: !!sandbox,
    apiBase: o.apiBase ?? '',
    screenCss,
    pageId,
    channelSettings,
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
    const channel = available.find((c) => c.screen && (pathname === c.path || pathname.startsWith(`${c.path}/`)));
    if (channel) return { path: pathname, channel: channel.id };
    if (registry.branding(props.acquiredBy).routes?.some((r) => r.path === pathname)) return { path: pathname, channel: null };
    return { path: METHODS_PATH, channel: null };
  };

  async function page(req: IncomingMessage, res: ServerResponse, status: number, props: PaymentProps, session: string, locale: Locale, route: { path: string; channel: string | null }, referrer?: string) {
    const s = sessions.peek(session);
    if (s) s.pageId = randomBytes(9).toString('base64url');
    const gates = s?.gates ?? {};
    // A gate comes first: the route's channel is not yet in use, and fetches nothing (a transfer account) before it.
    if (pendingGate(registry, props, gates)) route = { ...route, channel: null };
    const prefetched: Record<string, unknown> = {};
    const plugin = route.channel ? registry.channel(route.channel) : undefined;
    if (plugin?.prefetch && props.responseCode === '00') {
      try {
        prefetched[plugin.id] = await plugin.prefetch({ props, http: createHttp(apiBase()), signal: AbortSignal.timeout(PREFETCH_TIMEOUT_MS), visits: new Visits() });
      } catch {
        // The screen fetches for itself.
      }
    }
    const security = pageSecurity({ registry, props, session, assets: manifest, origins: sourceOrigins });
    const html = await renderPage({
      prefetched,
      registry,
      props,
      env: envFor(session, locale, localeFromAcceptLanguage(acceptLanguageOf(req)), s?.pageId, security.env),
      path: route.path,
      channel: route.channel,
      gates,
      referrer,
      assets: manifest,
      importMap: security.importMap,
    });
    const headers = pageHeaders({ displayMode: props.displayMode, siteOrigin: props.siteOrigin, apiOrigin, ...security.policy });
    sendCompressed(req, res, status, { ...headers, vary: 'Accept-Language' }, html);
  }

  /** A page outside a payment: no script, the strict CSP, never stored, in the browser's (or asked) language. */
  function outsidePage(req: IncomingMessage, res: ServerResponse, status: number, html: string, framing: { displayMode: PaymentProps['displayMode']; siteOrigin: string } = { displayMode: 'REDIRECT', siteOrigin: '' }, scriptHashes: string[] = []) {
    sendCompressed(req, res, status, { ...pageHeaders({ ...framing, apiOrigin, scriptHashes }), vary: 'Accept-Language' }, html);
  }

  /**
   * The pay-page call, tried again on a temporary failure with backoff and jitter, all within PAY_PAGE_BUDGET_MS.
   * The API's own answer (HTTP 2xx or 4xx with JSON) is returned as it is, refusal or not.
   */
  async function payPage(r: PayRequest): Promise<Record<string, unknown>> {
    const http = createHttp(apiBase());
    const body = { ...r.sandbox, ...r, sandbox: undefined, amount: String(r.amount) };
    const deadline = Date.now() + PAY_PAGE_BUDGET_MS;
    for (let attempt = 1; ; attempt++) {
      try {
        return await http.post('/api/v1/pay-page', body, { timeoutMs: Math.max(1, Math.min(PAY_PAGE_TIMEOUT_MS, deadline - Date.now())) });
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
  async function startPayment(r: PayRequest, referrer: string | undefined, opener?: Session['page']): Promise<Started> {
    const paid = isAlreadyPaid(createHttp(apiBase()), r);
    let answer: Record<string, unknown>;
    try {
      answer = await payPage(r);
    } catch (e) {
      if (!(e instanceof ApiUnreachable)) throw e;
      console.warn(`pay-page ${r.merchant_code}/${r.txn_ref}: ${e.message}; answered 503`);
      return { kind: 'unreachable', message: e.message };
    }
    if (await paid) {
      const known = answer.responseCode === '00' ? (answer as unknown as PaymentProps) : refusedProps(r, CODE_ALREADY_PAID);
      return { kind: 'paid', props: { ...known, responseCode: CODE_ALREADY_PAID, displayMode: r.display_mode, siteRedirectUrl: r.site_redirect_url, siteOrigin: r.site_origin } };
    }
    if (answer.responseCode !== '00') return { kind: 'refused', code: String(answer.responseCode ?? 'Z1'), description: String(answer.responseDescription ?? '') };
    const props = { ...(answer as unknown as PaymentProps), displayMode: r.display_mode, siteRedirectUrl: r.site_redirect_url, siteOrigin: r.site_origin };
    const session = randomBytes(18).toString('base64url');
    sessions.set(session, { props, referrer, seenAt: Date.now(), page: opener });
    return { kind: 'opened', session, props };
  }

  async function pay(req: IncomingMessage, res: ServerResponse, fields: Record<string, string>) {
    const locale = pickLocale(fields.lang, acceptLanguageOf(req));
    const referrer = referrerOf(req);
    const parsed = parsePayRequest(fields);
    if (!parsed.ok) {
      return page(req, res, 400, refusedProps(parsed.partial, 'Z5'), '', locale, { path: METHODS_PATH, channel: null }, referrer);
    }
    const r = parsed.request;
    const started = await startPayment(r, referrer);
    switch (started.kind) {
      case 'unreachable': {
        // Not the payer's mistake: say so, and let them send the same request again (same txn_ref, same payment).
        const retry = Object.fromEntries(PAY_FIELDS.filter((k) => fields[k]).map((k) => [k, fields[k].trim()]));
        const { css, integrity } = manifest;
        return outsidePage(req, res, 503, renderUnreachablePage({ locale, css, integrity, fields: retry }), { displayMode: r.display_mode, siteOrigin: r.site_origin });
      }
      // 409: the request conflicts with the payment's state (paid). No session: nothing to leave, cancel or retry.
      case 'paid':
        return page(req, res, 409, started.props, '', locale, { path: METHODS_PATH, channel: null }, referrer);
      case 'refused':
        return page(req, res, 400, refusedProps(r, started.code), '', locale, { path: METHODS_PATH, channel: null }, referrer);
      case 'opened':
        return page(req, res, 200, started.props, started.session, locale, initialPath(started.props), referrer);
    }
  }

  /** PageContext.openPayment: POST /pay's way, with the page's state kept in the session, and nothing rendered. */
  async function openPayment(req: IncomingMessage, plugin: PagePlugin, fields: Record<string, string>, state: unknown): Promise<PaymentOpening> {
    const parsed = parsePayRequest(fields);
    if (!parsed.ok) return { opened: false, reason: 'invalid', responseCode: 'Z5', responseDescription: parsed.errors.join('; ') };
    const started = await startPayment(parsed.request, referrerOf(req), { id: plugin.id, state });
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
  async function servePage(req: IncomingMessage, res: ServerResponse, url: URL, plugin: PagePlugin) {
    const allowed = plugin.methods ?? ['GET'];
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    if ((method !== 'GET' && method !== 'POST') || !allowed.includes(method)) return notAllowed(res, allowed);
    const form = method === 'POST' ? await readBody(req, { accept: ['form'], strict: true }) : {};
    const body = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v ?? '')]));
    const locale = pickLocale(url.searchParams.get('lang'), acceptLanguageOf(req));
    const http = createHttp(apiBase());
    const token = url.searchParams.get('p');
    const s = token ? sessions.get(token) : undefined;
    const own = s?.page?.id === plugin.id ? s : undefined;
    const ctx: PageContext = {
      request: { method, path: url.pathname, query: url.searchParams, body },
      locale,
      sandbox: !!sandbox,
      http,
      selfUrl: (path) => new URL(path, selfOrigin(req)).href,
      payment: own && {
        props: own.props,
        state: own.page?.state,
        setState: (state) => {
          own.page = { id: plugin.id, state };
        },
        isPaid: () => isAlreadyPaid(http, { merchant_code: own.props.merchantCode, txn_ref: own.props.merchantTransactionReference, amount: own.props.amount }),
      },
      openPayment: (fields, state) => openPayment(req, plugin, fields, state),
    };
    await sendPageAnswer(req, res, plugin, url.pathname, locale, await plugin.serve!(ctx));
  }

  async function sendPageAnswer(req: IncomingMessage, res: ServerResponse, plugin: PagePlugin, path: string, locale: Locale, answer: PageAnswer) {
    switch (answer.kind) {
      case 'document':
        return outsidePage(req, res, answer.status ?? 200, renderPageDocument({ page: plugin, locale, css: manifest.css, integrity: manifest.integrity, title: answer.title, content: answer.content }));
      case 'screen': {
        const security = pageScreenSecurity(manifest, plugin.id);
        const html = await renderPageScreen({ page: plugin, locale, path, data: answer.data ?? null, title: answer.title, assets: manifest, importMap: security.importMap });
        return outsidePage(req, res, answer.status ?? 200, html, undefined, security.scriptHashes);
      }
      case 'redirect':
        // Only to this checkout: a page is no open redirector.
        if (!/^\/(?![/\\])/.test(answer.to)) throw new Error(`page ${plugin.id}: redirect to ${answer.to} is not a path of this checkout`);
        res.writeHead(303, { location: answer.to, 'cache-control': 'no-store' });
        return res.end();
      case 'checkout': {
        const s = sessions.peek(answer.session);
        if (!s || s.page?.id !== plugin.id) throw new Error(`page ${plugin.id}: no payment of its own in session ${answer.session}`);
        return page(req, res, 200, s.props, answer.session, locale, initialPath(s.props), s.referrer);
      }
    }
  }

  function notAllowed(res: ServerResponse, allowed: readonly string[]) {
    res.writeHead(405, { allow: [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', '), 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end('Method not allowed');
  }

  async function revisit(req: IncomingMessage, res: ServerResponse, url: URL) {
    const token = url.searchParams.get('p') ?? '';
    const s = sessions.get(token);
    // The URL says the language when the payer chose one other than their browser's (core's withSession).
    const locale = pickLocale(url.searchParams.get('lang'), acceptLanguageOf(req));
    if (!s) return page(req, res, 404, refusedProps({}, 'Z5'), '', locale, { path: METHODS_PATH, channel: null });
    // The payer is back (reload, link followed before hydration): a pending leave-cancel is dropped.
    clearTimeout(s.leaveTimer);
    await page(req, res, 200, s.props, token, locale, routeOf(s.props, url.pathname), s.referrer);
  }

  function leave(res: ServerResponse, url: URL) {
    const s = sessions.peek(url.searchParams.get('p') ?? '');
    // A page the payer has already replaced (reloaded, followed a link) says so after its successor was served.
    const from = url.searchParams.get('page');
    const stale = !!(from && s?.pageId && from !== s.pageId);
    if (s && !stale) {
      clearTimeout(s.leaveTimer);
      s.leaveTimer = setTimeout(() => {
        void fetch(`${apiBase()}/api/v1/pay/customerCancellation`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ paymentId: s.props.paymentId, customerCancellationReason: CANCEL_REASON_LEAVE }),
          signal: AbortSignal.timeout(10_000),
        }).catch(() => undefined);
      }, LEAVE_GRACE_MS);
    }
    res.writeHead(204, { 'cache-control': 'no-store' });
    res.end();
  }

  /** The payer passed a gate (core's passGate beacon): kept for the session, so a reload does not show it again. */
  function passGate(res: ServerResponse, url: URL) {
    const id = url.searchParams.get('gate') ?? '';
    const decision = url.searchParams.get('decision') as GateDecision;
    if (!registry.gate(id) || !GATE_DECISIONS.includes(decision)) throw new ClientError(400, 'Unknown gate or decision');
    // An unknown or forgotten session has nothing to keep: answered alike, as the leave beacon is.
    const s = sessions.peek(url.searchParams.get('p') ?? '');
    if (s) s.gates = { ...s.gates, [id]: decision };
    res.writeHead(204, { 'cache-control': 'no-store' });
    res.end();
  }

  /** A client's mistake, answered without a trace in the log: JSON on API paths, a short page elsewhere. */
  async function refuse(req: IncomingMessage, res: ServerResponse, pathname: string, status: number, message: string, fields: Record<string, string> = {}) {
    // A request whose body was not read to the end (413) cannot keep its connection.
    if (status === 413) res.setHeader('connection', 'close');
    if (API_PATH.test(pathname)) {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
      return res.end(JSON.stringify({ responseCode: String(status), responseDescription: message }));
    }
    if (pathname === '/pay') {
      // A pay request that cannot be read is an incorrect one (CONTRACT §2): nothing is charged.
      const parsed = parsePayRequest(fields);
      return page(req, res, status, refusedProps(parsed.ok ? parsed.request : parsed.partial, 'Z5'), '', pickLocale(fields.lang, acceptLanguageOf(req)), { path: METHODS_PATH, channel: null }, referrerOf(req));
    }
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    res.end(message);
  }

  const server = http.createServer(async (req, res) => {
    if (o.logRequest) logRequest(req, res, o.logRequest);
    let pathname = '/';
    let url: URL;
    try {
      // Node accepts request targets `new URL` refuses (`//host:99999`, `http://[::1`): those are the client's mistake.
      url = new URL(req.url ?? '/', 'http://checkout.local');
      pathname = url.pathname;
    } catch {
      return refuse(req, res, pathname, 400, 'Bad request');
    }
    const p = pathname;
    try {
      if ((req.method === 'GET' || req.method === 'HEAD') && p.startsWith('/assets/')) {
        if (serveAsset(req, res, assetsDir, p.slice('/assets/'.length))) return;
      }
      const pagePlugin = registry.pageAt(p);
      if (pagePlugin) return await servePage(req, res, url, pagePlugin);
      if (p === '/pay' && (req.method === 'POST' || req.method === 'GET')) {
        const body = req.method === 'POST' ? await readBody(req, { accept: ['form'], strict: true }) : Object.fromEntries(url.searchParams);
        return await pay(req, res, Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v ?? '')])));
      }
      if (req.method === 'GET' && (p === METHODS_PATH || p.startsWith('/payment/'))) return await revisit(req, res, url);
      if (p === LEAVE_PATH && req.method === 'POST') return leave(res, url);
      if (p === CSP_REPORT_PATH && req.method === 'POST') return await cspReport(req, res);
      if (p === GATE_PATH && req.method === 'POST') return passGate(res, url);
      if (p === SDK_PATH && sdk && (req.method === 'GET' || req.method === 'HEAD')) {
        const headers = {
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': SDK_CACHE_CONTROL,
          etag: sdk.etag,
          'x-content-type-options': 'nosniff',
          // Loaded by merchants' pages of any site (and with `crossorigin` for subresource integrity).
          'cross-origin-resource-policy': 'cross-origin',
          'access-control-allow-origin': '*',
        };
        if (req.headers['if-none-match'] === sdk.etag) {
          res.writeHead(304, headers);
          return res.end();
        }
        return sendCompressed(req, res, 200, headers, sdk.text);
      }
      if (p === '/favicon.ico') {
        res.writeHead(204, { 'cache-control': 'public, max-age=86400' });
        return res.end();
      }
      if (p === '/healthz') {
        res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
        return res.end('ok');
      }
      if (sandbox && isSandboxPath(p)) {
        const reply = await sandbox.handle({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: await readBody(req) });
        if (reply) return writeReply(res, reply);
      }
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end('Not found');
    } catch (e) {
      if (res.headersSent) {
        if (!(e instanceof ClientError)) console.error(e);
        return res.end();
      }
      if (e instanceof ClientError) {
        const fields = p === '/pay' && req.method === 'GET' ? Object.fromEntries(url.searchParams) : {};
        return refuse(req, res, p, e.status, e.message, fields);
      }
      console.error(e);
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end('Internal error');
    }
  });
  // A request node's parser cannot read (a malformed request line or header, headers too large) never reaches the
  // handler: answered here with its 4xx, without a stack trace in the log.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    const body = status.slice(4);
    socket.end(`HTTP/1.1 ${status}\r\ncontent-type: text/plain; charset=utf-8\r\ncache-control: no-store\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  });
  server.on('listening', () => {
    const a = server.address();
    if (a && typeof a === 'object') selfBase = `http://127.0.0.1:${a.port}`;
    if (sandbox) sandbox.origins.checkout = o.checkoutBase ?? selfBase;
  });
  const sweeper = setInterval(() => sessions.sweep(), SESSION_SWEEP_MS);
  sweeper.unref();
  server.on('close', () => clearInterval(sweeper));
  return { server, sandbox, sessions, apiBase };
}
