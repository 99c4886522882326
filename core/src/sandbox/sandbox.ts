import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { SandboxAnswer, SandboxContext, SandboxPart, SandboxPayment, SandboxRequest, SandboxRoute, SimulatedOutcome } from './types';
import { parsePayRequest } from '../server/payRequest';
import { REQUERY_PATH } from '../server/requery';
import { CODE_ALREADY_PAID } from '../codes';

/** What a route answers for a payment the sandbox does not know (core's and every channel's). */
export const UNKNOWN_PAYMENT: SandboxAnswer = { status: 404, body: { responseCode: '25', responseDescription: 'Unknown payment' } };

/** Payments the sandbox keeps at most: past it the least recently seen goes first (a long-running dev server). */
export const MAX_SANDBOX_PAYMENTS = 10_000;
/** A payment no request has named for this long is forgotten, ms (24 h). */
export const SANDBOX_PAYMENT_IDLE_MS = 24 * 60 * 60_000;
/** Calls logged per payment at most, the oldest dropped first (a page polling for hours). */
export const MAX_CALLS_PER_PAYMENT = 200;
/** Tokens of the merchant's token sign-in remembered at most, the oldest forgotten first. */
export const MAX_ISSUED_TOKENS = 1_000;
/** The first payment id; each next one counts on (never reused, even after payments are forgotten). */
const FIRST_PAYMENT_ID = 100_001;

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

/** Country -> channel codes the sandbox offers by default (CONTRACT §2 "channels"). */
export const COUNTRY_CHANNELS: Record<string, string[]> = {
  NG: ['CARD', 'WALLET', 'TRANSFER', 'QR', 'USSD', 'PAY_WITH_APP', 'CUSTOMER_WALLET', 'GOOGLE_PAY', 'CREDIT'],
  UG: ['CARD', 'UGANDA_MOBILE_MONEY'],
  CD: ['CARD', 'DRC_MOBILE_MONEY'],
  KE: ['CARD', 'TRANSFER'],
  GH: ['CARD', 'TRANSFER'],
};

/** Sandbox merchants with names; any other well-formed code is accepted as "Sandbox Merchant <code>". */
export const SANDBOX_MERCHANTS: Record<string, string> = {
  MX_DEMO: 'Oja Demo Store',
  MX6072: 'Oja Demo Store',
};
/** A merchant code the sandbox refuses (pay-page answers Z1), to try the Incorrect Transaction screen. */
export const REFUSED_MERCHANT = 'MX_REFUSED';
/** Access token the sandbox accepts for the merchant's token sign-in. */
export const SANDBOX_ACCESS_TOKEN = 'sandbox-access-token';

interface Match {
  route: SandboxRoute;
  params: Record<string, string>;
}

function compile(path: string): RegExp {
  return new RegExp(`^${path.replace(/:[a-zA-Z]+/g, (m) => `(?<${m.slice(1)}>[^/]+)`)}$`);
}

export interface Sandbox {
  /** Handles /api/*, /passport/* (the identity service's token endpoint) and /sandbox/*; answers false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>): Promise<boolean>;
  /** Handles the parts' outsideRoutes, on the sandbox's second origin; answers false for any other path. */
  handleOutside(req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>): Promise<boolean>;
  /**
   * The checkout's origin (which frames the second origin's pages) and the second origin's base, as the browser
   * reaches them: set by whoever starts their listeners ('' until then).
   */
  origins: { checkout: string; outside: string };
  payments: Map<string, SandboxPayment>;
  faults: Faults;
  context: SandboxContext;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', date: new Date().toUTCString() });
  res.end(JSON.stringify(body));
};

/**
 * The paths the sandbox answers: the collections API (with its transaction requery under /collections/), the
 * identity service's token endpoint, its own controls and pages.
 */
export const SANDBOX_PREFIXES = ['/api/', '/collections/', '/passport/', '/sandbox/'] as const;
export const isSandboxPath = (path: string): boolean => SANDBOX_PREFIXES.some((p) => path.startsWith(p));

