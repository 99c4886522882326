// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttp, HttpError } from '@oja/core';
import type { PaymentProps } from '@oja/core';
import { ACCESS_TOKEN_LIFETIME_S, CODE_ALREADY_PAID, createSandbox, listenSandbox, TEST_PAGE_BANNER } from '@oja/sandbox';
import type { Sandbox, SimulatedOutcome } from '@oja/sandbox';
import { callContext, testCheckout } from '@oja/testing';
import plugin, { APP_PAGE_PATH, PWA_DECLINED_CODE, SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, SANDBOX_INSTITUTIONS, sandbox } from './sandbox';
import { checkStatus, fetchToken, generateCode, safeDeepLink, settingsFrom } from './api';
import { pwaVisit } from './visit';
import { CODE_VALIDITY_MS, DEFAULT_TOKEN_PATH, GENERATE_PATH, STATUS_PATH } from './constants';
import { visitOf } from '@oja/core/visit';

const now = { t: Date.parse('2030-01-01T10:00:00Z') };
let sb: Sandbox;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  sb = createSandbox([{ id: 'pay-with-app', part: sandbox }], { now: () => now.t });
  ({ base, close } = await listenSandbox(sb));
});
afterAll(async () => {
  await close();
});

type Json = Record<string, any>;
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function call(method: 'GET' | 'POST', path: string, o: { body?: string; type?: string; auth?: string } = {}) {
  const headers: Record<string, string> = {};
  if (o.type) headers['content-type'] = o.type;
  if (o.auth) headers.authorization = o.auth;
  const res = await fetch(base + path, { method, headers, body: o.body });
  const text = await res.text();
  return {
    status: res.status,
    text,
    headers: res.headers,
    json: (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined) as Json,
  };
}

const tokenRequest = (auth: string, body = 'grant_type=client_credentials&scope=profile') =>
  call('POST', DEFAULT_TOKEN_PATH, { body, type: 'application/x-www-form-urlencoded', auth });

let n = 0;
/** A payment as the pay-page answers it, and a client (core's Http) on the sandbox. */
async function newPayment(): Promise<{ props: PaymentProps; http: ReturnType<typeof createHttp> }> {
  const http = createHttp(base);
  const props = await http.post<PaymentProps>('/api/v1/pay-page', {
    merchant_code: 'MX_DEMO',
    pay_item_id: 'Default_Payable_MX_DEMO',
    txn_ref: `PWA-${++n}`,
    amount: '150000',
    currency: '566',
    site_redirect_url: 'http://127.0.0.1:4401/return',
  });
  return { props, http };
}

const settings = settingsFrom({ clientId: SANDBOX_CLIENT_ID, clientSecret: SANDBOX_CLIENT_SECRET });

/** A payment with a token and a code, and a status check holding that token. */
async function withCode() {
  const { props, http } = await newPayment();
  const checkout = testCheckout({ channels: [plugin], http, props });
  const visit = visitOf(checkout.visits, pwaVisit);
  const token = await fetchToken(visit.ctx, settings);
  const code = await generateCode(visit.ctx, token);
  visit.state.start.status = 'success';
  visit.state.start.response = { token, code };
  const status = () => checkStatus({ ...visit.ctx, visit });
  const { paymentId } = props;
  /** The payment as the sandbox keeps it. */
  const kept = async () => (await sb.readPayment({ paymentId }))!;
  /** Sets the outcome as a request would, whatever it was (each outcome's status code, on one payment). */
  const setOutcome = (value: SimulatedOutcome) =>
    sb.run(async (ctx) => {
      (await ctx.payment({ paymentId }))!.outcome = { value, at: now.t };
    });
  return { props, http, token, code, status, kept, setOutcome };
}

