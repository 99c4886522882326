// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CODE_ALREADY_PAID,
  createSandbox,
  escapeHtml,
  faultsFromEnv,
  isSameOriginRequest,
  bodyFieldProblem,
  MAX_CALLS_PER_PAYMENT,
  NO_FAULTS,
  REFUSED_MERCHANT,
  REQUERY_PATH,
  SANDBOX_ACCESS_TOKEN,
  SANDBOX_PAYMENT_IDLE_MS,
  sandboxKeys,
  SIGN_IN_TOKEN_TTL_MS,
  STORE_RETRY_AFTER_S,
  UNKNOWN_PAYMENT,
} from './sandbox';
import type { Sandbox } from './sandbox';
import { listenSandbox } from './serve';
import { statusRoute } from './channelParts';
import type { SandboxContext } from '@oja/core';
import { createMemoryStore, LOCK_WAIT_MS, StoreBusy, StoreUnavailable } from '@oja/store';
import type { Store } from '@oja/store';

let sandbox: Sandbox;
let close: () => Promise<void>;
let base: string;
let outsideBase: string;

/** A channel's part, to see parts routed beside the core's endpoints. */
const echoPart = {
  routes: [
    {
      method: 'GET' as const,
      path: '/api/v1/echo/:country',
      handler: (req: { params: Record<string, string>; query: URLSearchParams }) => ({
        body: { country: req.params.country, q: req.query.get('q') },
      }),
    },
    {
      method: 'GET' as const,
      path: '/sandbox/echo-page',
      handler: (req: { query: URLSearchParams }) => ({
        html: `<!doctype html><title>${escapeHtml(req.query.get('t') ?? '')}</title>`,
        frameAncestors: req.query.getAll('fa'),
        styleHashes: req.query.getAll('sh'),
      }),
    },
    {
      method: 'GET' as const,
      path: '/api/v1/echo-file',
      handler: () => ({ file: { bytes: new Uint8Array([37, 80, 68, 70, 0, 255]), contentType: 'application/pdf', filename: 'my "receipt".pdf' } }),
    },
  ],
  // An outside party's page and script, on the second origin; the API answer naming the page's absolute URL.
  outsideRoutes: [
    { method: 'GET' as const, path: '/provider/page', handler: () => ({ html: '<!doctype html><title>Provider</title>' }) },
    { method: 'POST' as const, path: '/provider/page', handler: () => ({ html: '<!doctype html><title>Posted</title>' }) },
    { method: 'GET' as const, path: '/provider/sdk.js', handler: () => ({ script: 'self.provider = 1;' }) },
  ],
};
const outsideEchoPart = {
  // A part's own payment properties: added to the pay-page's answer, never in place of core's.
  paymentProps: (f: Readonly<Record<string, string>>) => ({ echoConfig: f.echo_config || undefined, merchantCode: 'NOT-CORE' }),
  routes: [
    {
      method: 'GET' as const,
      path: '/api/v1/echo-outside',
      handler: (_req: unknown, ctx: { outsideUrl(p: string): string }) => ({ body: { url: ctx.outsideUrl('/provider/page?x=1') } }),
    },
  ],
};

/** Channels' parts that say where they are offered (SandboxPart.offeredIn), as channels' parts do: in every country, or some. */
const offeredParts = [
  { id: 'everywhere', code: 'CARD', part: { routes: [], offeredIn: ['*'] } },
  { id: 'naira', code: 'TRANSFER', part: { routes: [], offeredIn: ['NG', 'KE'] } },
  { id: 'shilling', code: 'UGANDA_MOBILE_MONEY', part: { routes: [], offeredIn: ['UG'] } },
  { id: 'more-naira', code: 'QR', part: { routes: [], offeredIn: ['NG'] } },
];

beforeAll(async () => {
  sandbox = createSandbox([{ id: 'echo', part: echoPart }, { id: 'echo-outside', part: outsideEchoPart }, { id: 'plain' }, ...offeredParts], {
    faults: NO_FAULTS,
  });
  ({ base, outsideBase, close } = await listenSandbox(sandbox));
});

afterAll(async () => {
  await close();
});

afterEach(() => {
  Object.assign(sandbox.faults, NO_FAULTS);
});

async function call(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json: json as Record<string, any>, text, headers: res.headers };
}

/** The payment as the sandbox keeps it. */
const kept = (paymentId: string) => sandbox.readPayment({ paymentId });

let ref = 0;
const payRequest = (overrides: Record<string, string> = {}) => ({
  merchant_code: 'MX_DEMO',
  pay_item_id: 'Default_Payable_MX_DEMO',
  txn_ref: `SBX-${++ref}`,
  amount: '150000',
  currency: '566',
  site_redirect_url: 'http://127.0.0.1:4401/return?order=1',
  ...overrides,
});

/** How many payment ids were taken while fn ran: a payment opened before and after, their ids counted apart. */
async function idsTakenBy(fn: () => Promise<void>): Promise<number> {
  const before = (await call('POST', '/api/v1/pay-page', payRequest())).json.paymentId;
  await fn();
  const after = (await call('POST', '/api/v1/pay-page', payRequest())).json.paymentId;
  return Number(after) - Number(before) - 1;
}

/** A request straight to a sandbox, no HTTP server between: its reply with the body read as JSON. */
async function ask(sb: Sandbox, method: 'GET' | 'POST', url: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const reply = await sb.handle({ method, url, headers, body });
  if (!reply || 'drop' in reply) throw new Error(`${method} ${url}: no reply`);
  return { status: reply.status, headers: reply.headers, body: JSON.parse(reply.body) as Record<string, any> };
}