const ORIGIN = /^https?:\/\/[^\s;,'"/]+$/;

/** The policy of the sandbox's HTML pages: no script, no style, forms and framing only from this origin. */
export function sandboxPagePolicy(frameAncestors: string[] = []): string {
  const extra = frameAncestors.filter((o) => ORIGIN.test(o)).map((o) => ` ${o}`).join('');
  return `default-src 'none'; form-action 'self'; frame-ancestors 'self'${extra}`;
}

/** Writes a route's answer: its HTML page or script when it has one, else its JSON body. */
function send(res: ServerResponse, answer: SandboxAnswer, framers: string[] = []) {
  const status = answer.status ?? 200;
  if (answer.script !== undefined) {
    res.writeHead(status, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // Loaded by the checkout's page, another origin, with `crossorigin` for its integrity check.
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
    });
    return res.end(answer.script);
  }
  if (answer.html === undefined) return json(res, status, answer.body);
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': sandboxPagePolicy([...framers, ...(answer.frameAncestors ?? [])]),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    date: new Date().toUTCString(),
  });
  res.end(answer.html);
}

/** For HTML answers: text made safe inside elements and quoted attributes. */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * A request's own origin and whether it may drive the sandbox's controls: only the checkout's own pages may
 * (CSRF). Browsers say where a request comes from (Sec-Fetch-Site, Origin); a request that says neither is no
 * browser's cross-site request (curl, a test's fetch, a merchant's server) and stays allowed.
 */
export function isSameOriginRequest(headers: IncomingMessage['headers']): boolean {
  const site = typeof headers['sec-fetch-site'] === 'string' ? headers['sec-fetch-site'] : undefined;
  // 'none': the payer typed the address or followed a bookmark.
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = typeof headers.origin === 'string' ? headers.origin : undefined;
  if (origin === undefined) return true;
  // A form posted from a page with no-referrer (the sandbox's own pages) says "null"; only Sec-Fetch-Site vouches for it.
  if (origin === 'null') return site === 'same-origin';
  const host = typeof headers.host === 'string' ? headers.host : '';
  const proto = headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  return host !== '' && origin === `${proto}://${host}`;
}

const CROSS_ORIGIN_REFUSED = { responseCode: '403', responseDescription: "The sandbox's controls answer only the checkout's own pages" };

/** A 400 answer naming what is wrong with the request. */
export function badRequest(description: string): SandboxAnswer {
  return { status: 400, body: { responseCode: BAD_REQUEST_CODE, responseDescription: description } };
}

