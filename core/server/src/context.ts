import fs from 'node:fs';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { BrandingPlugin, ChannelPlugin, GatePlugin, Http, MarketRule, PagePlugin, Registry } from '@oja/core';
import { CANCEL_REASON_LEAVE, createHttp, createRegistry, HttpError } from '@oja/core';
import { createMemoryStore } from '@oja/store';
import type { Store } from '@oja/store';
import { createAssets, inlineStylesheets, verifyAssets } from './assets';
import { createCspReportHandler } from './cspReport';
import { EMBEDDED_API_BASE, inProcessFetch } from './embedded';
import type { EmbeddedApi } from './embedded';
import { createLeaves } from './leaves';
import type { Leaves } from './leaves';
import { createMetrics } from './metrics';
import type { Metrics } from './metrics';
import { homePage } from './outside/homePage';
import type { PageAssets } from './page/render';
import { parseOutsideSources, unnamedSources } from './page/sources';
import type { SourceOrigins } from './page/sources';
import type { RequestLogLine } from './requestLog';
import { createSessions, MAX_SESSIONS } from './sessions';
import type { Sessions } from './sessions';
import { sdkScript } from './routes/sdk';

/** Longest the leave-cancel call may take, ms. */
const CANCEL_TIMEOUT_MS = 10_000;

export interface CheckoutServerOptions {
  channels: ChannelPlugin[];
  brandings: BrandingPlugin[];
  /** Pages outside a payment, with their server part (`serve`). The server's home page `/` comes first, by itself. */
  pages?: PagePlugin[];
  /** The gates shown before method choice (default none). */
  gates?: GatePlugin[];
  /** The markets where only some channels work (the app's oja.config.json "markets"; default none). */
  markets?: readonly MarketRule[];
  /** dist/client: assets/ and manifest.json. */
  clientDir: string;
  /** A real collections API. Without one, `embedded` answers. */
  apiBase?: string;
  /**
   * A collections API answered in this process (the app's sandbox), when no `apiBase` is given: its paths are served
   * on the checkout's origin, and the server's own calls reach it without a socket.
   */
  embedded?: EmbeddedApi;
  env?: Record<string, string | undefined>;
  /**
   * Where sessions and leave-cancels live (CONTRACT §5 "Running as a service"): a Redis store shared by every
   * instance, or by default one instance's memory (MAX_SESSIONS sessions).
   */
  store?: Store;
  /** The demo merchant store's address, linked from the checkout's `/` with an embedded API. */
  storeBase?: string;
  /** Waits between pay-page tries (tests shorten it), ms. */
  payPageBackoffMs?: number;
  /** The checkout's own base as browsers reach it (default http://127.0.0.1:<port>): told to the embedded API. */
  checkoutBase?: string;
  /** Where violation reports and operational events are logged, one line each (default console.warn). */
  logReport?: (line: string) => void;
  /** Where each request is logged, one line each (requestLog.ts); default none (tests). The app logs JSON lines. */
  logRequest?: (line: RequestLogLine) => void;
  /**
   * The bearer token a scraper sends for `GET /metrics` (default: env CHECKOUT_METRICS_TOKEN). Without one, the
   * metrics are still counted but `/metrics` is not served (404, as any unknown path).
   */
  metricsToken?: string;
  /** Also the process's own metrics (CPU, memory, event loop, GC) on `/metrics`. Default: when it is served. */
  processMetrics?: boolean;
}

/** A request as the routes take it (Hono's, over node's HTTP server). */
export type Ctx = Context<{ Bindings: HttpBindings }>;

/** What the routes share: built once per server from its options, never per request. */
export interface ServerContext {
  registry: Registry;
  /** The build's manifest, with the first screens' stylesheets' text (inlined by every page). */
  manifest: PageAssets;
  /** The built assets, listed at start. */
  asset: ReturnType<typeof createAssets>;
  store: Store;
  sessions: Sessions;
  leaves: Leaves;
  /** The collections API the server calls: the configured one, or the embedded one in-process. */
  api: Http;
  apiBase?: string;
  /** The configured API's origin (the pages' connect-src allows it), none with an embedded API. */
  apiOrigin?: string;
  embedded?: EmbeddedApi;
  /** Each channel's page settings, by channel id. */
  channelSettings: Record<string, Record<string, string>>;
  /** The outside sources' origins by key. */
  sourceOrigins: SourceOrigins;
  /** The SDK's script as this server serves it (its mode written in), when the build wrote it. */
  sdk?: { text: string; etag: string };
  /** The pay request fields beyond CONTRACT §2 the API takes (an embedded API's test data; none for a real one). */
  requestFields: readonly string[];
  payPageBackoffMs?: number;
  /** This server's metrics (metrics.ts), in a registry of its own. */
  metrics: Metrics;
  /** The token `GET /metrics` wants; none: not served. */
  metricsToken?: string;
  log(line: string): void;
  cspReport: ReturnType<typeof createCspReportHandler>;
}

