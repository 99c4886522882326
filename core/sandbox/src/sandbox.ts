import { randomBytes } from 'node:crypto';
import { MAX_URL_CHARS, PAY_RULES } from '@oja/sdk/schema';
import type {
  SandboxAnswer,
  SandboxContext,
  SandboxHttpRequest,
  SandboxPart,
  SandboxPayment,
  SandboxReply,
  SandboxRequest,
  SandboxRoute,
  SimulatedOutcome,
} from '@oja/core';
import { createMemoryStore, isStoreFailure } from '@oja/store';
import type { Store } from '@oja/store';
import { bodyFieldProblem, sandboxKeys, storedPayments, textField } from './payments';
import { issueAccessToken, TOKEN_PATH } from './passport';
import type { IssuedToken, IssuedTokens } from './passport';
import type { PaymentChange, PaymentRef, PaymentWork } from './payments';
import { readRegistration, signWebhook, testWebhookSecret, WEBHOOK_EVENTS, webhookBody, webhookEventsOf, webhookUrlRefusal } from './webhooks';
import type { WebhookDestination, WebhookResult } from './webhooks';
import { createWebhookDispatcher } from './webhookDelivery';
import type { WebhookDeliveryOptions } from './webhookDelivery';
import { parsePayRequest } from '@oja/core';
import { HASH_MISMATCH_CODE, hashRefusal } from './legacyHash';
import { REQUERY_PATH } from '@oja/core';
import { CODE_ALREADY_PAID } from '@oja/core';

/** What a route answers for a payment the sandbox does not know (core's and every channel's). */
export const UNKNOWN_PAYMENT: SandboxAnswer = { status: 404, body: { responseCode: '25', responseDescription: 'Unknown payment' } };

/**
 * Payments the default (memory) store keeps at most: past it the least recently seen goes first (a long-running
 * dev server). A shared store (Redis) is bounded by the payments' expiry instead.
 */
export const MAX_SANDBOX_PAYMENTS = 10_000;
/** Store entries per payment: the payment and its index by merchant reference. */
const ENTRIES_PER_PAYMENT = 2;
export { bodyFieldProblem, SANDBOX_PAYMENT_IDLE_MS, FIRST_PAYMENT_ID, sandboxKeys, textField } from './payments';
/** Calls logged per payment at most, the oldest dropped first (a page polling for hours). */
export const MAX_CALLS_PER_PAYMENT = 200;
/** How long a token of the merchant's token sign-in opens the wallet, ms (the wallet is used at once). */
export const SIGN_IN_TOKEN_TTL_MS = 60 * 60_000;
/** What a request answers while the store cannot be reached or stays locked: temporary, to be tried again, s. */
export const STORE_RETRY_AFTER_S = 1;
/** How long a merchant's webhook registration is kept, ms (30 days; each registration sets it anew). */
export const WEBHOOK_REGISTRATION_TTL_MS = 30 * 24 * 60 * 60_000;

/** The transaction requery a merchant's server calls to verify a payment (CONTRACT §5). */
export { REQUERY_PATH };
/** What any initiating call (generate, pay) answers for a payment already settled 00. */
export { CODE_ALREADY_PAID };
/** The code of a request the sandbox cannot read (missing or malformed fields). */
export const BAD_REQUEST_CODE = '400';

/** Fault injection: added latency, share of requests answered 500, share dropped (socket destroyed). */
export interface Faults {
  latencyMs: number;
  errorRate: number;
  dropRate: number;
  /** Only requests whose path starts with this are affected ('' = all API requests). */
  pathPrefix: string;
}

export const NO_FAULTS: Faults = { latencyMs: 0, errorRate: 0, dropRate: 0, pathPrefix: '' };

/** Reads SANDBOX_LATENCY_MS, SANDBOX_ERROR_RATE, SANDBOX_DROP_RATE and SANDBOX_FAULT_PATH. */
export function faultsFromEnv(env: Record<string, string | undefined>): Faults {
  const num = (v: string | undefined, max: number) => Math.min(max, Math.max(0, Number(v) || 0));
  return {
    latencyMs: num(env.SANDBOX_LATENCY_MS, 60_000),
    errorRate: num(env.SANDBOX_ERROR_RATE, 1),
    dropRate: num(env.SANDBOX_DROP_RATE, 1),
    pathPrefix: env.SANDBOX_FAULT_PATH ?? '',
  };
}

/** A part offered in every country (SandboxPart.offeredIn): the card. */
export const EVERY_COUNTRY = '*';

/**
 * Country -> the channel codes the sandbox offers when a pay request names none (CONTRACT §2 "channels"): every
 * part's that names the country or every country, in the order the parts are installed. A country no part names
 * gets those of every country.
 */
export function countryChannels(parts: ReadonlyArray<{ code?: string; part?: SandboxPart }>): (country: string) => string[] {
  const offered = parts.flatMap(({ code, part }) => (code && part?.offeredIn ? [{ code, countries: part.offeredIn }] : []));
  return (country) => offered.filter((o) => o.countries.includes(country) || o.countries.includes(EVERY_COUNTRY)).map((o) => o.code);
}

/** Sandbox merchants with names; any other well-formed code is accepted as "Sandbox Merchant <code>". */
export const SANDBOX_MERCHANTS: Record<string, string> = {
  MX_DEMO: 'Oja Demo Store',
  MX6072: 'Oja Demo Store',
};
/** A merchant code the sandbox refuses (pay-page answers Z1), to try the Incorrect Transaction screen. */
export const REFUSED_MERCHANT = 'MX_REFUSED';
/** Access token the sandbox accepts for the merchant's token sign-in. */
export const SANDBOX_ACCESS_TOKEN = 'sandbox-access-token';