/** A request field as text: strings as they are, numbers written out, anything else (objects, arrays, null) absent. */
export function textField(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
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

const keyOf = (merchantCode: string, txnRef: string) => `${merchantCode}\u0000${txnRef}`;

/**
 * The embedded collections API: in memory, the shell's endpoints here, each channel's from its own part.
 * Payments are indexed by id and by merchant code + reference, capped and forgotten when idle.
 */
export function createSandbox(
  parts: Array<{ id: string; part?: SandboxPart }>,
  faults: Faults = NO_FAULTS,
  now = () => Date.now(),
  /** Payments kept at most; default MAX_SANDBOX_PAYMENTS (tests use a few). */
  maxPayments = MAX_SANDBOX_PAYMENTS,
): Sandbox {
  // Map order is the order payments were last seen (each lookup moves its payment to the end): the first is the one to drop.
  const payments = new Map<string, SandboxPayment>();
  const byReference = new Map<string, string>();
  const issuedTokens = new Set<string>();
  let nextId = FIRST_PAYMENT_ID;
  const forget = (p: SandboxPayment) => {
    payments.delete(p.paymentId);
    byReference.delete(keyOf(p.merchantCode, p.txnRef));
  };
  const expired = (p: SandboxPayment) => now() - p.seenAt > SANDBOX_PAYMENT_IDLE_MS;
  const touch = (p: SandboxPayment | undefined) => {
    if (!p) return undefined;
    if (expired(p)) {
      forget(p);
      return undefined;
    }
    p.seenAt = now();
    payments.delete(p.paymentId);
    payments.set(p.paymentId, p);
    return p;
  };
  const store: PaymentStore = {
    add(fields) {
      for (const p of payments.values()) {
        if (payments.size < maxPayments && !expired(p)) break;
        forget(p);
      }
      const paymentId = String(nextId++);
      const at = now();
      const p: SandboxPayment = { ...fields(paymentId), paymentId, createdAt: at, seenAt: at, outcome: null, cancellation: null, channels: {}, calls: [] };
      payments.set(paymentId, p);
      byReference.set(keyOf(p.merchantCode, p.txnRef), paymentId);
      return p;
    },
    remember(token) {
      issuedTokens.add(token);
      for (const t of issuedTokens) {
        if (issuedTokens.size <= MAX_ISSUED_TOKENS) break;
        issuedTokens.delete(t);
      }
    },
  };
  const origins = { checkout: '', outside: '' };
  const channelState = new Map<string, unknown>();
  const context: SandboxContext = {
    now,
    issuedTokens,
    outsideUrl: (pathAndQuery) => (origins.outside ? new URL(pathAndQuery, origins.outside).href : pathAndQuery),
    channelState<T>(channel: string, create: () => T): T {
      if (!channelState.has(channel)) channelState.set(channel, create());
      return channelState.get(channel) as T;
    },
    payment(ref) {
      if (ref.paymentId !== undefined && ref.paymentId !== null && ref.paymentId !== '') {
        const id = textField(ref.paymentId);
        return id === undefined ? undefined : touch(payments.get(id));
      }
      const merchantCode = textField(ref.merchantCode);
      const txnRef = textField(ref.txnRef);
      if (merchantCode === undefined || txnRef === undefined) return undefined;
      const id = byReference.get(keyOf(merchantCode, txnRef));
      return id === undefined ? undefined : touch(payments.get(id));
    },
  };
  const routes: Array<SandboxRoute & { re: RegExp }> = [];
  const add = (r: SandboxRoute) => routes.push({ ...r, re: compile(r.path) });
  for (const r of coreRoutes(store, context)) add(r);
  for (const { part } of parts) for (const r of part?.routes ?? []) add(r);
  const outsideRoutes = parts.flatMap(({ part }) => part?.outsideRoutes ?? []).map((r) => ({ ...r, re: compile(r.path) }));

  const match = (method: string, path: string, among = routes): Match | undefined => {
    for (const route of among) {
      if (route.method !== method) continue;
      const m = route.re.exec(path);
      if (m) return { route, params: { ...(m.groups ?? {}) } };
    }
    return undefined;
  };

  const sandbox: Sandbox = {
    payments,
    faults,
    context,
    origins,
    async handleOutside(req, res, body) {
      const url = new URL(req.url ?? '/', 'http://outside.local');
      const found = match(req.method ?? 'GET', url.pathname, outsideRoutes);
      if (!found) return false;
      // An outside page's form posts only to its own origin: a post from any other page is refused (CSRF).
      if (req.method !== 'GET' && !isSameOriginRequest(req.headers)) {
        json(res, 403, CROSS_ORIGIN_REFUSED);
        return true;
      }
      const sreq: SandboxRequest = { method: req.method ?? 'GET', path: url.pathname, params: found.params, query: url.searchParams, body, headers: req.headers };
      try {
        // The checkout's page frames these pages: it is always an allowed ancestor.
        send(res, await found.route.handler(sreq, context), origins.checkout ? [origins.checkout] : []);
      } catch (e) {
        json(res, 500, { responseCode: '96', responseDescription: (e as Error).message });
      }
      return true;
    },
    async handle(req, res, body) {
      const url = new URL(req.url ?? '/', 'http://sandbox.local');
      const path = url.pathname;
      if (!isSandboxPath(path)) return false;
      // Any page a developer visits could otherwise mark payments paid or break the API (CSRF): the sandbox's
      // controls and its own pages' forms answer only the checkout's own origin.
      const control = path.startsWith('/sandbox/') && (req.method !== 'GET' || path === '/sandbox/payments');
      if (control && !isSameOriginRequest(req.headers)) {
        json(res, 403, CROSS_ORIGIN_REFUSED);
        return true;
      }
      if (path === '/sandbox/faults' && req.method === 'POST') {
        Object.assign(sandbox.faults, sanitizeFaults(body));
        json(res, 200, sandbox.faults);
        return true;
      }
      const found = match(req.method ?? 'GET', path);
      if (!found) {
        json(res, 404, { responseCode: '404', responseDescription: `No sandbox route for ${req.method} ${path}` });
        return true;
      }
      const f = requestFaults(sandbox.faults, req.headers);
      const api = !path.startsWith('/sandbox/');
      const faulty = api && (f.pathPrefix ? path.startsWith(f.pathPrefix) : true);
      if (faulty && f.latencyMs) await new Promise((r) => setTimeout(r, f.latencyMs));
      const sreq: SandboxRequest = { method: req.method ?? 'GET', path, params: found.params, query: url.searchParams, body, headers: req.headers };
      const payment = context.payment({
        paymentId: body.paymentId ?? url.searchParams.get('paymentId') ?? undefined,
        merchantCode: body.merchantCode ?? url.searchParams.get('merchantCode'),
        txnRef: body.transactionReference ?? url.searchParams.get('transactionReference'),
      });
      const call = payment && api ? { path, at: now() } as { path: string; at: number; endedAt?: number } : undefined;
      if (call) {
        payment!.calls.push(call);
        if (payment!.calls.length > MAX_CALLS_PER_PAYMENT) payment!.calls.splice(0, payment!.calls.length - MAX_CALLS_PER_PAYMENT);
      }
      if (faulty && Math.random() < f.dropRate) {
        if (call) call.endedAt = now();
        req.socket.destroy();
        return true;
      }
      if (faulty && Math.random() < f.errorRate) {
        if (call) call.endedAt = now();
        json(res, 500, { responseCode: '96', responseDescription: 'Sandbox injected error' });
        return true;
      }
      try {
        const answer = await found.route.handler(sreq, context);
        if (call) call.endedAt = now();
        send(res, answer);
      } catch (e) {
        if (call) call.endedAt = now();
        json(res, 500, { responseCode: '96', responseDescription: (e as Error).message });
      }
      return true;
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
  if ('pathPrefix' in body) out.pathPrefix = String(body.pathPrefix ?? '');
  return out;
}

/** Per-request overrides: x-sandbox-latency, x-sandbox-error-rate, x-sandbox-drop-rate headers. */
function requestFaults(base: Faults, headers: IncomingMessage['headers']): Faults {
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

/** How core's routes add payments and tokens (the store behind SandboxContext). */
interface PaymentStore {
  add(fields: (paymentId: string) => Pick<SandboxPayment, 'merchantCode' | 'txnRef' | 'props'>): SandboxPayment;
  remember(token: string): void;
}

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
    p.outcome?.value === 'failed' ? ['Z1', 'Transaction failed']
      : p.outcome?.value === 'expired' ? ['XS1', 'Transaction expired']
        : p.cancellation ? ['Z6', 'Cancelled by customer']
          : ['09', 'Transaction in progress'];
  return { ...base, ResponseCode: code, ResponseDescription: description, Amount: 0, PaymentReference: '' };
}

function coreRoutes(store: PaymentStore, ctx: SandboxContext): SandboxRoute[] {
  return [
    {
      method: 'POST',
      path: '/api/v1/pay-page',
      handler: (req) => {
        const fields = payFields(req.body);
        if (fields.merchant_code === REFUSED_MERCHANT) return { body: { responseCode: 'Z1', responseDescription: 'Merchant not permitted' } };
        const parsed = parsePayRequest(fields);
        if (!parsed.ok) return badRequest(parsed.errors.join('; '));
        const existing = ctx.payment({ merchantCode: parsed.request.merchant_code, txnRef: parsed.request.txn_ref });
        if (existing) {
          // A merchant's transaction reference is unique: the same reference names the same payment.
          return { body: { responseCode: '00', ...existing.props } };
        }
        const b = { ...fields, merchant_code: parsed.request.merchant_code, txn_ref: parsed.request.txn_ref };
        const p = store.add((paymentId) => ({ merchantCode: b.merchant_code, txnRef: b.txn_ref, props: payPageProps(paymentId, b) }));
        return { body: { responseCode: '00', ...p.props } };
      },
    },
    {
      method: 'POST',
      path: '/api/v1/pay/customerCancellation',
      handler: (req) => {
        const p = ctx.payment({ paymentId: req.body.paymentId });
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
      handler: (req) => {
        if (req.body.accessToken !== SANDBOX_ACCESS_TOKEN) return { status: 403, body: { responseCode: '403', responseDescription: 'Invalid access token' } };
        // Remembered so that the channel accepting tokens (the wallet) can tell an issued one from a guess.
        const token = randomBytes(12).toString('hex');
        store.remember(token);
        return { body: { responseCode: '00', user: { firstName: 'Ada', lastName: 'Sandbox', mobileNo: '08000000000' }, token } };
      },
    },
    {
      method: 'GET',
      path: REQUERY_PATH,
      handler: (req) => {
        const amount = req.query.get('amount') ?? '';
        if (!/^\d{1,15}$/.test(amount)) return { status: 400, body: { ResponseCode: 'Z1', ResponseDescription: 'amount is required, in minor units', Amount: 0 } };
        const p = ctx.payment({ merchantCode: req.query.get('merchantcode'), txnRef: req.query.get('transactionreference') });
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
      handler: (req) => {
        const outcome = String(req.body.outcome) as SimulatedOutcome;
        if (!OUTCOMES.includes(outcome)) return { status: 400, body: { error: 'outcome must be success, failed or expired' } };
        const p = ctx.payment({ merchantCode: req.body.merchant_code, txnRef: req.body.txn_ref });
        if (!p) return { status: 404, body: { error: 'no such payment' } };
        if (isPaid(p)) return { status: 409, body: { error: 'this payment is already paid: a paid payment stays paid', paymentId: p.paymentId, outcome: 'success' } };
        p.outcome = { value: outcome, at: ctx.now() };
        return { body: { ok: true, paymentId: p.paymentId, outcome } };
      },
    },
    {
      method: 'GET',
      path: '/sandbox/payments',
      handler: (req) => {
        const p = ctx.payment({ merchantCode: req.query.get('merchant_code'), txnRef: req.query.get('txn_ref') });
        if (!p) return { status: 404, body: { error: 'no such payment' } };
        return { body: { paymentId: p.paymentId, outcome: p.outcome, cancellation: p.cancellation, calls: p.calls, channels: p.channels } };
      },
    },
  ];
}

/** The payment properties the sandbox's pay-page answers (spec core §3), from the merchant's fields. */
export function payPageProps(paymentId: string, b: Record<string, string>): Record<string, unknown> {
  const country = (b.country || 'NG').toUpperCase();
  const requested = (b.channels ? b.channels.split(',') : COUNTRY_CHANNELS[country] ?? ['CARD']).map((s) => s.trim().toUpperCase()).filter(Boolean);
  const surcharge = Math.max(0, Number(b.surcharge) || 0);
  const amount = Number(b.amount);
  const bulk = b.bulk === '1' || b.bulk === 'true';
  const origin = new URL(b.site_redirect_url).origin;
  const nonCard = requested.filter((c) => c !== 'CARD' && c !== 'WALLET');
  return {
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
    merchantName: SANDBOX_MERCHANTS[b.merchant_code] ?? `Sandbox Merchant ${b.merchant_code}`,
    customerId: b.cust_id || undefined,
    customerName: b.cust_name || undefined,
    customerEmail: b.cust_email || undefined,
    customerMobileNo: b.cust_mobile_no || undefined,
    payItemName: b.pay_item_name || undefined,
    siteRedirectUrl: b.site_redirect_url,
    siteOrigin: origin,
    displayMode: b.display_mode || 'REDIRECT',
    acquiredBy: (b.acquirer || '').toUpperCase(),
    isBulkPayment: bulk,
    payItems: bulk ? sampleBulkItems(b) : undefined,
    accessToken: b.access_token || undefined,
    accessTokenType: b.access_token_type || undefined,
    paymentChannels: requested,
    nonCardOptions: nonCard.map((providerCode) => ({ payableCode: b.pay_item_id, providerCode, enabled: true })),
    escrowFee: b.escrow_fee ? Number(b.escrow_fee) : undefined,
    cancellationPeriod: b.cancellation_period ? Number(b.cancellation_period) : undefined,
    refundDuration: b.refund_duration ? Number(b.refund_duration) : undefined,
    tucRewardPercentage: b.tuc_reward_percentage ? Number(b.tuc_reward_percentage) : undefined,
    tucRewardDescription: b.tuc_reward_description || undefined,
    // The merchant's Cybersource ids: a card payment then loads the device-fingerprint script (companion §7).
    cybersourceOrgId: b.cybersource_org_id || undefined,
    cybersourceMerchantId: b.cybersource_merchant_id || undefined,
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