/** A failure worth another try: anything but the API's own answer to the request (HTTP 2xx-4xx with JSON). */
export const isTemporary = (e: unknown) => !(e instanceof HttpError && e.code === 'http' && e.status < 500);

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

/** Reads the build and wires the server's parts from its options: everything that depends only on them, once. */
export function createContext(o: CheckoutServerOptions): ServerContext {
  const env = o.env ?? process.env;
  const log = o.logReport ?? ((line: string) => console.warn(line));
  const embedded = o.apiBase ? undefined : o.embedded;
  if (!o.apiBase && !embedded) throw new Error('No collections API: give apiBase (CHECKOUT_API_BASE) or an embedded one');
  const registry = createRegistry(o.channels, o.brandings, {
    pages: [homePage({ storeBase: o.storeBase, testCards: embedded?.testCards ?? [] }), ...(o.pages ?? [])],
    gates: o.gates,
    markets: o.markets,
  });
  const serverless = registry.pages.filter((pg) => typeof pg.serve !== 'function').map((pg) => pg.id);
  if (serverless.length) throw new Error(`Pages without their server part (resolve them with the "oja-server" condition): ${serverless.join(', ')}`);
  const manifest = JSON.parse(fs.readFileSync(path.join(o.clientDir, 'manifest.json'), 'utf8')) as PageAssets;
  // Tamper detection (PCI DSS 11.6.1): an asset that no longer matches the build's hash is never served.
  const changed = verifyAssets(o.clientDir, manifest.integrity ?? {});
  if (changed.length) throw new Error(`Assets changed since the build (their integrity no longer matches): ${changed.join(', ')}`);
  // Every payment page carries its first screen's stylesheets inline (render.tsx): read once, a few KiB in all.
  manifest.inlineCss = inlineStylesheets(o.clientDir, [...manifest.css, ...Object.values(manifest.screens).map((s) => s.css)]);
  const metricsToken = o.metricsToken ?? (env.CHECKOUT_METRICS_TOKEN || undefined);
  // The process's metrics watch the event loop and the GC: only for a server that shows them.
  const metrics = createMetrics({ processMetrics: o.processMetrics ?? !!metricsToken });
  // Every store operation of the server (sessions, leave-cancels) is timed and its failures counted.
  const store = metrics.instrument(o.store ?? createMemoryStore({ maxEntries: MAX_SESSIONS }));
  const sessions = createSessions(store);
  const api = embedded ? createHttp(EMBEDDED_API_BASE, inProcessFetch(embedded)) : createHttp(o.apiBase!);
  // The outside sources' origins: the embedded API's for every key, or the deployment's configuration.
  const sourceOrigins = embedded ? embedded.sourceOrigins : parseOutsideSources(env.CHECKOUT_OUTSIDE_SOURCES);
  const unnamed = embedded ? [] : unnamedSources(o.channels, sourceOrigins);
  if (unnamed.length)
    console.warn(
      `CHECKOUT_OUTSIDE_SOURCES names no origin for ${unnamed.join(', ')}: what the channels load from them will be refused by the page's policy`,
    );
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
  return {
    registry,
    manifest,
    asset: createAssets(path.join(o.clientDir, 'assets')),
    store,
    sessions,
    leaves,
    api,
    apiBase: o.apiBase,
    apiOrigin: o.apiBase ? new URL(o.apiBase).origin : undefined,
    embedded,
    channelSettings: embedded ? embedded.channelSettings : parseChannelSettings(env.CHECKOUT_CHANNEL_SETTINGS),
    sourceOrigins,
    sdk: sdkScript(o.clientDir, embedded ? 'TEST' : 'LIVE'),
    requestFields: embedded?.requestFields ?? [],
    payPageBackoffMs: o.payPageBackoffMs,
    metrics,
    metricsToken,
    log,
    cspReport: createCspReportHandler({ log }),
  };
}

/** The route table the route modules add to. */
export type App = Hono<{ Bindings: HttpBindings }>;