type Compiled = CoreRoute & { re: RegExp };

interface Match {
  route: CoreRoute;
  params: Record<string, string>;
}

function compile(path: string): RegExp {
  return new RegExp(`^${path.replace(/:[a-zA-Z]+/g, (m) => `(?<${m.slice(1)}>[^/]+)`)}$`);
}

export interface Sandbox {
  /**
   * Answers /api/*, /collections/*, /passport/* (the identity service's token endpoint) and /sandbox/*; undefined
   * for any other path. `{ drop: true }` is the fault injection's cut connection: send nothing, destroy the socket.
   */
  handle(req: SandboxHttpRequest): Promise<SandboxReply | undefined>;
  /** Answers the parts' outsideRoutes, on the sandbox's second origin; undefined for any other path. */
  handleOutside(req: SandboxHttpRequest): Promise<SandboxReply | undefined>;
  /**
   * The checkout's origin (which frames the second origin's pages) and the second origin's base, as the browser
   * reaches them: set by whoever starts their listeners ('' until then).
   */
  origins: { checkout: string; outside: string };
  /** This instance's fault injection (POST /sandbox/faults changes it): per instance, never shared through the store. */
  faults: Faults;
  /**
   * Runs fn as a request runs a handler: the payments it asks for are locked and written back when it ends (tests
   * calling a route's handler directly).
   */
  run<T>(fn: (ctx: SandboxContext) => Promise<T>): Promise<T>;
  /** A copy of a payment as the store keeps it now (tests, checks): no lock, nothing written, not counted as seen. */
  readPayment(ref: PaymentRef): Promise<SandboxPayment | undefined>;
  /** Stops sending webhooks (retries waiting, attempts in flight): the server closing. */
  close(): void;
}

export interface SandboxOptions {
  /**
   * Where payments and sandbox-wide state are kept (keys under `sandbox:`). Instances sharing one store act as one
   * collections API. Default: a memory store of this instance, MAX_SANDBOX_PAYMENTS payments at most.
   */
  store?: Store;
  /** Fault injection to start with; default none. */
  faults?: Faults;
  /** The clock (tests move it). Default Date.now. */
  now?: () => number;
  /** Payments the default memory store keeps at most (tests use a few); ignored with `store`. */
  maxPayments?: number;
  /** How the merchants' webhooks are delivered (retry schedule, fetch); default webhookDelivery.ts's constants. */
  webhooks?: WebhookDeliveryOptions;
  /**
   * The channel codes an acquirer's policy forces on (its branding's `channels.force`), by acquirer. The API
   * configures an acquirer's merchants for them: a forced channel whose option carries the merchant's configuration
   * (a part's `optionInformation`, Google Pay's gateway) gets that option on every payment of the acquirer. Default
   * none.
   */
  forcedBy?: (acquirer: string) => readonly string[];
}

/** Every JSON answer's headers: never cached, never sniffed as another type (a body that looks like markup stays data). */
export const JSON_HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } as const;

const json = (status: number, body: unknown, headers: Record<string, string> = {}): SandboxReply => ({
  status,
  headers: { ...JSON_HEADERS, date: new Date().toUTCString(), ...headers },
  body: JSON.stringify(body),
});

/** The answer while the store fails (unreachable, a lock held too long): 503, temporary, never the payer's mistake. */
function storeFailed(e: Error): SandboxReply {
  return json(
    503,
    { responseCode: '96', responseDescription: `The sandbox's store is unavailable, try again: ${e.message}`, temporary: true },
    { 'retry-after': String(STORE_RETRY_AFTER_S) },
  );
}

/**
 * The paths the sandbox answers: the collections API (with its transaction requery under /collections/), the
 * identity service's token endpoint, its own controls and pages.
 */
export const SANDBOX_PREFIXES = ['/api/', '/collections/', '/passport/', '/sandbox/'] as const;
export const isSandboxPath = (path: string): boolean => SANDBOX_PREFIXES.some((p) => path.startsWith(p));

