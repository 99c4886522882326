import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { BrandingPlugin, ChannelPlugin, Locale, PageEnv, PaymentProps, Registry } from '@oja/core';
import { autoOpenChannel, availableChannels, createHttp, createRegistry, parseLocale, METHODS_PATH, LEAVE_PATH, CANCEL_REASON_LEAVE, CODE_ALREADY_PAID } from '@oja/core';
import { isAlreadyPaid, pageHeaders, parsePayRequest, renderPage } from '@oja/core/server';
import type { PayRequest } from '@oja/core/server';
import { createSandbox, faultsFromEnv, isSandboxPath } from '@oja/core/sandbox';
import type { Sandbox } from '@oja/core/sandbox';
import { readBody, sendCompressed } from './http-util';
import { serveAsset } from './static';

/** How long after the payer's page is hidden the server waits for it to come back before cancelling, ms. */
export const LEAVE_GRACE_MS = 4_000;
/** How long the server waits for a channel's first-screen data before rendering without it, ms. */
export const PREFETCH_TIMEOUT_MS = 3_000;
/** A session unused this long is forgotten, ms. */
export const SESSION_TTL_MS = 2 * 60 * 60_000;
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
  /** dist/client: assets/ and manifest.json. */
  clientDir: string;
  /** A real collections API; when absent the embedded sandbox serves /api and /sandbox. */
  apiBase?: string;
  env?: Record<string, string | undefined>;
}

interface Manifest {
  js: string;
  css: string[];
  screens: Record<string, { js: string; css: string }>;
}

interface Session {
  props: PaymentProps;
  referrer?: string;
  seenAt: number;
  /** The latest page rendered for this session (PageEnv.pageId). */
  pageId?: string;
  leaveTimer?: ReturnType<typeof setTimeout>;
}

export interface CheckoutServer {
  server: http.Server;
  sandbox?: Sandbox;
  sessions: Map<string, Session>;
  /** Set once listening: the base the server calls for the collections API. */
  apiBase(): string;
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
  const registry: Registry = createRegistry(o.channels, o.brandings);
  const manifest = JSON.parse(fs.readFileSync(path.join(o.clientDir, 'manifest.json'), 'utf8')) as Manifest;
  const assetsDir = path.join(o.clientDir, 'assets');
  const sandbox = o.apiBase ? undefined : createSandbox(o.channels.map((c) => ({ id: c.id, part: c.sandbox })), faultsFromEnv(env));
  const sessions = new Map<string, Session>();
  let selfBase = '';
  const apiBase = () => o.apiBase ?? selfBase;
  const apiOrigin = o.apiBase ? new URL(o.apiBase).origin : undefined;
  const screenCss = Object.fromEntries(Object.entries(manifest.screens).map(([k, v]) => [k, v.css]));
  const channelSettings = sandbox ? sandboxSettings(o.channels) : parseChannelSettings(env.CHECKOUT_CHANNEL_SETTINGS);
  const sdk = sdkScript(o.clientDir, sandbox ? 'TEST' : 'LIVE');