describe('sandbox pay-page', () => {
  it('creates a payment with its properties', async () => {
    const req = payRequest({ surcharge: '400', pass_fee: 'true', cust_email: 'ada@example.com', display_mode: 'INLINE' });
    const { status, json, headers } = await call('POST', '/api/v1/pay-page', req);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('date')).toBeTruthy();
    expect(json).toMatchObject({
      responseCode: '00',
      merchantCode: 'MX_DEMO',
      payableCode: 'Default_Payable_MX_DEMO',
      merchantTransactionReference: req.txn_ref,
      transactionType: 'REGULAR',
      amount: 150000,
      surcharge: 400,
      checkoutAmount: 150400,
      currencyCode: '566',
      countryCode: 'NG',
      passFeeToCustomer: true,
      merchantName: 'Oja Demo Store',
      customerEmail: 'ada@example.com',
      siteRedirectUrl: 'http://127.0.0.1:4401/return?order=1',
      siteOrigin: 'http://127.0.0.1:4401',
      displayMode: 'INLINE',
      acquiredBy: '',
      isBulkPayment: false,
    });
    expect(typeof json.paymentId).toBe('string');
    expect((await kept(json.paymentId))?.txnRef).toBe(req.txn_ref);
  });

  it("offers every installed part's channel of the country by default (NG), in the installed order", async () => {
    const { json } = await call('POST', '/api/v1/pay-page', payRequest());
    expect(json.paymentChannels).toEqual(['CARD', 'TRANSFER', 'QR']);
    // The card is not a non-card option; every other channel is one, enabled.
    expect(json.nonCardOptions.map((o: { providerCode: string }) => o.providerCode)).toEqual(['TRANSFER', 'QR']);
    // A country no part names: the channels of every country.
    expect((await call('POST', '/api/v1/pay-page', payRequest({ country: 'ZA' }))).json.paymentChannels).toEqual(['CARD']);
    for (const o of json.nonCardOptions) expect(o).toMatchObject({ enabled: true, payableCode: 'Default_Payable_MX_DEMO' });
  });

  it("uses the merchant's channel list and country", async () => {
    const ug = await call('POST', '/api/v1/pay-page', payRequest({ country: 'ug', currency: '800' }));
    expect(ug.json.countryCode).toBe('UG');
    expect(ug.json.paymentChannels).toEqual(['CARD', 'UGANDA_MOBILE_MONEY']);
    const listed = await call('POST', '/api/v1/pay-page', payRequest({ channels: 'card, transfer ,QR' }));
    expect(listed.json.paymentChannels).toEqual(['CARD', 'TRANSFER', 'QR']);
    expect(listed.json.nonCardOptions.map((o: { providerCode: string }) => o.providerCode)).toEqual(['TRANSFER', 'QR']);
  });

  it('answers the same payment for the same transaction reference', async () => {
    const req = payRequest();
    const first = await call('POST', '/api/v1/pay-page', req);
    const second = await call('POST', '/api/v1/pay-page', { ...req, amount: '999' });
    expect(second.json.paymentId).toBe(first.json.paymentId);
    expect(second.json.amount).toBe(150000);
    const other = await call('POST', '/api/v1/pay-page', payRequest());
    expect(other.json.paymentId).not.toBe(first.json.paymentId);
  });

  it('keeps merchants apart with the same reference', async () => {
    const a = await call('POST', '/api/v1/pay-page', payRequest({ txn_ref: 'SHARED' }));
    const b = await call('POST', '/api/v1/pay-page', payRequest({ txn_ref: 'SHARED', merchant_code: 'MX6072' }));
    expect(b.json.paymentId).not.toBe(a.json.paymentId);
  });

  it('names an unknown merchant after its code', async () => {
    const { json } = await call('POST', '/api/v1/pay-page', payRequest({ merchant_code: 'MX_OTHER' }));
    expect(json.merchantName).toBe('Sandbox Merchant MX_OTHER');
  });

  it('refuses MX_REFUSED with Z1', async () => {
    const req = payRequest({ merchant_code: REFUSED_MERCHANT });
    const taken = await idsTakenBy(async () => {
      const { status, json } = await call('POST', '/api/v1/pay-page', req);
      expect(status).toBe(200);
      expect(json.responseCode).toBe('Z1');
    });
    expect(taken).toBe(0);
    expect(await sandbox.readPayment({ merchantCode: REFUSED_MERCHANT, txnRef: req.txn_ref })).toBeUndefined();
  });

  it('builds a bulk payment of several items', async () => {
    const { json } = await call('POST', '/api/v1/pay-page', payRequest({ bulk: '1', amount: '1000' }));
    expect(json.isBulkPayment).toBe(true);
    expect(json.payItems).toHaveLength(3);
    expect(json.payItems.reduce((s: number, i: { amount: number }) => s + i.amount, 0)).toBe(1000);
  });

  it("gives the merchant's logo from logo_url, and none without it", async () => {
    const logoUrl = 'https://cdn.shop.example/logo.png';
    expect((await call('POST', '/api/v1/pay-page', payRequest({ logo_url: logoUrl }))).json.logoUrl).toBe(logoUrl);
    expect((await call('POST', '/api/v1/pay-page', payRequest())).json.logoUrl).toBeUndefined();
  });

  it('takes a logo_url of 2,048 characters and refuses one of 2,049 with a 400 naming it', async () => {
    const logo = (chars: number) => `https://cdn.shop.example/${'a'.repeat(chars - 'https://cdn.shop.example/'.length)}`;
    expect((await call('POST', '/api/v1/pay-page', payRequest({ logo_url: logo(2048) }))).json.logoUrl).toBe(logo(2048));
    const over = await call('POST', '/api/v1/pay-page', payRequest({ logo_url: logo(2049), txn_ref: 'LOGO-LONG' }));
    expect(over.status).toBe(400);
    expect(over.json.responseDescription).toMatch(/logo_url is too long/);
  });

  it("adds a part's own payment properties from its field, never in place of core's", async () => {
    const req = payRequest({ echo_config: 'on' });
    const { json } = await call('POST', '/api/v1/pay-page', req);
    expect(json.echoConfig).toBe('on');
    expect(json.merchantCode).toBe(req.merchant_code);
    expect((await call('POST', '/api/v1/pay-page', payRequest())).json.echoConfig).toBeUndefined();
  });
});

describe('sandbox cancellation', () => {
  it('records the reason', async () => {
    const { json: p } = await call('POST', '/api/v1/pay-page', payRequest());
    const { status, json } = await call('POST', '/api/v1/pay/customerCancellation', {
      paymentId: p.paymentId,
      customerCancellationReason: 'Customer cancelled',
    });
    expect(status).toBe(200);
    expect(json.responseCode).toBe('Z6');
    expect((await kept(p.paymentId))?.cancellation?.reason).toBe('Customer cancelled');
    const seen = await call('GET', `/sandbox/payments?merchant_code=MX_DEMO&txn_ref=${p.merchantTransactionReference}`);
    expect(seen.json.cancellation).toMatchObject({ reason: 'Customer cancelled' });
  });

  it('keeps the first reason', async () => {
    const { json: p } = await call('POST', '/api/v1/pay-page', payRequest());
    await call('POST', '/api/v1/pay/customerCancellation', { paymentId: p.paymentId, customerCancellationReason: 'Return to merchant Site' });
    await call('POST', '/api/v1/pay/customerCancellation', { paymentId: p.paymentId, customerCancellationReason: 'Customer cancelled' });
    expect((await kept(p.paymentId))?.cancellation?.reason).toBe('Return to merchant Site');
  });

  it('answers 404 for an unknown payment', async () => {
    const { status } = await call('POST', '/api/v1/pay/customerCancellation', { paymentId: 'nope', customerCancellationReason: 'x' });
    expect(status).toBe(404);
  });

  it('records the API calls made for a payment', async () => {
    const { json: p } = await call('POST', '/api/v1/pay-page', payRequest());
    await call('POST', '/api/v1/pay/customerCancellation', { paymentId: p.paymentId, customerCancellationReason: 'x' });
    const calls = (await kept(p.paymentId))!.calls;
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/pay/customerCancellation']);
    expect(calls[0].endedAt).toBeGreaterThanOrEqual(calls[0].at);
  });
});

describe('sandbox simulate', () => {
  it.each(['success', 'failed', 'expired'])('settles a payment as %s', async (outcome) => {
    const { json: p } = await call('POST', '/api/v1/pay-page', payRequest());
    const { status, json } = await call('POST', '/sandbox/simulate', { merchant_code: 'MX_DEMO', txn_ref: p.merchantTransactionReference, outcome });
    expect(status).toBe(200);
    expect(json).toEqual({ ok: true, paymentId: p.paymentId, outcome });
    expect((await kept(p.paymentId))?.outcome?.value).toBe(outcome);
  });

  it.each(['', 'succeeded', 'SUCCESS', undefined])('refuses the outcome %j', async (outcome) => {
    const { json: p } = await call('POST', '/api/v1/pay-page', payRequest());
    const { status } = await call('POST', '/sandbox/simulate', { merchant_code: 'MX_DEMO', txn_ref: p.merchantTransactionReference, outcome });
    expect(status).toBe(400);
    expect((await kept(p.paymentId))?.outcome).toBeNull();
  });

  it('answers 404 for an unknown payment', async () => {
    const { status } = await call('POST', '/sandbox/simulate', { merchant_code: 'MX_DEMO', txn_ref: 'never-made', outcome: 'success' });
    expect(status).toBe(404);
  });
});

