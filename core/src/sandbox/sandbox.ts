import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { SandboxAnswer, SandboxContext, SandboxPart, SandboxPayment, SandboxRequest, SandboxRoute, SimulatedOutcome } from './types';

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
  payments: Map<string, SandboxPayment>;
  faults: Faults;
  context: SandboxContext;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', date: new Date().toUTCString() });
  res.end(JSON.stringify(body));
};

/** The paths the sandbox answers: the collections API, the identity service's token endpoint, its own controls. */
export const SANDBOX_PREFIXES = ['/api/', '/passport/', '/sandbox/'] as const;
export const isSandboxPath = (path: string): boolean => SANDBOX_PREFIXES.some((p) => path.startsWith(p));

const ORIGIN = /^https?:\/\/[^\s;,'"/]+$/;

/** The policy of the sandbox's HTML pages: no script, no style, forms and framing only from this origin. */
export function sandboxPagePolicy(frameAncestors: string[] = []): string {
  const extra = frameAncestors.filter((o) => ORIGIN.test(o)).map((o) => ` ${o}`).join('');
  return `default-src 'none'; form-action 'self'; frame-ancestors 'self'${extra}`;
}

/** Writes a route's answer: its HTML page when it has one, else its JSON body. */
function send(res: ServerResponse, answer: SandboxAnswer) {
  const status = answer.status ?? 200;
  if (answer.html === undefined) return json(res, status, answer.body);
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': sandboxPagePolicy(answer.frameAncestors),
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
 * The embedded collections API: in memory, the shell's endpoints here, each channel's from its own part.
 */
export function createSandbox(parts: Array<{ id: string; part?: SandboxPart }>, faults: Faults = NO_FAULTS, now = () => Date.now()): Sandbox {
  const payments = new Map<string, SandboxPayment>();
  const issuedTokens = new Set<string>();
  const context: SandboxContext = {
    now,
    issuedTokens,
    payment(ref) {
      if (ref.paymentId !== undefined && ref.paymentId !== '') return payments.get(String(ref.paymentId));
      for (const p of payments.values()) if (p.merchantCode === String(ref.merchantCode) && p.txnRef === String(ref.txnRef)) return p;
      return undefined;
    },
  };
  const routes: Array<SandboxRoute & { re: RegExp }> = [];
  const add = (r: SandboxRoute) => routes.push({ ...r, re: compile(r.path) });
  for (const r of coreRoutes(payments, context, issuedTokens)) add(r);
  for (const { part } of parts) for (const r of part?.routes ?? []) add(r);

  const match = (method: string, path: string): Match | undefined => {
    for (const route of routes) {
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
    async handle(req, res, body) {
      const url = new URL(req.url ?? '/', 'http://sandbox.local');
      const path = url.pathname;
      if (!isSandboxPath(path)) return false;
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
      if (call) payment!.calls.push(call);
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

function coreRoutes(payments: Map<string, SandboxPayment>, ctx: SandboxContext, issuedTokens: Set<string>): SandboxRoute[] {
  return [
    {
      method: 'POST',
      path: '/api/v1/pay-page',
      handler: (req) => {
        const b = req.body as Record<string, string>;
        if (b.merchant_code === REFUSED_MERCHANT) return { body: { responseCode: 'Z1', responseDescription: 'Merchant not permitted' } };
        const existing = ctx.payment({ merchantCode: b.merchant_code, txnRef: b.txn_ref });
        if (existing) {
          // A merchant's transaction reference is unique: the same reference names the same payment.
          return { body: { responseCode: '00', ...existing.props } };
        }
        // Payments are never removed, so the count names each one uniquely.
        const paymentId = String(100_001 + payments.size);
        const props = payPageProps(paymentId, b);
        payments.set(paymentId, {
          paymentId, merchantCode: b.merchant_code, txnRef: b.txn_ref, createdAt: ctx.now(), props, outcome: null, cancellation: null, channels: {}, calls: [],
        });
        return { body: { responseCode: '00', ...props } };
      },
    },
    {
      method: 'POST',
      path: '/api/v1/pay/customerCancellation',
      handler: (req) => {
        const p = ctx.payment({ paymentId: req.body.paymentId });
        if (!p) return { status: 404, body: { responseCode: '25', responseDescription: 'Unknown payment' } };
        p.cancellation ??= { reason: String(req.body.customerCancellationReason ?? ''), at: ctx.now() };
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
        issuedTokens.add(token);
        return { body: { responseCode: '00', user: { firstName: 'Ada', lastName: 'Sandbox', mobileNo: '08000000000' }, token } };
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
    return { ...base, responseCode: '00', responseDescription: 'Approved by Financial Institution', amount: p.props.checkoutAmount, ...o.references };
  }
  if (outcome === 'failed') return { ...base, responseCode: o.failedCode, responseDescription: o.describe.failed };
  if (outcome === 'expired') return { ...base, responseCode: 'XS1', responseDescription: o.describe.expired };
  return { ...base, responseCode: '09', responseDescription: o.describe.pending };
}