describe('pay-with-app sandbox', () => {
  it('is carried by the server build of the plugin, with the client settings for the page', () => {
    expect(plugin.sandbox).toBe(sandbox);
    expect(plugin.id).toBe('pay-with-app');
    expect(sandbox.settings).toEqual({ clientId: SANDBOX_CLIENT_ID, clientSecret: SANDBOX_CLIENT_SECRET });
  });

  it("gets a bearer token for the page's client from the sandbox's token endpoint", async () => {
    const ok = await tokenRequest(basic(SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET));
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ token_type: 'bearer', expires_in: ACCESS_TOKEN_LIFETIME_S, scope: 'profile' });
    expect(ok.json.access_token).toMatch(/^[\w-]{20,}$/);
    expect((await tokenRequest('')).status).toBe(401);
    expect((await tokenRequest(`Bearer ${ok.json.access_token}`)).status).toBe(401);
  });

  it('answers the institutions only with an issued, unexpired bearer token', async () => {
    const { props, http } = await newPayment();
    const body = JSON.stringify({
      amount: 150000,
      bankCode: 'ISW',
      createTransaction: true,
      currencyCode: '566',
      merchantCode: 'MX_DEMO',
      payableCode: 'Default_Payable_MX_DEMO',
      paymentId: props.paymentId,
    });
    const json = 'application/json';
    expect((await call('POST', GENERATE_PATH, { body, type: json })).status).toBe(401);
    expect((await call('POST', GENERATE_PATH, { body, type: json, auth: 'Bearer made-up-token' })).status).toBe(401);
    const token = await fetchToken(callContext(props, http), settings);
    expect((await call('POST', GENERATE_PATH, { body, type: json, auth: `Bearer ${token}` })).status).toBe(200);
    expect((await call('POST', GENERATE_PATH, { body: body.replace('"ISW"', '"XYZ"'), type: json, auth: `Bearer ${token}` })).status).toBe(400);
    now.t += ACCESS_TOKEN_LIFETIME_S * 1_000;
    expect((await call('POST', GENERATE_PATH, { body, type: json, auth: `Bearer ${token}` })).status).toBe(401);
  });

  it('gives a five-digit code and a safe deep link per institution, remembered for the payment', async () => {
    const { code, kept } = await withCode();
    expect(code.reference).toMatch(/^\d{5}$/);
    expect(code.institutions.map((i) => i.name)).toEqual(SANDBOX_INSTITUTIONS.map((i) => i.name));
    for (const i of code.institutions) {
      expect(safeDeepLink(i.deepLink)).toBe(i.deepLink);
      const url = new URL(i.deepLink!);
      expect(url.pathname).toBe(`${APP_PAGE_PATH}/${i.id}`);
      expect(url.searchParams.get('ref')).toBe(code.reference);
      expect(url.origin).toBe(base);
    }
    expect((await kept()).channels['pay-with-app']).toMatchObject({ reference: code.reference, generatedAt: now.t, generation: 1 });
  });

  it('requires the bearer token for the status, and answers 09, then the outcome', async () => {
    const { props, status, setOutcome } = await withCode();
    const query = new URLSearchParams({ merchantCode: props.merchantCode, transactionReference: props.merchantTransactionReference });
    expect((await call('GET', `${STATUS_PATH}?${query}`)).status).toBe(401);
    expect((await status()).code).toBe('09');
    await setOutcome('failed');
    expect((await status()).code).toBe(PWA_DECLINED_CODE);
    await setOutcome('expired');
    expect((await status()).code).toBe('XS1');
    await setOutcome('success');
    const paid = await status();
    expect(paid.code).toBe('00');
    expect(paid.response).toMatchObject({
      amount: 150000,
      paymentReference: `OJA|PWA|${props.paymentId}`,
      retrievalReferenceNumber: `RR${props.paymentId}`,
    });
  });

  it('expires the code after 15 minutes (XS1), and a new code starts clean', async () => {
    const { props, http, token, status, kept, setOutcome } = await withCode();
    now.t += CODE_VALIDITY_MS - 1;
    expect((await status()).code).toBe('09');
    now.t += 1;
    expect((await status()).code).toBe('XS1');
    await setOutcome('failed');
    const again = await generateCode(callContext(props, http), token);
    expect(again.reference).toMatch(/^\d{5}$/);
    expect((await kept()).outcome).toBeNull();
    expect((await kept()).channels['pay-with-app']).toMatchObject({ reference: again.reference, generation: 2 });
    expect((await status()).code).toBe('09');
  });

  it('refuses a new code for a paid payment (409, 94) and keeps the paid one', async () => {
    const { props, http, token, kept, setOutcome } = await withCode();
    await setOutcome('success');
    const before = JSON.stringify((await kept()).channels);
    const refused = await generateCode(callContext(props, http), token).catch((e: HttpError) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(409);
    expect((refused as HttpError).body).toMatchObject({ responseCode: CODE_ALREADY_PAID });
    expect(JSON.stringify((await kept()).channels)).toBe(before);
    expect((await kept()).outcome?.value).toBe('success');
  });

  it("serves the bank app's page, where the payer approves or declines", async () => {
    const { code, status } = await withCode();
    const link = new URL(code.institutions[1].deepLink!);
    const page = await call('GET', link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Lagos Demo Bank (sandbox app)');
    expect(page.text).toContain('NGN 1,500.00');
    expect(page.text).toContain(code.reference);
    // Each bank in its own colour, under the sandbox's test banner; its style allowed by hash alone.
    expect(page.text).toContain(TEST_PAGE_BANNER);
    expect(page.text).toContain(':root{--accent:#8a1538}');
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]{43}='; form-action 'self'/);
    const form = new URLSearchParams({ ref: code.reference, payment: link.searchParams.get('payment')!, decision: 'approve' }).toString();
    const approved = await call('POST', link.pathname, { body: form, type: 'application/x-www-form-urlencoded' });
    expect(approved.text).toContain('Payment approved.');
    expect((await status()).code).toBe('00');
    // Answered once: a later decline changes nothing.
    await call('POST', link.pathname, { body: form.replace('approve', 'decline'), type: 'application/x-www-form-urlencoded' });
    expect((await status()).code).toBe('00');
    expect((await call('GET', link.pathname + link.search)).text).toContain('has been answered');
  });

  it('refuses an unknown or stale link on the app page', async () => {
    const { code } = await withCode();
    const link = new URL(code.institutions[0].deepLink!);
    const wrongRef = `${link.pathname}?${new URLSearchParams({ ref: '00000', payment: link.searchParams.get('payment')! })}`;
    expect((await call('GET', wrongRef)).status).toBe(404);
    expect((await call('GET', `${APP_PAGE_PATH}/NO_SUCH_BANK${link.search}`)).status).toBe(404);
    now.t += CODE_VALIDITY_MS;
    expect((await call('GET', link.pathname + link.search)).status).toBe(404);
  });
});