describe('hostile JSON bodies: a clear 400, never a 500', () => {
  const raw = (path: string, body: string) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(async (r) => ({
      status: r.status,
      json: (await r.json()) as Record<string, unknown>,
    }));
  it.each([
    ['an outcome with its own toString', '{"outcome":{"toString":1}}', /outcome must be text/],
    ['an outcome as an array', '{"merchant_code":"MX_DEMO","txn_ref":"x","outcome":["success"]}', /outcome must be text/],
    ['a reference as an object', '{"merchant_code":"MX_DEMO","txn_ref":{"a":1},"outcome":"success"}', /txn_ref must be text/],
    ['__proto__', '{"__proto__":{"outcome":"success"},"merchant_code":"MX_DEMO"}', /__proto__ is not an accepted field/],
    ['constructor', '{"constructor":{"prototype":{}}}', /constructor is not an accepted field/],
    ['an array', '["success"]', /must be an object of fields/],
    ['null', 'null', /must be an object of fields/],
    ['a number', '42', /must be an object of fields/],
    ['a string', '"success"', /must be an object of fields/],
  ])('%s on /sandbox/simulate', async (_, body, message) => {
    const { status, json } = await raw('/sandbox/simulate', body);
    expect(status).toBe(400);
    expect(json.responseDescription).toMatch(message);
  });

  it.each([
    ['/api/v1/pay-page', '{"merchant_code":{"toString":1}}'],
    ['/api/v1/pay/customerCancellation', '{"paymentId":{"toString":1},"customerCancellationReason":[1]}'],
    ['/sandbox/faults', '{"pathPrefix":{"toString":1}}'],
    ['/api/v1/pay-page', '{"txn_ref":["a","b"],"amount":{"value":1}}'],
  ])('an object where a value belongs on %s', async (path, body) => {
    const { status, json } = await raw(path, body);
    expect(status).toBe(400);
    expect(json).toMatchObject({ responseCode: '400', responseDescription: expect.stringMatching(/must be text/) });
  });

  it("leaves Object's prototype alone", async () => {
    await raw('/sandbox/simulate', '{"__proto__":{"polluted":true}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('bodyFieldProblem', () => {
  it('takes text, numbers, true/false and null, and objects or lists where a route declares them', () => {
    expect(bodyFieldProblem({ a: 'x', b: 1, c: true, d: null })).toBeUndefined();
    expect(bodyFieldProblem({ info: { id: 'x', eci: 5 }, items: [{ a: 1 }] }, ['info', 'items'])).toBeUndefined();
    expect(bodyFieldProblem({ info: 'x' }, ['info'])).toBeUndefined();
    expect(bodyFieldProblem({ other: { id: 'x' } }, ['info'])).toBe('other must be text, a number, true or false');
    expect(bodyFieldProblem({ items: [JSON.parse('{"__proto__":{}}')] }, ['items'])).toBe('items.0.__proto__ is not an accepted field');
    expect(bodyFieldProblem(JSON.parse('{"prototype":1}'))).toBe('prototype is not an accepted field');
  });
});

describe('sandbox faults', () => {
  it('answers 500 to API calls after POST /sandbox/faults, and recovers', async () => {
    const set = await call('POST', '/sandbox/faults', { errorRate: 1 });
    expect(set.json).toMatchObject({ errorRate: 1, latencyMs: 0, dropRate: 0 });
    const failed = await call('POST', '/api/v1/pay-page', payRequest());
    expect(failed.status).toBe(500);
    expect(failed.json.responseCode).toBe('96');
    // The sandbox's own controls are not faulted.
    expect((await call('GET', '/sandbox/payments?merchant_code=x&txn_ref=y')).status).toBe(404);
    await call('POST', '/sandbox/faults', { errorRate: 0 });
    expect((await call('POST', '/api/v1/pay-page', payRequest())).status).toBe(200);
  });

  it('faults only the paths under pathPrefix', async () => {
    await call('POST', '/sandbox/faults', { errorRate: 1, pathPrefix: '/api/v1/pay/' });
    const { json: p, status } = await call('POST', '/api/v1/pay-page', payRequest());
    expect(status).toBe(200);
    expect((await call('POST', '/api/v1/pay/customerCancellation', { paymentId: p.paymentId })).status).toBe(500);
  });

  it('clamps fault settings', async () => {
    const { json } = await call('POST', '/sandbox/faults', { errorRate: 7, dropRate: -1, latencyMs: 'abc' });
    expect(json).toMatchObject({ errorRate: 1, dropRate: 0, latencyMs: 0 });
  });

  it('answers 500 for one request with x-sandbox-error-rate', async () => {
    expect((await call('POST', '/api/v1/pay-page', payRequest(), { 'x-sandbox-error-rate': '1' })).status).toBe(500);
    expect((await call('POST', '/api/v1/pay-page', payRequest(), { 'x-sandbox-error-rate': '0' })).status).toBe(200);
    expect((await call('POST', '/api/v1/pay-page', payRequest())).status).toBe(200);
  });

  it('reads its faults from the environment', () => {
    expect(faultsFromEnv({ SANDBOX_LATENCY_MS: '250', SANDBOX_ERROR_RATE: '0.2', SANDBOX_DROP_RATE: '5', SANDBOX_FAULT_PATH: '/api/v1/qr' })).toEqual(
      {
        latencyMs: 250,
        errorRate: 0.2,
        dropRate: 1,
        pathPrefix: '/api/v1/qr',
      },
    );
    expect(faultsFromEnv({})).toEqual(NO_FAULTS);
  });
});

describe('sandbox JSON answers', () => {
  it('carry x-content-type-options: nosniff, whatever their status', async () => {
    const answers = [
      await call('POST', '/api/v1/pay-page', payRequest()),
      await call('POST', '/api/v1/pay-page', { ...payRequest(), amount: '-5' }),
      await call('GET', '/api/v1/nothing-here'),
      await call('POST', '/sandbox/simulate', { merchant_code: 'MX_DEMO', txn_ref: 'never-made', outcome: 'success' }),
      await call('POST', '/sandbox/faults', {}, { origin: 'http://evil.example' }),
      await call('POST', '/api/v1/pay-page', payRequest(), { 'x-sandbox-error-rate': '1' }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 400, 404, 404, 403, 500]);
    for (const a of answers) {
      expect(a.headers.get('content-type')).toBe('application/json');
      expect(a.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('carry it on the refusal of a malformed body too', async () => {
    const res = await fetch(`${base}/api/v1/pay-page`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('sandbox routing', () => {
  it('answers 404 for an unknown API or sandbox route', async () => {
    const api = await call('GET', '/api/v1/nothing-here');
    expect(api.status).toBe(404);
    expect(api.json.responseCode).toBe('404');
    expect((await call('POST', '/sandbox/nothing')).status).toBe(404);
    // Right path, wrong method.
    expect((await call('GET', '/api/v1/pay-page')).status).toBe(404);
  });

  it('leaves other paths to the server', async () => {
    const { status, text } = await call('GET', '/payment-methods');
    expect(status).toBe(404);
    expect(text).toBe('not the sandbox');
  });

  it("routes a channel's part with its path parameters", async () => {
    const { status, json } = await call('GET', '/api/v1/echo/NG?q=banks');
    expect(status).toBe(200);
    expect(json).toEqual({ country: 'NG', q: 'banks' });
  });
});

describe('sandbox token sign-in', () => {
  it('remembers the tokens it issues, and only those', async () => {
    const { status, json } = await call('POST', '/api/v1/pay-page/token-authentication', {
      accessToken: SANDBOX_ACCESS_TOKEN,
      accessTokenType: 'Bearer',
    });
    expect(status).toBe(200);
    expect(json.token).toMatch(/^[0-9a-f]{24}$/);
    expect(await sandbox.run((ctx) => ctx.isIssuedToken(json.token))).toBe(true);
    const refused = await call('POST', '/api/v1/pay-page/token-authentication', { accessToken: 'guess' });
    expect(refused.status).toBe(403);
    expect(refused.json.token).toBeUndefined();
    expect(await sandbox.run((ctx) => ctx.isIssuedToken('guess'))).toBe(false);
    expect(await sandbox.run((ctx) => ctx.isIssuedToken(''))).toBe(false);
  });

  it(`forgets a token ${SIGN_IN_TOKEN_TTL_MS / 60_000} minutes after issuing it`, async () => {
    const now = { t: 0 };
    const sb = createSandbox([], { now: () => now.t });
    const { body } = await ask(sb, 'POST', '/api/v1/pay-page/token-authentication', { accessToken: SANDBOX_ACCESS_TOKEN });
    now.t = SIGN_IN_TOKEN_TTL_MS - 1;
    expect(await sb.run((ctx) => ctx.isIssuedToken(body.token))).toBe(true);
    now.t = SIGN_IN_TOKEN_TTL_MS;
    expect(await sb.run((ctx) => ctx.isIssuedToken(body.token))).toBe(false);
  });
});

describe('sandbox HTML answers', () => {
  it('serves a page as HTML under a strict policy', async () => {
    const { status, text, headers } = await call('GET', '/sandbox/echo-page?t=%3Cb%3E');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('content-security-policy')).toBe("default-src 'none'; form-action 'self'; frame-ancestors 'self'");
    expect(text).toBe('<!doctype html><title>&lt;b&gt;</title>');
  });

  it('lets the merchant origin frame it, and ignores anything that is not an origin', async () => {
    const fa = ['http://127.0.0.1:4401', "https://x.test; script-src 'unsafe-inline'", 'javascript:alert(1)', 'https://shop.test/path'];
    const { headers } = await call('GET', `/sandbox/echo-page?${fa.map((o) => `fa=${encodeURIComponent(o)}`).join('&')}`);
    expect(headers.get('content-security-policy')).toBe("default-src 'none'; form-action 'self'; frame-ancestors 'self' http://127.0.0.1:4401");
  });

  it('allows the style elements of the hashes it names, and ignores anything that is not a sha256 hash', async () => {
    const hash = `sha256-${'A'.repeat(43)}=`;
    const sh = [hash, "sha256-x'; script-src *", 'unsafe-inline', `sha384-${'A'.repeat(64)}`];
    const { headers } = await call('GET', `/sandbox/echo-page?${sh.map((h) => `sh=${encodeURIComponent(h)}`).join('&')}`);
    expect(headers.get('content-security-policy')).toBe(`default-src 'none'; style-src '${hash}'; form-action 'self'; frame-ancestors 'self'`);
  });
});

describe('sandbox file answers', () => {
  it('serves the bytes as a download, under a safe file name', async () => {
    const res = await fetch(`${base}/api/v1/echo-file`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="my__receipt_.pdf"');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70, 0, 255]));
  });
});

describe('sandbox pay-page validation', () => {
  it.each([
    ['no site_redirect_url', { site_redirect_url: undefined }],
    ['a site_redirect_url that is no URL', { site_redirect_url: 'not a url' }],
    ['a javascript: site_redirect_url', { site_redirect_url: 'javascript:alert(1)' }],
    ['an amount as an object', { amount: { value: 1 } }],
    ['a negative amount', { amount: '-5' }],
    ['no merchant code', { merchant_code: undefined }],
    ['a reference as an array', { txn_ref: ['a', 'b'] }],
    ['channels as a number', { channels: 7, txn_ref: undefined }],
  ])('answers 400 with a description for %s, and makes no payment', async (_, change) => {
    const taken = await idsTakenBy(async () => {
      const { status, json } = await call('POST', '/api/v1/pay-page', { ...payRequest(), ...change });
      expect(status).toBe(400);
      expect(json.responseCode).toBe('400');
      expect(json.responseDescription).toMatch(/\S/);
    });
    expect(taken).toBe(0);
  });

  it('reads numbers as the text they are', async () => {
    const { status, json } = await call('POST', '/api/v1/pay-page', { ...payRequest(), amount: 2500, currency: 566 });
    expect(status).toBe(200);
    expect(json).toMatchObject({ amount: 2500, currencyCode: '566' });
  });
});

describe('a paid payment stays paid (sandbox)', () => {
  async function paid() {
    const { json: p } = await call('POST', '/api/v1/pay-page', payRequest());
    await call('POST', '/sandbox/simulate', { merchant_code: 'MX_DEMO', txn_ref: p.merchantTransactionReference, outcome: 'success' });
    return p;
  }

  it.each(['success', 'failed', 'expired'])('refuses to simulate %s on a paid payment (409)', async (outcome) => {
    const p = await paid();
    const { status, json } = await call('POST', '/sandbox/simulate', { merchant_code: 'MX_DEMO', txn_ref: p.merchantTransactionReference, outcome });
    expect(status).toBe(409);
    expect(json.error).toMatch(/already paid/);
    expect((await kept(p.paymentId))?.outcome?.value).toBe('success');
  });

  it('records no cancellation against a paid payment', async () => {
    const p = await paid();
    const { status, json } = await call('POST', '/api/v1/pay/customerCancellation', {
      paymentId: p.paymentId,
      customerCancellationReason: 'Return to merchant Site',
    });
    expect(status).toBe(409);
    expect(json.responseCode).toBe(CODE_ALREADY_PAID);
    expect((await kept(p.paymentId))?.cancellation).toBeNull();
  });
});

describe('sandbox transaction requery', () => {
  const requery = (merchant: string, ref: string, amount: string | number) =>
    call('GET', `${REQUERY_PATH}?merchantcode=${merchant}&transactionreference=${encodeURIComponent(ref)}&amount=${amount}`);

  it('answers 09 while pending, then 00 with the amount once paid', async () => {
    const { json: p } = await call('POST', '/api/v1/pay-page', payRequest({ surcharge: '100' }));
    const pending = await requery('MX_DEMO', p.merchantTransactionReference, 150000);
    expect(pending.status).toBe(200);
    expect(pending.json).toMatchObject({ ResponseCode: '09', MerchantReference: p.merchantTransactionReference });
    await call('POST', '/sandbox/simulate', { merchant_code: 'MX_DEMO', txn_ref: p.merchantTransactionReference, outcome: 'success' });
    const settled = await requery('MX_DEMO', p.merchantTransactionReference, 150000);
    expect(settled.json).toMatchObject({ ResponseCode: '00', Amount: 150100, MerchantReference: p.merchantTransactionReference });
    expect(settled.json.PaymentReference).toMatch(/\S/);
    expect(settled.json.ResponseDescription).toMatch(/\S/);
    // The amount with the surcharge names it too.
    expect((await requery('MX_DEMO', p.merchantTransactionReference, 150100)).json.ResponseCode).toBe('00');
  });

  it('answers the failure, expiry or cancellation of an unpaid payment', async () => {
    const { json: f } = await call('POST', '/api/v1/pay-page', payRequest());
    await call('POST', '/sandbox/simulate', { merchant_code: 'MX_DEMO', txn_ref: f.merchantTransactionReference, outcome: 'failed' });
    expect((await requery('MX_DEMO', f.merchantTransactionReference, 150000)).json.ResponseCode).toBe('Z1');
    const { json: c } = await call('POST', '/api/v1/pay-page', payRequest());
    await call('POST', '/api/v1/pay/customerCancellation', { paymentId: c.paymentId, customerCancellationReason: 'x' });
    expect((await requery('MX_DEMO', c.merchantTransactionReference, 150000)).json.ResponseCode).toBe('Z6');
  });

  it('answers Z25 for an unknown payment, Z1 for another amount, 400 without an amount', async () => {
    expect((await requery('MX_DEMO', 'never-made', 100)).json).toMatchObject({ ResponseCode: 'Z25', ResponseDescription: 'Transaction not Found' });
    const { json: p } = await call('POST', '/api/v1/pay-page', payRequest());
    expect((await requery('MX_DEMO', p.merchantTransactionReference, 1)).json).toMatchObject({
      ResponseCode: 'Z1',
      ResponseDescription: 'Amount Inconsistency',
    });
    const missing = await call('GET', `${REQUERY_PATH}?merchantcode=MX_DEMO&transactionreference=${p.merchantTransactionReference}`);
    expect(missing.status).toBe(400);
  });
});

describe('sandbox controls answer only the checkout itself', () => {
  const own = { host: '127.0.0.1:4400' };
  it.each([
    ['no Origin nor Sec-Fetch-Site (curl, a test, a server)', {}, true],
    ['its own origin', { origin: 'http://127.0.0.1:4400' }, true],
    ['same-origin', { origin: 'http://127.0.0.1:4400', 'sec-fetch-site': 'same-origin' }, true],
    ['a form from its own no-referrer page (Origin null, same-origin)', { origin: 'null', 'sec-fetch-site': 'same-origin' }, true],
    ['another port of the same host', { origin: 'http://127.0.0.1:4401' }, false],
    ['another port, same-site', { origin: 'http://127.0.0.1:4401', 'sec-fetch-site': 'same-site' }, false],
    ['another site', { origin: 'https://evil.test' }, false],
    ['cross-site without Origin', { 'sec-fetch-site': 'cross-site' }, false],
    ['Origin null from anywhere else', { origin: 'null' }, false],
    ['https of the same host and port', { origin: 'https://127.0.0.1:4400' }, false],
  ])('%s: %s', (_, headers, allowed) => {
    expect(isSameOriginRequest({ ...own, ...headers })).toBe(allowed);
  });

  it.each([
    ['its configured base', 'http://127.0.0.1:4400', { host: '127.0.0.1:4400', origin: 'http://127.0.0.1:4400' }, true],
    ['localhost for a loopback base', 'http://127.0.0.1:4400', { host: 'localhost:4400', origin: 'http://localhost:4400' }, true],
    [
      '[::1] for a loopback base',
      'http://127.0.0.1:4400',
      { host: '[::1]:4400', origin: 'http://[::1]:4400', 'sec-fetch-site': 'same-origin' },
      true,
    ],
    [
      'a rebinding page (Host and Origin evil.example)',
      'http://127.0.0.1:4400',
      { host: 'evil.example:4400', origin: 'http://evil.example:4400' },
      false,
    ],
    [
      'a rebinding page, same-origin by its own account',
      'http://127.0.0.1:4400',
      { host: 'evil.example', origin: 'http://evil.example', 'sec-fetch-site': 'same-origin' },
      false,
    ],
    ['a rebinding GET (no Origin, same-origin)', 'http://127.0.0.1:4400', { host: 'evil.example', 'sec-fetch-site': 'same-origin' }, false],
    ['loopback on another port', 'http://127.0.0.1:4400', { host: 'localhost:4401', origin: 'http://localhost:4401' }, false],
    ['a public base, its host', 'https://pay.example', { host: 'pay.example', origin: 'https://pay.example' }, true],
    ['a public base, loopback (never its name)', 'https://pay.example', { host: '127.0.0.1', origin: 'http://127.0.0.1' }, false],
    ['a public base, another host', 'https://pay.example', { host: 'evil.example', origin: 'http://evil.example' }, false],
    ['no base known: loopback only', '', { host: '127.0.0.1:4400', origin: 'http://127.0.0.1:4400' }, true],
    ['no base known: any other name', '', { host: 'evil.example', origin: 'http://evil.example' }, false],
    ['a Host that is not one', 'http://127.0.0.1:4400', { host: 'evil.example@127.0.0.1:4400', origin: 'http://evil.example@127.0.0.1:4400' }, false],
  ])('the Host against the public base, %s (%s)', (_, base, headers, allowed) => {
    expect(isSameOriginRequest(headers, base)).toBe(allowed);
  });

  it('refuses a DNS-rebinding page on a sandbox control with 403, and changes nothing', async () => {
    const { json: p } = await call('POST', '/api/v1/pay-page', payRequest());
    const fields = { merchant_code: 'MX_DEMO', txn_ref: p.merchantTransactionReference, outcome: 'success' };
    const rebound = await sandbox.handle({
      method: 'POST',
      url: '/sandbox/simulate',
      headers: { host: 'evil.example', origin: 'http://evil.example', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: fields,
    });
    expect(rebound && 'status' in rebound && rebound.status).toBe(403);
    expect((await kept(p.paymentId))?.outcome).toBeNull();
  });

  it.each([
    ['POST', '/sandbox/simulate', 'application/json'],
    ['POST', '/sandbox/simulate', 'application/x-www-form-urlencoded'],
    ['POST', '/sandbox/simulate', 'text/plain'],
    ['POST', '/sandbox/faults', 'application/x-www-form-urlencoded'],
    ['GET', '/sandbox/payments', 'text/plain'],
    ['POST', '/sandbox/echo-page', 'application/x-www-form-urlencoded'],
  ] as const)('refuses %s %s (%s) from another origin with 403, and changes nothing', async (method, path, type) => {
    const { json: p } = await call('POST', '/api/v1/pay-page', payRequest());
    const fields = { merchant_code: 'MX_DEMO', txn_ref: p.merchantTransactionReference, outcome: 'success', errorRate: '1' };
    const body = type === 'application/json' ? JSON.stringify(fields) : new URLSearchParams(fields).toString();
    const res = await fetch(`${base}${path}${method === 'GET' ? `?merchant_code=MX_DEMO&txn_ref=${p.merchantTransactionReference}` : ''}`, {
      method,
      headers: { 'content-type': type, origin: 'http://127.0.0.1:1' },
      body: method === 'GET' ? undefined : body,
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ responseCode: '403' });
    expect((await kept(p.paymentId))?.outcome).toBeNull();
    expect(sandbox.faults.errorRate).toBe(0);
  });

  it('lets the checkout page itself, and callers that are no browser, drive them', async () => {
    const { json: p } = await call('POST', '/api/v1/pay-page', payRequest());
    const own = new URL(base).host;
    const res = await call(
      'POST',
      '/sandbox/simulate',
      { merchant_code: 'MX_DEMO', txn_ref: p.merchantTransactionReference, outcome: 'failed' },
      { origin: `http://${own}`, 'sec-fetch-site': 'same-origin' },
    );
    expect(res.status).toBe(200);
    // The API itself is not a control: the page's calls (and a real API's callers) are unaffected.
    expect((await call('POST', '/api/v1/pay-page', payRequest(), { origin: 'https://shop.test' })).status).toBe(200);
  });
});

describe('sandbox memory', () => {
  const make = (now: { t: number }, maxPayments?: number) => createSandbox([], { now: () => now.t, maxPayments });
  const open = async (sb: Sandbox, fields: Record<string, string> = {}) => (await ask(sb, 'POST', '/api/v1/pay-page', payRequest(fields))).body;
  /** A request naming the payment (the sandbox's own view of it): the payment is seen. */
  const see = (sb: Sandbox, p: Record<string, any>) =>
    ask(sb, 'GET', `/sandbox/payments?merchant_code=MX_DEMO&txn_ref=${p.merchantTransactionReference}`);

  it('keeps at most its cap of payments, forgetting the least recently seen, with ids never reused', async () => {
    const now = { t: 1_000 };
    const sb = make(now, 3);
    const a = await open(sb);
    const b = await open(sb);
    const c = await open(sb);
    // a is seen again: b is now the least recently seen.
    expect((await see(sb, a)).status).toBe(200);
    const d = await open(sb);
    const left = [];
    for (const p of [a, b, c, d]) if (await sb.readPayment({ paymentId: p.paymentId })) left.push(p.paymentId);
    expect(left).toEqual([a.paymentId, c.paymentId, d.paymentId]);
    expect(await sb.readPayment({ merchantCode: 'MX_DEMO', txnRef: b.merchantTransactionReference })).toBeUndefined();
    const ids = [a, b, c, d].map((p) => p.paymentId);
    expect(new Set(ids).size).toBe(4);
    const e = await open(sb);
    expect(ids).not.toContain(e.paymentId);
  });

  it(`forgets a payment unseen for ${SANDBOX_PAYMENT_IDLE_MS / 3_600_000} h, and keeps one seen meanwhile`, async () => {
    const now = { t: 0 };
    const sb = make(now);
    const idle = await open(sb);
    const busy = await open(sb);
    now.t = SANDBOX_PAYMENT_IDLE_MS - 1;
    expect((await see(sb, busy)).status).toBe(200);
    now.t = SANDBOX_PAYMENT_IDLE_MS + 1;
    expect(await sb.readPayment({ paymentId: idle.paymentId })).toBeUndefined();
    expect((await see(sb, idle)).status).toBe(404);
    expect((await sb.readPayment({ merchantCode: 'MX_DEMO', txnRef: busy.merchantTransactionReference }))?.seenAt).toBe(SANDBOX_PAYMENT_IDLE_MS - 1);
    // The same reference after expiry is a new payment.
    const again = await open(sb, { txn_ref: idle.merchantTransactionReference });
    expect(again.paymentId).not.toBe(idle.paymentId);
  });

  it('finds a payment by merchant code and reference through its index, not a scan', async () => {
    const store = createMemoryStore({ maxEntries: 100 });
    const sb = createSandbox([], { store });
    const p = await open(sb);
    const txnRef = p.merchantTransactionReference;
    const get = vi.spyOn(store, 'get');
    expect((await sb.readPayment({ merchantCode: 'MX_DEMO', txnRef }))?.paymentId).toBe(p.paymentId);
    expect(get.mock.calls.map(([key]) => key)).toEqual([sandboxKeys.reference('MX_DEMO', txnRef), sandboxKeys.payment(p.paymentId)]);
    expect(await sb.readPayment({ merchantCode: 'MX6072', txnRef })).toBeUndefined();
    get.mockClear();
    // Neither a reference that is not text nor an id that is not digits reaches the store.
    expect(await sb.readPayment({ merchantCode: { a: 1 }, txnRef })).toBeUndefined();
    expect(await sb.readPayment({ paymentId: 'sandbox:ref:*' })).toBeUndefined();
    expect(get).not.toHaveBeenCalled();
  });

  it('keeps every payment in the store, under sandbox: keys, as JSON that expires', async () => {
    const now = { t: 0 };
    const store = createMemoryStore({ maxEntries: 100, now: () => now.t });
    const sb = createSandbox([], { store, now: () => now.t });
    const p = await open(sb);
    expect(await store.get(sandboxKeys.payment(p.paymentId))).toMatchObject({
      paymentId: p.paymentId,
      txnRef: p.merchantTransactionReference,
      outcome: null,
    });
    expect(await store.get(sandboxKeys.reference('MX_DEMO', p.merchantTransactionReference))).toBe(p.paymentId);
    now.t = SANDBOX_PAYMENT_IDLE_MS;
    expect(await store.get(sandboxKeys.payment(p.paymentId))).toBeUndefined();
    expect(await store.get(sandboxKeys.reference('MX_DEMO', p.merchantTransactionReference))).toBeUndefined();
  });

  it(`logs at most ${MAX_CALLS_PER_PAYMENT} calls per payment, the newest`, async () => {
    const now = { t: 0 };
    const sb = make(now);
    const p = await open(sb);
    for (let i = 0; i < MAX_CALLS_PER_PAYMENT + 5; i++) {
      now.t = i;
      await ask(sb, 'POST', '/api/v1/pay/customerCancellation', { paymentId: p.paymentId });
    }
    const calls = (await sb.readPayment({ paymentId: p.paymentId }))!.calls;
    expect(calls).toHaveLength(MAX_CALLS_PER_PAYMENT);
    expect(calls.at(-1)!.at).toBe(MAX_CALLS_PER_PAYMENT + 4);
    expect(calls[0].at).toBe(5);
  });
});

describe("the sandbox's second origin (CONTRACT §5)", () => {
  it("answers the parts' outside routes there, and only there", async () => {
    const page = await fetch(`${outsideBase}/provider/page`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Provider</title>');
    expect((await fetch(`${base}/provider/page`)).status).toBe(404);
    expect((await fetch(`${outsideBase}/api/v1/echo/NG`)).status).toBe(404);
    expect((await fetch(`${outsideBase}/sandbox/payments`)).status).toBe(404);
  });

  it('lets the checkout frame its pages, under the strict page policy', async () => {
    const page = await fetch(`${outsideBase}/provider/page`);
    expect(page.headers.get('content-security-policy')).toBe(`default-src 'none'; form-action 'self'; frame-ancestors 'self' ${base}`);
  });

  it('serves a script to any origin (CORS), for the loading page to check its integrity', async () => {
    const res = await fetch(`${outsideBase}/provider/sdk.js`);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await res.text()).toBe('self.provider = 1;');
  });

  it("refuses a form posted to it from another site; its own page's post passes", async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${outsideBase}/provider/page`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: 'a=1',
      });
    expect((await post({ origin: base, 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await post({ origin: 'null', 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });

  it("names its absolute URLs in the API's answers (ctx.outsideUrl), and bare paths before it listens", async () => {
    expect((await call('GET', '/api/v1/echo-outside')).json.url).toBe(`${outsideBase}/provider/page?x=1`);
    expect(await createSandbox([]).run(async (ctx) => ctx.outsideUrl('/p?q=1'))).toBe('/p?q=1');
  });
});

describe("an owner's sandbox-wide state (ctx.shared)", () => {
  it('is kept in the store under its owner, apart from other owners and from sandboxes of other stores, until it expires', async () => {
    const now = { t: 0 };
    const store = createMemoryStore({ maxEntries: 100, now: () => now.t });
    const one = createSandbox([], { store, now: () => now.t });
    const other = createSandbox([], { store, now: () => now.t });
    await one.run((ctx) => ctx.shared('pay-with-app').set('token:t', { expires: 9 }, 1_000));
    expect(await store.get(sandboxKeys.shared('pay-with-app', 'token:t'))).toEqual({ expires: 9 });
    // Another instance on the same store sees it; another owner, or a sandbox with its own store, does not.
    expect(await other.run((ctx) => ctx.shared('pay-with-app').get('token:t'))).toEqual({ expires: 9 });
    expect(await one.run((ctx) => ctx.shared('other').get('token:t'))).toBeUndefined();
    expect(await createSandbox([]).run((ctx) => ctx.shared('pay-with-app').get('token:t'))).toBeUndefined();
    now.t = 1_000;
    expect(await other.run((ctx) => ctx.shared('pay-with-app').get('token:t'))).toBeUndefined();
  });
});

/** A route of a channel's kind (core names none): the status of a payment, and a change to it. */
const statusPart = {
  routes: [
    statusRoute('/api/v1/probe/status', (p) => ({ responseCode: p.outcome?.value === 'success' ? '00' : '09' })),
    {
      method: 'POST' as const,
      path: '/api/v1/probe/note',
      handler: async (req: { body: Record<string, unknown> }, ctx: SandboxContext) => {
        const p = await ctx.payment({ paymentId: req.body.paymentId });
        if (!p) return UNKNOWN_PAYMENT;
        const notes = ((p.channels.probe as string[] | undefined) ??= []);
        notes.push(String(req.body.note));
        return { body: { responseCode: '00' } };
      },
    },
  ],
};

/** Two instances of the checkout, each with its own sandbox, sharing one store (as two behind a load balancer, on Redis). */
function twoInstances() {
  const store = createMemoryStore({ maxEntries: 10_000 });
  const parts = [{ id: 'probe', part: statusPart }];
  return { store, a: createSandbox(parts, { store }), b: createSandbox(parts, { store }) };
}

describe('sandboxes sharing one store act as one collections API (CONTRACT §5)', () => {
  it('answers on one instance for a payment opened on the other: status, simulate, requery, cancellation, its record', async () => {
    const { a, b } = twoInstances();
    const req = payRequest();
    const { body: p } = await ask(a, 'POST', '/api/v1/pay-page', req);
    const q = `merchantCode=MX_DEMO&transactionReference=${req.txn_ref}`;
    expect((await ask(b, 'GET', `/api/v1/probe/status?${q}`)).body.responseCode).toBe('09');
    expect((await ask(b, 'GET', `${REQUERY_PATH}?merchantcode=MX_DEMO&transactionreference=${req.txn_ref}&amount=150000`)).body.ResponseCode).toBe(
      '09',
    );
    expect((await ask(b, 'POST', '/sandbox/simulate', { merchant_code: 'MX_DEMO', txn_ref: req.txn_ref, outcome: 'success' })).body).toEqual({
      ok: true,
      paymentId: p.paymentId,
      outcome: 'success',
    });
    expect((await ask(a, 'GET', `/api/v1/probe/status?${q}`)).body.responseCode).toBe('00');
    expect((await ask(a, 'GET', `${REQUERY_PATH}?merchantcode=MX_DEMO&transactionreference=${req.txn_ref}&amount=150000`)).body.ResponseCode).toBe(
      '00',
    );
    // A paid payment stays paid, whichever instance is asked.
    expect((await ask(a, 'POST', '/sandbox/simulate', { merchant_code: 'MX_DEMO', txn_ref: req.txn_ref, outcome: 'failed' })).status).toBe(409);
    expect((await ask(b, 'POST', '/api/v1/pay/customerCancellation', { paymentId: p.paymentId })).status).toBe(409);
    const seen = await ask(b, 'GET', `/sandbox/payments?merchant_code=MX_DEMO&txn_ref=${req.txn_ref}`);
    expect(seen.body).toMatchObject({ paymentId: p.paymentId, outcome: { value: 'success' }, cancellation: null });
    expect(seen.body.calls.map((c: { path: string }) => c.path)).toEqual([
      '/api/v1/probe/status',
      '/api/v1/probe/status',
      '/api/v1/pay/customerCancellation',
    ]);
  });

  it('opens one payment for a reference opened on both at once', async () => {
    const { a, b } = twoInstances();
    const reqs = Array.from({ length: 10 }, () => payRequest());
    const answers = await Promise.all(
      reqs.flatMap((r) => [ask(a, 'POST', '/api/v1/pay-page', r), ask(b, 'POST', '/api/v1/pay-page', { ...r, amount: '999' })]),
    );
    for (let i = 0; i < reqs.length; i++) {
      const [onA, onB] = [answers[2 * i].body, answers[2 * i + 1].body];
      expect(onB.paymentId).toBe(onA.paymentId);
      expect(onB.amount).toBe(onA.amount);
      expect((await b.readPayment({ merchantCode: 'MX_DEMO', txnRef: reqs[i].txn_ref }))?.paymentId).toBe(onA.paymentId);
    }
    expect(new Set(answers.map((x) => x.body.paymentId)).size).toBe(reqs.length);
  });

  it('never gives two payments one id', async () => {
    const { a, b } = twoInstances();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => ask(i % 2 ? a : b, 'POST', '/api/v1/pay-page', payRequest())));
    const ids = answers.map((x) => x.body.paymentId);
    expect(new Set(ids).size).toBe(30);
    for (const [i, id] of ids.entries()) expect((await a.readPayment({ paymentId: id }))?.txnRef).toBe(answers[i].body.merchantTransactionReference);
  });

  it('points a reference anew when its index names a payment that is gone (a bounded store dropped it)', async () => {
    const { store, a, b } = twoInstances();
    const req = payRequest();
    const { body: first } = await ask(a, 'POST', '/api/v1/pay-page', req);
    await store.delete(sandboxKeys.payment(first.paymentId));
    const [onA, onB] = await Promise.all([ask(a, 'POST', '/api/v1/pay-page', req), ask(b, 'POST', '/api/v1/pay-page', req)]);
    expect(onA.body.paymentId).not.toBe(first.paymentId);
    expect(onB.body.paymentId).toBe(onA.body.paymentId);
    expect(await store.get(sandboxKeys.reference('MX_DEMO', req.txn_ref))).toBe(onA.body.paymentId);
  });

  it('accepts on one instance a token the sign-in issued on the other', async () => {
    const { a, b } = twoInstances();
    const { body } = await ask(a, 'POST', '/api/v1/pay-page/token-authentication', { accessToken: SANDBOX_ACCESS_TOKEN });
    expect(await b.run((ctx) => ctx.isIssuedToken(body.token))).toBe(true);
  });

  it('keeps its faults per instance', async () => {
    const { a, b } = twoInstances();
    await ask(a, 'POST', '/sandbox/faults', { errorRate: 1 });
    expect((await ask(a, 'POST', '/api/v1/pay-page', payRequest())).status).toBe(500);
    expect((await ask(b, 'POST', '/api/v1/pay-page', payRequest())).status).toBe(200);
  });
});

describe("a request's hold on its payments (the store's lock)", () => {
  it('loses no write when a simulate and status polls meet on one payment through two instances', async () => {
    const { a, b } = twoInstances();
    const req = payRequest();
    const { body: p } = await ask(a, 'POST', '/api/v1/pay-page', req);
    const polls = 20;
    const poll = () => ask(b, 'GET', `/api/v1/probe/status?merchantCode=MX_DEMO&transactionReference=${req.txn_ref}`);
    await Promise.all([
      ...Array.from({ length: polls / 2 }, poll),
      ask(a, 'POST', '/sandbox/simulate', { merchant_code: 'MX_DEMO', txn_ref: req.txn_ref, outcome: 'success' }),
      ...Array.from({ length: polls / 2 }, poll),
    ]);
    const kept = (await a.readPayment({ paymentId: p.paymentId }))!;
    expect(kept.outcome?.value).toBe('success');
    expect(kept.calls.filter((c) => c.path === '/api/v1/probe/status')).toHaveLength(polls);
  });

  it('keeps every change of requests changing one payment at once on both instances', async () => {
    const { a, b } = twoInstances();
    const { body: p } = await ask(a, 'POST', '/api/v1/pay-page', payRequest());
    const notes = Array.from({ length: 20 }, (_, i) => `n${i}`);
    await Promise.all(notes.map((note, i) => ask(i % 2 ? a : b, 'POST', '/api/v1/probe/note', { paymentId: p.paymentId, note })));
    const kept = (await b.readPayment({ paymentId: p.paymentId }))!;
    expect([...(kept.channels.probe as string[])].sort()).toEqual([...notes].sort());
    expect(kept.calls).toHaveLength(notes.length);
  });

  it('answers the same object for a payment asked for again, by id or by reference, under one lock', async () => {
    const store = createMemoryStore({ maxEntries: 100 });
    const sb = createSandbox([], { store });
    const { body: p } = await ask(sb, 'POST', '/api/v1/pay-page', payRequest());
    const locks = vi.spyOn(store, 'withLock');
    const same = await sb.run(async (ctx) => {
      const byId = await ctx.payment({ paymentId: p.paymentId });
      const [again, byReference] = await Promise.all([
        ctx.payment({ paymentId: p.paymentId }),
        ctx.payment({ merchantCode: 'MX_DEMO', txnRef: p.merchantTransactionReference }),
      ]);
      // Found by id, it still answers only its own reference.
      const elsewhere = await ctx.payment({ merchantCode: 'MX6072', txnRef: p.merchantTransactionReference });
      return byId !== undefined && byId === again && byId === byReference && elsewhere === undefined;
    });
    expect(same).toBe(true);
    expect(locks.mock.calls.map(([key]) => key)).toEqual([sandboxKeys.lock(p.paymentId)]);
  });

  it('locks a second payment too, writes back both, and only what changed', async () => {
    const now = { t: 5 };
    const store = createMemoryStore({ maxEntries: 100, now: () => now.t });
    const sb = createSandbox([], { store, now: () => now.t });
    const { body: one } = await ask(sb, 'POST', '/api/v1/pay-page', payRequest());
    const { body: two } = await ask(sb, 'POST', '/api/v1/pay-page', payRequest());
    const { body: three } = await ask(sb, 'POST', '/api/v1/pay-page', payRequest());
    const locks = vi.spyOn(store, 'withLock');
    const sets = vi.spyOn(store, 'set');
    await sb.run(async (ctx) => {
      (await ctx.payment({ paymentId: one.paymentId }))!.cancellation = { reason: 'one', at: 5 };
      (await ctx.payment({ paymentId: two.paymentId }))!.cancellation = { reason: 'two', at: 5 };
      await ctx.payment({ paymentId: three.paymentId });
    });
    expect(locks.mock.calls.map(([key]) => key)).toEqual([one, two, three].map((p) => sandboxKeys.lock(p.paymentId)));
    // The third, read but unchanged (the clock stood still), is not written.
    expect(sets.mock.calls.map(([key]) => key).filter((k) => k.startsWith('sandbox:payment:'))).toEqual([
      sandboxKeys.payment(one.paymentId),
      sandboxKeys.payment(two.paymentId),
    ]);
    expect((await sb.readPayment({ paymentId: two.paymentId }))?.cancellation?.reason).toBe('two');
    // Every lock was let go: the payments answer at once.
    expect((await ask(sb, 'POST', '/api/v1/pay/customerCancellation', { paymentId: three.paymentId })).status).toBe(200);
  });
});

/** A store that fails (StoreUnavailable) while `down`, every operation or only the one named. */
function flakyStore() {
  const inner = createMemoryStore({ maxEntries: 1_000 });
  const state: { down: boolean; only?: keyof Store } = { down: false };
  const store = new Proxy(inner, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        state.down && (!state.only || state.only === prop) ? Promise.reject(new StoreUnavailable('connection refused')) : value.apply(target, args);
    },
  });
  return { store, state };
}

describe('a store that fails', () => {
  const expectTemporary = (r: { status: number; headers: Record<string, string>; body: Record<string, any> }) => {
    expect(r.status).toBe(503);
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['retry-after']).toBe(String(STORE_RETRY_AFTER_S));
    expect(r.body).toMatchObject({ responseCode: '96', temporary: true, responseDescription: expect.stringMatching(/store/) });
  };

  it('answers 503 (temporary) while it cannot be reached, never crashing, and serves again once it is back', async () => {
    const { store, state } = flakyStore();
    const sb = createSandbox(
      [
        { id: 'probe', part: statusPart },
        { id: 'echo-outside', part: echoPart },
      ],
      { store },
    );
    const req = payRequest();
    await ask(sb, 'POST', '/api/v1/pay-page', req);
    state.down = true;
    expectTemporary(await ask(sb, 'POST', '/api/v1/pay-page', payRequest()));
    expectTemporary(await ask(sb, 'GET', `/api/v1/probe/status?merchantCode=MX_DEMO&transactionReference=${req.txn_ref}`));
    expectTemporary(await ask(sb, 'POST', '/sandbox/simulate', { merchant_code: 'MX_DEMO', txn_ref: req.txn_ref, outcome: 'success' }));
    expectTemporary(await ask(sb, 'POST', '/api/v1/pay-page/token-authentication', { accessToken: SANDBOX_ACCESS_TOKEN }));
    // Routes that need no store answer as ever.
    expect((await ask(sb, 'GET', '/api/v1/echo/NG')).status).toBe(200);
    state.down = false;
    expect((await ask(sb, 'GET', `/api/v1/probe/status?merchantCode=MX_DEMO&transactionReference=${req.txn_ref}`)).body.responseCode).toBe('09');
  });

  it('answers 503 when the write-back fails, and lets go of the payment for the next request', async () => {
    const { store, state } = flakyStore();
    const sb = createSandbox([{ id: 'probe', part: statusPart }], { store });
    const { body: p } = await ask(sb, 'POST', '/api/v1/pay-page', payRequest());
    Object.assign(state, { down: true, only: 'set' });
    expectTemporary(await ask(sb, 'POST', '/api/v1/probe/note', { paymentId: p.paymentId, note: 'lost' }));
    state.down = false;
    const started = Date.now();
    expect((await ask(sb, 'POST', '/api/v1/probe/note', { paymentId: p.paymentId, note: 'kept' })).status).toBe(200);
    // Not after the lock's wait: it was let go at once.
    expect(Date.now() - started).toBeLessThan(LOCK_WAIT_MS);
    expect((await sb.readPayment({ paymentId: p.paymentId }))?.channels.probe).toEqual(['kept']);
  });

  it('answers 503 when a payment stays locked past the wait (StoreBusy), on the API and the second origin', async () => {
    const inner = createMemoryStore({ maxEntries: 100 });
    const sb = createSandbox(
      [
        { id: 'probe', part: statusPart },
        {
          id: 'card-like',
          part: {
            routes: [],
            outsideRoutes: [
              {
                method: 'GET' as const,
                path: '/issuer',
                handler: async (req: { query: URLSearchParams }, ctx: SandboxContext) => ({
                  html: String((await ctx.payment({ paymentId: req.query.get('p') }))?.paymentId),
                }),
              },
            ],
          },
        },
      ],
      {
        store: { ...inner, kind: 'busy', withLock: (key: string) => Promise.reject(new StoreBusy(key)) } as Store,
      },
    );
    const { body: p } = await ask(createSandbox([], { store: inner }), 'POST', '/api/v1/pay-page', payRequest());
    expectTemporary(await ask(sb, 'POST', '/api/v1/probe/note', { paymentId: p.paymentId, note: 'x' }));
    const outside = await sb.handleOutside({ method: 'GET', url: `/issuer?p=${p.paymentId}`, headers: {}, body: {} });
    expect(outside).toMatchObject({ status: 503 });
  });
});