  const envFor = (session: string, locale: Locale, pageId?: string): PageEnv => ({
    session,
    locale,
    sandbox: !!sandbox,
    apiBase: o.apiBase ?? '',
    screenCss,
    pageId,
    channelSettings,
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
    const s = sessions.get(session);
    if (s) s.pageId = randomBytes(9).toString('base64url');
    const prefetched: Record<string, unknown> = {};
    const plugin = route.channel ? registry.channel(route.channel) : undefined;
    if (plugin?.prefetch && props.responseCode === '00') {
      try {
        prefetched[plugin.id] = await plugin.prefetch({ props, http: createHttp(apiBase()), signal: AbortSignal.timeout(PREFETCH_TIMEOUT_MS) });
      } catch {
        // The screen fetches for itself.
      }
    }
    const html = await renderPage({
      prefetched,
      registry,
      props,
      env: envFor(session, locale, s?.pageId),
      path: route.path,
      channel: route.channel,
      referrer,
      assets: manifest,
    });
    sendCompressed(req, res, status, pageHeaders({ displayMode: props.displayMode, siteOrigin: props.siteOrigin, apiOrigin }), html);
  }

  async function pay(req: IncomingMessage, res: ServerResponse, fields: Record<string, string>) {
    const locale = parseLocale(fields.lang);
    const referrer = referrerOf(req);
    const parsed = parsePayRequest(fields);
    if (!parsed.ok) {
      return page(req, res, 400, refusedProps(parsed.partial, 'Z5'), '', locale, { path: METHODS_PATH, channel: null }, referrer);
    }
    const r = parsed.request;
    // Beside the pay-page call: a reference already paid opens no payment (CONTRACT §5). Works with a real API too.
    const paid = isAlreadyPaid(createHttp(apiBase()), r);
    let answer: Record<string, unknown>;
    try {
      const api = await fetch(`${apiBase()}/api/v1/pay-page`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...r.sandbox, ...r, sandbox: undefined, amount: String(r.amount) }),
        signal: AbortSignal.timeout(15_000),
      });
      answer = (await api.json()) as Record<string, unknown>;
    } catch {
      answer = { responseCode: 'Z1' };
    }
    if (await paid) {
      // 409: the request conflicts with the payment's state (paid). No session: nothing to leave, cancel or retry.
      const known = answer.responseCode === '00' ? (answer as unknown as PaymentProps) : refusedProps(r, CODE_ALREADY_PAID);
      const props = { ...known, responseCode: CODE_ALREADY_PAID, displayMode: r.display_mode, siteRedirectUrl: r.site_redirect_url, siteOrigin: r.site_origin };
      return page(req, res, 409, props, '', locale, { path: METHODS_PATH, channel: null }, referrer);
    }
    if (answer.responseCode !== '00') {
      return page(req, res, 400, refusedProps(r, String(answer.responseCode ?? 'Z1')), '', locale, { path: METHODS_PATH, channel: null }, referrer);
    }
    const props = { ...(answer as unknown as PaymentProps), displayMode: r.display_mode, siteRedirectUrl: r.site_redirect_url, siteOrigin: r.site_origin };
    const session = randomBytes(18).toString('base64url');
    sessions.set(session, { props, referrer, seenAt: Date.now() });
    await page(req, res, 200, props, session, locale, initialPath(props), referrer);
  }

  async function revisit(req: IncomingMessage, res: ServerResponse, url: URL) {
    const token = url.searchParams.get('p') ?? '';
    const s = sessions.get(token);
    if (!s) return page(req, res, 404, refusedProps({}, 'Z5'), '', parseLocale(url.searchParams.get('lang')), { path: METHODS_PATH, channel: null });
    // The payer is back (reload, link followed before hydration): a pending leave-cancel is dropped.
    clearTimeout(s.leaveTimer);
    s.seenAt = Date.now();
    // The URL says the language (the page writes lang=fr into every URL it makes; none means English).
    await page(req, res, 200, s.props, token, parseLocale(url.searchParams.get('lang')), routeOf(s.props, url.pathname), s.referrer);
  }

  function leave(res: ServerResponse, url: URL) {
    const s = sessions.get(url.searchParams.get('p') ?? '');
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

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://checkout.local');
      const p = url.pathname;
      if ((req.method === 'GET' || req.method === 'HEAD') && p.startsWith('/assets/')) {
        if (serveAsset(req, res, assetsDir, p.slice('/assets/'.length))) return;
      }
      if (p === '/pay' && (req.method === 'POST' || req.method === 'GET')) {
        const body = req.method === 'POST' ? await readBody(req) : Object.fromEntries(url.searchParams);
        return await pay(req, res, Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v ?? '')])));
      }
      if (req.method === 'GET' && (p === METHODS_PATH || p.startsWith('/payment/'))) return await revisit(req, res, url);
      if (p === LEAVE_PATH && req.method === 'POST') return leave(res, url);
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
        const body = await readBody(req);
        if (await sandbox.handle(req, res, body)) return;
      }
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end('Not found');
    } catch (e) {
      const status = (e as { status?: number }).status ?? 500;
      if (!res.headersSent) res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end(status === 500 ? 'Internal error' : (e as Error).message);
      if (status === 500) console.error(e);
    }
  });
  server.on('listening', () => {
    const a = server.address();
    if (a && typeof a === 'object') selfBase = `http://127.0.0.1:${a.port}`;
  });
  // Forget idle sessions.
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [k, s] of sessions) if (now - s.seenAt > SESSION_TTL_MS) sessions.delete(k);
  }, 60_000);
  sweeper.unref();
  server.on('close', () => clearInterval(sweeper));
  return { server, sandbox, sessions, apiBase };
}