const ORIGIN = /^https?:\/\/[^\s;,'"/]+$/;

const STYLE_HASH = /^sha256-[A-Za-z0-9+/]{43}=$/;

/**
 * The policy of the sandbox's HTML pages: no script, no style but the style elements of these hashes, forms and
 * framing only from this origin.
 */
export function sandboxPagePolicy(frameAncestors: string[] = [], styleHashes: string[] = []): string {
  const extra = frameAncestors
    .filter((o) => ORIGIN.test(o))
    .map((o) => ` ${o}`)
    .join('');
  const styles = styleHashes.filter((h) => STYLE_HASH.test(h)).map((h) => ` '${h}'`);
  return `default-src 'none';${styles.length ? ` style-src${styles.join('')};` : ''} form-action 'self'; frame-ancestors 'self'${extra}`;
}

/** A route's answer as sent: its HTML page or script when it has one, else its JSON body. */
function reply(answer: SandboxAnswer, framers: string[] = []): SandboxReply {
  const status = answer.status ?? 200;
  if (answer.script !== undefined) {
    return {
      status,
      headers: {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // Loaded by the checkout's page, another origin, with `crossorigin` for its integrity check.
        'access-control-allow-origin': '*',
        'cross-origin-resource-policy': 'cross-origin',
      },
      body: answer.script,
    };
  }
  if (answer.file !== undefined) {
    return {
      status,
      headers: {
        'content-type': answer.file.contentType,
        'content-disposition': `attachment; filename="${answer.file.filename.replace(/[^\w.-]/g, '_')}"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
      body: '',
      bytes: answer.file.bytes,
    };
  }
  if (answer.html === undefined) return json(status, answer.body);
  return {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': sandboxPagePolicy([...framers, ...(answer.frameAncestors ?? [])], answer.styleHashes),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      date: new Date().toUTCString(),
    },
    body: answer.html,
  };
}

/** For HTML answers: text made safe inside elements and quoted attributes. */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The names of this machine's loopback interface: the only hosts a sandbox without a configured public base answers. */
export const LOOPBACK_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];
/** A Host header as browsers send it: a name or an IPv4 or bracketed IPv6 address, and a port; nothing else. */
const HOST_HEADER = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Is this Host one the sandbox is reached at? The configured public base's host (`publicOrigin`, CHECKOUT_PUBLIC_BASE
 * or the listening address); when that base is itself on loopback, or none is known yet, the loopback names
 * (LOOPBACK_HOSTNAMES, on its port). Never any other name: a DNS-rebinding page (evil.example resolving to
 * 127.0.0.1) sends Host: evil.example, and is refused.
 */
export function isOwnHost(host: string, publicOrigin = ''): boolean {
  if (!HOST_HEADER.test(host)) return false;
  const asked = new URL(`http://${host}`);
  if (!publicOrigin) return LOOPBACK_HOSTNAMES.includes(asked.hostname);
  const own = new URL(publicOrigin);
  // Browsers leave a default port out of Host, as URL leaves it out of `port`.
  if (asked.port !== own.port) return false;
  return asked.hostname === own.hostname || (LOOPBACK_HOSTNAMES.includes(own.hostname) && LOOPBACK_HOSTNAMES.includes(asked.hostname));
}

/**
 * A request's own origin and whether it may drive the sandbox's controls: only the checkout's own pages may
 * (CSRF), at the address it is configured for (`publicOrigin`: DNS rebinding). Browsers say where a request comes
 * from (Sec-Fetch-Site, Origin); such a request must also name one of the sandbox's own hosts (isOwnHost) and come
 * from that origin. A request that says neither is no browser's (curl, a test's fetch, a merchant's server): no page
 * can send it, so it stays allowed whatever its Host.
 */
export function isSameOriginRequest(headers: SandboxHttpRequest['headers'], publicOrigin = ''): boolean {
  const site = typeof headers['sec-fetch-site'] === 'string' ? headers['sec-fetch-site'] : undefined;
  // 'none': the payer typed the address or followed a bookmark.
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = typeof headers.origin === 'string' ? headers.origin : undefined;
  if (origin === undefined && site === undefined) return true;
  const host = typeof headers.host === 'string' ? headers.host : '';
  if (!isOwnHost(host, publicOrigin)) return false;
  if (origin === undefined) return true;
  // A form posted from a page with no-referrer (the sandbox's own pages) says "null"; only Sec-Fetch-Site vouches for it.
  if (origin === 'null') return site === 'same-origin';
  const proto = headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  return origin === `${proto}://${host}` || (publicOrigin !== '' && origin === new URL(publicOrigin).origin);
}

const CROSS_ORIGIN_REFUSED = { responseCode: '403', responseDescription: "The sandbox's controls answer only the checkout's own pages" };

/** A 400 answer naming what is wrong with the request. */
export function badRequest(description: string): SandboxAnswer {
  return { status: 400, body: { responseCode: BAD_REQUEST_CODE, responseDescription: description } };
}

/**
 * Has the payment been settled 00, by any channel? The one notion every sandbox part uses: a paid payment stays
 * paid (CONTRACT §5), so no generate, pay, retry, simulate or cancellation changes it afterwards.
 */
export function isPaid(p: SandboxPayment): boolean {
  return p.outcome?.value === 'success';
}

/** Settles the payment 00 (a channel's approved charge); a payment already paid keeps its first approval. */
export function markPaid(p: SandboxPayment, at: number, paymentReference?: string): void {
  if (isPaid(p)) return;
  p.outcome = { value: 'success', at, ...(paymentReference && { paymentReference }) };
}

/**
 * What an initiating call (generate a code or an account, pay, initiate) answers for a paid payment: nothing is
 * reset, charged or recorded, and the page is told plainly why (HTTP 409, CODE_ALREADY_PAID).
 */
export function alreadyPaid(p: SandboxPayment): SandboxAnswer {
  return {
    status: 409,
    body: {
      responseCode: CODE_ALREADY_PAID,
      responseDescription: 'This payment has already been paid: nothing was charged',
      paymentId: p.paymentId,
      transactionReference: p.txnRef,
    },
  };
}

/** The context core's own routes get: every channel's, and the opening of payments and sign-in tokens. */
interface CoreContext extends SandboxContext {
  open: PaymentWork['open'];
  rememberSignIn(token: string): Promise<void>;
  /** The OAuth token endpoint's tokens, by client. */
  bearerTokens: Omit<IssuedTokens, 'now'>;
  /** Where a merchant's webhooks go (POST /sandbox/webhooks), if it said. */
  webhookOf(merchantCode: string): Promise<WebhookDestination | undefined>;
  registerWebhook(merchantCode: string, to: WebhookDestination): Promise<void>;
}

/**
 * The embedded collections API: the shell's endpoints here, each channel's from its own part. Payments live in
 * the store (every instance sharing it answers for every payment), each request holding the ones it names.
 */
export function createSandbox(parts: Array<{ id: string; code?: string; part?: SandboxPart }>, options: SandboxOptions = {}): Sandbox {
  const now = options.now ?? (() => Date.now());
  // Room for the payments and the id counter; tokens issued share it (few, and gone within the hour).
  const store = options.store ?? createMemoryStore({ maxEntries: (options.maxPayments ?? MAX_SANDBOX_PAYMENTS) * ENTRIES_PER_PAYMENT + 1, now });
  const payments = storedPayments(store, now);
  const origins = { checkout: '', outside: '' };
  const outsideUrl = (pathAndQuery: string) => (origins.outside ? new URL(pathAndQuery, origins.outside).href : pathAndQuery);
  const shared = (owner: string) => ({
    get: <T>(key: string) => store.get<T>(sandboxKeys.shared(owner, key)),
    set: async (key: string, value: unknown, ttlMs: number) => {
      await store.set(sandboxKeys.shared(owner, key), value, { ttlMs });
    },
  });
  const webhookOf = (merchantCode: string) => store.get<WebhookDestination>(sandboxKeys.webhook(merchantCode));
  const contextOf = (work: PaymentWork): CoreContext => ({
    now,
    outsideUrl,
    shared,
    payment: work.payment,
    open: work.open,
    isIssuedToken: async (token) => token !== '' && (await store.get<number>(sandboxKeys.signIn(token))) !== undefined,
    rememberSignIn: async (token) => {
      await store.set(sandboxKeys.signIn(token), now(), { ttlMs: SIGN_IN_TOKEN_TTL_MS });
    },
    // The expiry is checked too: the store's clock is not the sandbox's (tests move the latter).
    isBearerToken: async (token) => {
      const expires = token ? await store.get<number>(sandboxKeys.accessToken(token)) : undefined;
      return expires !== undefined && now() < expires;
    },
    webhookOf,
    registerWebhook: async (merchantCode, to) => {
      await store.set(sandboxKeys.webhook(merchantCode), to, { ttlMs: WEBHOOK_REGISTRATION_TTL_MS });
    },
    bearerTokens: {
      issuedTo: (client) => store.get<IssuedToken>(sandboxKeys.clientToken(client)),
      keep: async (client, issued) => {
        const ttlMs = Math.max(1, issued.expiresAt - now());
        await store.set(sandboxKeys.accessToken(issued.token), issued.expiresAt, { ttlMs });
        await store.set(sandboxKeys.clientToken(client), issued, { ttlMs });
      },
    },
  });

  const webhooks = createWebhookDispatcher(options.webhooks);
  /**
   * Where a payment's webhooks go: the URL its pay request named (sandbox field webhook_url), else the merchant's
   * registration; signed with the merchant's registered secret, else its test secret.
   */
  const destinationOf = async (p: SandboxPayment): Promise<WebhookDestination | undefined> => {
    const registered = await webhookOf(p.merchantCode);
    const own = typeof p.props.webhookUrl === 'string' ? p.props.webhookUrl : undefined;
    const secret = registered?.secret ?? testWebhookSecret(p.merchantCode);
    const url = own ?? registered?.url;
    return url && secret ? { url, secret } : undefined;
  };
  /** Queues the events of what a request changed, once its payments are written: the request never waits on them. */
  const notify = async (changes: PaymentChange[]) => {
    for (const change of changes) {
      const events = webhookEventsOf(change.was, change.now);
      const to = events.length ? await destinationOf(change.now) : undefined;
      if (!to) continue;
      const result = webhookResult(change.now);
      for (const event of events) {
        const body = webhookBody(event, change.now, result, now());
        const raw = JSON.stringify(body);
        webhooks.send({ uuid: body.uuid, event, url: to.url, body: raw, signature: signWebhook(raw, to.secret) });
      }
    }
  };
  /** Runs fn as one request: its payments written back at the end; a store failure lets go of them unwritten. */
  const inWork = async <T>(fn: (ctx: CoreContext) => Promise<T>): Promise<T> => {
    const work = payments.begin();
    let result: T;
    try {
      result = await fn(contextOf(work));
    } catch (e) {
      await work.abandon();
      throw e;
    }
    const changes = await work.finish();
    if (changes.length) void notify(changes).catch((e: unknown) => console.error(`sandbox webhooks: ${(e as Error).message}`));
    return result;
  };
  /** A request's reply: 503 when the store fails (the caller may simply try again), 500 '96' on any other throw. */
  const answering = async (fn: (ctx: CoreContext) => Promise<SandboxReply>): Promise<SandboxReply> => {
    try {
      return await inWork(fn);
    } catch (e) {
      return isStoreFailure(e) ? storeFailed(e) : json(500, { responseCode: '96', responseDescription: (e as Error).message });
    }
  };
  /** A route's answer; a handler's own throw is a 500 '96', a store failure goes on to answering's 503. */
  const answerOf = async (route: CoreRoute, sreq: SandboxRequest, ctx: CoreContext, framers?: string[]): Promise<SandboxReply> => {
    try {
      return reply(await route.handler(sreq, ctx), framers);
    } catch (e) {
      if (isStoreFailure(e)) throw e;
      return json(500, { responseCode: '96', responseDescription: (e as Error).message });
    }
  };

  const routes: Array<Compiled> = [];
  const add = (r: CoreRoute) => routes.push({ ...r, re: compile(r.path) });
  const optionInformation: OptionInformation = Object.assign({}, ...parts.map(({ part }) => part?.optionInformation ?? {}));
  const partProps = parts.flatMap(({ part }) => part?.paymentProps ?? []);
  const merchants: Record<string, string> = Object.assign({}, ...parts.map(({ part }) => part?.merchants ?? {}), SANDBOX_MERCHANTS);
  for (const r of coreRoutes({ optionInformation, partProps, merchants, channelsOf: countryChannels(parts), forcedBy: options.forcedBy })) add(r);
  for (const { part } of parts) for (const r of part?.routes ?? []) add(r);
  const outsideRoutes: Compiled[] = parts.flatMap(({ part }) => part?.outsideRoutes ?? []).map((r) => ({ ...r, re: compile(r.path) }));

  const match = (method: string, path: string, among = routes): Match | undefined => {
    for (const route of among) {
      if (route.method !== method) continue;
      const m = route.re.exec(path);
      if (m) return { route, params: { ...(m.groups ?? {}) } };
    }
    return undefined;
  };

  const sandbox: Sandbox = {
    faults: { ...(options.faults ?? NO_FAULTS) },
    origins,
    run: (fn) => inWork(fn),
    readPayment: (ref) => payments.read(ref),
    close: () => webhooks.close(),
    async handleOutside(req) {
      const url = new URL(req.url, 'http://outside.local');
      const found = match(req.method, url.pathname, outsideRoutes);
      if (!found) return undefined;
      // An outside page's form posts only to its own origin: a post from any other page is refused (CSRF).
      if (req.method !== 'GET' && !isSameOriginRequest(req.headers, origins.outside)) return json(403, CROSS_ORIGIN_REFUSED);
      const problem = bodyFieldProblem(req.body, found.route.structuredFields);
      if (problem) return json(400, badRequest(problem).body);
      const sreq: SandboxRequest = {
        method: req.method,
        path: url.pathname,
        params: found.params,
        query: url.searchParams,
        body: req.body,
        headers: req.headers,
      };
      // The checkout's page frames these pages: it is always an allowed ancestor.
      return answering((ctx) => answerOf(found.route, sreq, ctx, origins.checkout ? [origins.checkout] : []));
    },
    async handle(req) {
      const url = new URL(req.url, 'http://sandbox.local');
      const path = url.pathname;
      const { body } = req;
      if (!isSandboxPath(path)) return undefined;
      // Any page a developer visits could otherwise mark payments paid or break the API (CSRF): the sandbox's
      // controls and its own pages' forms answer only the checkout's own origin.
      const control = path.startsWith('/sandbox/') && (req.method !== 'GET' || path === '/sandbox/payments');
      if (control && !isSameOriginRequest(req.headers, origins.checkout)) return json(403, CROSS_ORIGIN_REFUSED);
      const found = match(req.method, path);
      // Every field of every body of the expected kind before anything reads it: never a 500 for a hostile body.
      const problem = bodyFieldProblem(body, found?.route.structuredFields);
      if (problem) return json(400, badRequest(problem).body);
      if (path === '/sandbox/faults' && req.method === 'POST') {
        Object.assign(sandbox.faults, sanitizeFaults(body));
        return json(200, sandbox.faults);
      }
      // A server-only route is none at all to a browser: it cannot tell it from a path that does not exist.
      if (!found || (found.route.serverOnly && !req.fromServer))
        return json(404, { responseCode: '404', responseDescription: `No sandbox route for ${req.method} ${path}` });
      const f = requestFaults(sandbox.faults, req.headers);
      const api = !path.startsWith('/sandbox/');
      const faulty = api && (f.pathPrefix ? path.startsWith(f.pathPrefix) : true);
      if (faulty && f.latencyMs) await new Promise((r) => setTimeout(r, f.latencyMs));
      // When the request came: a request waiting for another's lock on its payment shows as overlapping it.
      const at = now();
      const sreq: SandboxRequest = { method: req.method, path, params: found.params, query: url.searchParams, body, headers: req.headers };
      return answering(async (ctx) => {
        const payment = await ctx.payment({
          paymentId: body.paymentId ?? url.searchParams.get('paymentId') ?? undefined,
          merchantCode: body.merchantCode ?? url.searchParams.get('merchantCode'),
          txnRef: body.transactionReference ?? url.searchParams.get('transactionReference'),
        });
        const call = payment && api ? ({ path, at } as { path: string; at: number; endedAt?: number }) : undefined;
        if (call) {
          payment!.calls.push(call);
          if (payment!.calls.length > MAX_CALLS_PER_PAYMENT) payment!.calls.splice(0, payment!.calls.length - MAX_CALLS_PER_PAYMENT);
        }
        const ended = (r: SandboxReply) => {
          if (call) call.endedAt = now();
          return r;
        };
        if (faulty && Math.random() < f.dropRate) return ended({ drop: true });
        if (faulty && Math.random() < f.errorRate) return ended(json(500, { responseCode: '96', responseDescription: 'Sandbox injected error' }));
        return ended(await answerOf(found.route, sreq, ctx));
      });
    },
  };
  return sandbox;
}

function sanitizeFaults(body: Record<string, unknown>): Partial<Faults> {
  const out: Partial<Faults> = {};
  const n = (v: unknown, max: number) => Math.min(max, Math.max(0, Number(v) || 0));
  if ('latencyMs' in body) out.latencyMs = n(body.latencyMs, 60_000);
  if ('errorRate' in body) out.errorRate = n(body.errorRate, 1);
  if ('dropRate' in body) out.dropRate = n(body.dropRate, 1);
  if ('pathPrefix' in body) out.pathPrefix = textField(body.pathPrefix) ?? '';
  return out;
}

/** Per-request overrides: x-sandbox-latency, x-sandbox-error-rate, x-sandbox-drop-rate headers. */
function requestFaults(base: Faults, headers: SandboxHttpRequest['headers']): Faults {
  const h = (k: string) => (typeof headers[k] === 'string' ? (headers[k] as string) : undefined);
  return {
    ...base,
    ...sanitizeFaults({
      ...(h('x-sandbox-latency') !== undefined && { latencyMs: h('x-sandbox-latency') }),
      ...(h('x-sandbox-error-rate') !== undefined && { errorRate: h('x-sandbox-error-rate') }),
      ...(h('x-sandbox-drop-rate') !== undefined && { dropRate: h('x-sandbox-drop-rate') }),
    }),
  };
}

const OUTCOMES: SimulatedOutcome[] = ['success', 'failed', 'expired'];

/** One of core's own routes: its handler may open payments and remember sign-in tokens. */
type CoreRoute = Omit<SandboxRoute, 'handler'> & { handler: (req: SandboxRequest, ctx: CoreContext) => SandboxAnswer | Promise<SandboxAnswer> };

/** The merchant's fields as text (numbers written out, anything else dropped), as parsePayRequest reads them. */
function payFields(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) {
    const text = textField(v);
    if (text !== undefined) out[k] = text;
  }
  return out;
}

/** The requery's answer for a payment (CONTRACT §5): 00 with its amount once paid, 09 while pending. */
function requeryAnswer(p: SandboxPayment): Record<string, unknown> {
  const base = { MerchantReference: p.txnRef, TransactionDate: new Date(p.createdAt).toISOString(), SplitAccounts: [] };
  if (isPaid(p)) {
    return {
      ...base,
      ResponseCode: '00',
      ResponseDescription: 'Approved by Financial Institution',
      Amount: p.props.checkoutAmount,
      PaymentReference: p.outcome?.paymentReference ?? `OJA|${p.paymentId}`,
      RetrievalReferenceNumber: `RR${p.paymentId}`,
    };
  }
  const [code, description] =
    p.outcome?.value === 'failed'
      ? ['Z1', 'Transaction failed']
      : p.outcome?.value === 'expired'
        ? ['XS1', 'Transaction expired']
        : p.cancellation
          ? ['Z6', 'Cancelled by customer']
          : ['09', 'Transaction in progress'];
  return { ...base, ResponseCode: code, ResponseDescription: description, Amount: 0, PaymentReference: '' };
}

/** A payment's result as its webhooks word it: the requery's code and description, its references. */
function webhookResult(p: SandboxPayment): WebhookResult {
  const a = requeryAnswer(p);
  return {
    responseCode: String(a.ResponseCode),
    responseDescription: String(a.ResponseDescription),
    paymentReference: String(a.PaymentReference ?? ''),
    retrievalReferenceNumber: String(a.RetrievalReferenceNumber ?? ''),
  };
}

/** The parts' pay-page option information by option code (SandboxPart.optionInformation). */
type OptionInformation = NonNullable<SandboxPart['optionInformation']>;
/** What the parts add to the pay-page answer: their options' information, their own payment properties. */
interface PayPageParts {
  optionInformation?: OptionInformation;
  partProps?: ReadonlyArray<NonNullable<SandboxPart['paymentProps']>>;
  /** Merchant code -> name: core's (SANDBOX_MERCHANTS) and the parts' (SandboxPart.merchants). Default core's. */
  merchants?: Readonly<Record<string, string>>;
  /** The channel codes offered by default in a country (countryChannels). */
  channelsOf?: (country: string) => string[];
  /** The channel codes an acquirer forces on (SandboxOptions.forcedBy). */
  forcedBy?: (acquirer: string) => readonly string[];
}

function coreRoutes(parts: PayPageParts): CoreRoute[] {
  return [
    {
      method: 'POST',
      path: '/api/v1/pay-page',
      handler: async (req, ctx) => {
        const fields = payFields(req.body);
        if (fields.merchant_code === REFUSED_MERCHANT) return { body: { responseCode: 'Z1', responseDescription: 'Merchant not permitted' } };
        const parsed = parsePayRequest(fields);
        if (!parsed.ok) return badRequest(parsed.errors.join('; '));
        // The logo's URL rule (parsePayRequest leaves a longer one out): called directly, the pay-page says so.
        if ((fields.logo_url ?? '').length > MAX_URL_CHARS) return badRequest(`logo_url is too long (at most ${MAX_URL_CHARS} characters)`);
        // display_mode as the checkout reads it: PAGE (Interswitch's spelling) is REDIRECT.
        const { merchant_code, txn_ref, display_mode } = parsed.request;
        const b = { ...fields, merchant_code, txn_ref, display_mode };
        // A request hash that does not match, for a merchant whose MAC key the sandbox knows: refused, nothing created.
        const refused = hashRefusal({ ...parsed.request, amount: String(parsed.request.amount) });
        if (refused) return { body: { responseCode: HASH_MISMATCH_CODE, responseDescription: refused } };
        // The sandbox field webhook_url: this payment's notifications go there, signed with the merchant's secret.
        if (fields.webhook_url) {
          const urlRefused = webhookUrlRefusal(fields.webhook_url);
          if (urlRefused) return badRequest(`webhook_url: ${urlRefused}`);
          if (!testWebhookSecret(merchant_code) && !(await ctx.webhookOf(merchant_code)))
            return badRequest(`webhook_url: merchant ${merchant_code} has no webhook secret: register one with POST /sandbox/webhooks`);
        }
        // A merchant's transaction reference is unique: the same reference names the same payment.
        const p = await ctx.open(b.merchant_code, b.txn_ref, (paymentId) => payPageProps(paymentId, b, parts));
        return { body: { responseCode: '00', ...p.props } };
      },
    },
    {
      method: 'POST',
      path: '/api/v1/pay/customerCancellation',
      handler: async (req, ctx) => {
        const p = await ctx.payment({ paymentId: req.body.paymentId });
        if (!p) return UNKNOWN_PAYMENT;
        // A paid payment is never cancelled: the payer leaving a page after paying cancels nothing.
        if (isPaid(p)) return alreadyPaid(p);
        p.cancellation ??= { reason: textField(req.body.customerCancellationReason) ?? '', at: ctx.now() };
        return { body: { responseCode: 'Z6', responseDescription: 'Cancelled by customer' } };
      },
    },
    {
      method: 'POST',
      path: '/api/v1/pay-page/token-authentication',
      handler: async (req, ctx) => {
        if (req.body.accessToken !== SANDBOX_ACCESS_TOKEN)
          return { status: 403, body: { responseCode: '403', responseDescription: 'Invalid access token' } };
        // Remembered so that the channel accepting tokens (the wallet) can tell an issued one from a guess.
        const token = randomBytes(12).toString('hex');
        await ctx.rememberSignIn(token);
        return { body: { responseCode: '00', user: { firstName: 'Ada', lastName: 'Sandbox', mobileNo: '08000000000' }, token } };
      },
    },
    {
      // The identity service's token endpoint: any client in the sandbox (CONTRACT §6).
      method: 'POST',
      path: TOKEN_PATH,
      handler: (req, ctx) => issueAccessToken(req, { now: ctx.now, ...ctx.bearerTokens }),
    },
    {
      // Answered with or without a bearer token; the signature headers of Interswitch's libraries (Signature,
      // Timestamp, Nonce, SignatureMethod) are not checked (CONTRACT §6).
      method: 'GET',
      path: REQUERY_PATH,
      handler: async (req, ctx) => {
        const amount = req.query.get('amount') ?? '';
        // The amount as POST /pay takes it.
        if (!PAY_RULES.amount.pattern.test(amount))
          return { status: 400, body: { ResponseCode: 'Z1', ResponseDescription: 'amount is required, in minor units', Amount: 0 } };
        const p = await ctx.payment({ merchantCode: req.query.get('merchantcode'), txnRef: req.query.get('transactionreference') });
        if (!p) return { body: { ResponseCode: 'Z25', ResponseDescription: 'Transaction not Found', Amount: 0, SplitAccounts: [] } };
        // The amount the merchant asked for, or that amount with the surcharge the payer paid.
        if (Number(amount) !== p.props.amount && Number(amount) !== p.props.checkoutAmount) {
          return { body: { ResponseCode: 'Z1', ResponseDescription: 'Amount Inconsistency', Amount: 0, SplitAccounts: [] } };
        }
        return { body: requeryAnswer(p) };
      },
    },
    {
      method: 'POST',
      path: '/sandbox/simulate',
      handler: async (req, ctx) => {
        const outcome = textField(req.body.outcome) as SimulatedOutcome;
        if (!OUTCOMES.includes(outcome)) return { status: 400, body: { error: 'outcome must be success, failed or expired' } };
        const p = await ctx.payment({ merchantCode: req.body.merchant_code, txnRef: req.body.txn_ref });
        if (!p) return { status: 404, body: { error: 'no such payment' } };
        if (isPaid(p))
          return {
            status: 409,
            body: { error: 'this payment is already paid: a paid payment stays paid', paymentId: p.paymentId, outcome: 'success' },
          };
        p.outcome = { value: outcome, at: ctx.now() };
        return { body: { ok: true, paymentId: p.paymentId, outcome } };
      },
    },
    {
      // A merchant's webhook URL (and secret), as Quickteller Business's dashboard sets it in production.
      method: 'POST',
      path: '/sandbox/webhooks',
      handler: async (req, ctx) => {
        const read = readRegistration(req.body);
        if ('refused' in read) return badRequest(read.refused);
        await ctx.registerWebhook(read.merchantCode, read.destination);
        return { body: { merchant_code: read.merchantCode, url: read.destination.url, events: WEBHOOK_EVENTS } };
      },
    },
    {
      method: 'GET',
      path: '/sandbox/payments',
      handler: async (req, ctx) => {
        const p = await ctx.payment({ merchantCode: req.query.get('merchant_code'), txnRef: req.query.get('txn_ref') });
        if (!p) return { status: 404, body: { error: 'no such payment' } };
        return { body: { paymentId: p.paymentId, outcome: p.outcome, cancellation: p.cancellation, calls: p.calls, channels: p.channels } };
      },
    },
  ];
}

/** The payment properties the sandbox's pay-page answers (spec core §3), from the merchant's fields. */
export function payPageProps(
  paymentId: string,
  b: Record<string, string>,
  { optionInformation = {}, partProps = [], merchants = SANDBOX_MERCHANTS, channelsOf = () => [], forcedBy = () => [] }: PayPageParts = {},
): Record<string, unknown> {
  const country = (b.country || 'NG').toUpperCase();
  const requested = (b.channels ? b.channels.split(',') : channelsOf(country)).map((s) => s.trim().toUpperCase()).filter(Boolean);
  const surcharge = Math.max(0, Number(b.surcharge) || 0);
  const amount = Number(b.amount);
  const bulk = b.bulk === '1' || b.bulk === 'true';
  const origin = new URL(b.site_redirect_url).origin;
  const acquirer = (b.acquirer || '').toUpperCase();
  // An option the acquirer forces on comes configured, as the API configures the acquirer's merchants: without its
  // information (Google Pay's gateway) a forced channel would open only to say it is not available.
  const configured = forcedBy(acquirer).filter((c) => optionInformation[c] && !requested.includes(c));
  const nonCard = [...requested, ...configured].filter((c) => c !== 'CARD' && c !== 'WALLET');
  // A part's properties (SandboxPart.paymentProps) never replace core's.
  const own: Record<string, unknown> = Object.assign({}, ...partProps.map((props) => props(b)));
  return {
    ...own,
    merchantCode: b.merchant_code,
    paymentId,
    payableCode: b.pay_item_id,
    payableId: b.pay_item_id,
    merchantTransactionReference: b.txn_ref,
    transactionType: 'REGULAR',
    transactionDate: new Date().toISOString(),
    amount,
    checkoutAmount: amount + surcharge,
    surcharge,
    currencyCode: b.currency,
    countryCode: country,
    passFeeToCustomer: b.pass_fee === 'true',
    merchantName: (Object.hasOwn(merchants, b.merchant_code) && merchants[b.merchant_code]) || `Sandbox Merchant ${b.merchant_code}`,
    // The merchant's logo (sandbox field logo_url): the header shows it only from https (Header.tsx safeLogoUrl).
    logoUrl: b.logo_url || undefined,
    customerId: b.cust_id || undefined,
    customerName: b.cust_name || undefined,
    customerEmail: b.cust_email || undefined,
    customerMobileNo: b.cust_mobile_no || undefined,
    payItemName: b.pay_item_name || undefined,
    siteRedirectUrl: b.site_redirect_url,
    siteOrigin: origin,
    displayMode: b.display_mode || 'REDIRECT',
    acquiredBy: acquirer,
    isBulkPayment: bulk,
    payItems: bulk ? sampleBulkItems(b) : undefined,
    accessToken: b.access_token || undefined,
    accessTokenType: b.access_token_type || undefined,
    paymentChannels: requested,
    nonCardOptions: nonCard.map((providerCode) => {
      const information = optionInformation[providerCode]?.(b);
      return { payableCode: b.pay_item_id, providerCode, enabled: true, ...(information && { additionalInformation: information }) };
    }),
    escrowFee: b.escrow_fee ? Number(b.escrow_fee) : undefined,
    cancellationPeriod: b.cancellation_period ? Number(b.cancellation_period) : undefined,
    refundDuration: b.refund_duration ? Number(b.refund_duration) : undefined,
    tucRewardPercentage: b.tuc_reward_percentage ? Number(b.tuc_reward_percentage) : undefined,
    tucRewardDescription: b.tuc_reward_description || undefined,
    webhookUrl: b.webhook_url || undefined,
  };
}

function sampleBulkItems(b: Record<string, string>) {
  const third = Math.floor(Number(b.amount) / 3);
  return ['Tuition', 'Books', 'Hostel'].map((name, i) => ({
    name,
    amount: i === 2 ? Number(b.amount) - 2 * third : third,
    currencyCode: b.currency,
    payableCode: b.pay_item_id,
    merchantCode: b.merchant_code,
    transactionReference: `${b.txn_ref}-${i + 1}`,
  }));
}

/** How a pending channel (transfer, QR, USSD, pay with app) words and references its status answers. */
export interface SettledStatusOptions {
  /** Has the channel's own validity run out (the payment then answers as expired)? */
  expired: boolean;
  /** The code a simulated failure answers. */
  failedCode: string;
  /** The payment reference and retrieval reference of a success. */
  references: { paymentReference: string; retrievalReferenceNumber: string };
  /** The descriptions of a failure, an expiry and a wait. */
  describe: { failed: string; expired: string; pending: string };
}

/**
 * The status answer of an asynchronous channel from the payment's outcome (POST /sandbox/simulate, the on-screen
 * control) or its expiry: 00 with the result's fields, the channel's failure code, XS1, or 09 while pending.
 */
export function settledStatus(p: SandboxPayment, o: SettledStatusOptions): Record<string, unknown> {
  const outcome = p.outcome?.value ?? (o.expired ? 'expired' : null);
  const base = { paymentId: p.paymentId, transactionReference: p.txnRef };
  if (outcome === 'success') {
    // The requery names the approval as the page first heard of it.
    if (p.outcome) p.outcome.paymentReference ??= o.references.paymentReference;
    return { ...base, responseCode: '00', responseDescription: 'Approved by Financial Institution', amount: p.props.checkoutAmount, ...o.references };
  }
  if (outcome === 'failed') return { ...base, responseCode: o.failedCode, responseDescription: o.describe.failed };
  if (outcome === 'expired') return { ...base, responseCode: 'XS1', responseDescription: o.describe.expired };
  return { ...base, responseCode: '09', responseDescription: o.describe.pending };
}
