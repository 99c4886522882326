// @vitest-environment node
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from './sandbox';
import { listenSandbox } from './serve';
import type { SandboxPayment } from '@oja/core';
import {
  MAX_WEBHOOK_URL_LENGTH,
  readRegistration,
  SANDBOX_WEBHOOK_SECRETS,
  signWebhook,
  verifyWebhookSignature,
  WEBHOOK_SIGNATURE_HEADER,
  webhookEventsOf,
} from './webhooks';
import type { WebhookBody } from './webhooks';

/** What the merchant's server received: each POST's headers and raw body. */
interface Received {
  url: string;
  headers: Headers;
  raw: string;
  body: WebhookBody;
}

const received: Received[] = [];
const merchantFetch: typeof fetch = async (input, init) => {
  const raw = String(init?.body);
  received.push({ url: String(input), headers: new Headers(init?.headers), raw, body: JSON.parse(raw) });
  return new Response('ok', { status: 200 });
};

const sandbox = createSandbox([], { webhooks: { fetchImpl: merchantFetch, report: () => undefined } });
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ base, close } = await listenSandbox(sandbox));
});
afterAll(async () => {
  sandbox.close();
  await close();
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

let ref = 0;
const payRequest = (merchant: string, overrides: Record<string, string> = {}) => ({
  merchant_code: merchant,
  pay_item_id: `Default_Payable_${merchant}`,
  txn_ref: `HOOK-${++ref}`,
  amount: '150000',
  currency: '566',
  site_redirect_url: 'http://127.0.0.1:4401/return',
  cust_id: 'cust-7',
  cust_name: 'Ada Obi',
  ...overrides,
});

/** The events received for this reference, once `count` have arrived (delivery runs after the request). */
async function eventsFor(txnRef: string, count: number): Promise<Received[]> {
  const mine = () => received.filter((r) => r.body.data.merchantReference === txnRef);
  const until = Date.now() + 2_000;
  while (mine().length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
  return mine();
}

describe('the webhook signature', () => {
  it('is the hex HMAC-SHA512 of the raw body with the secret', () => {
    const raw = '{"event":"TRANSACTION.COMPLETED","uuid":"u-1"}';
    const expected = createHmac('sha512', 'the-secret-of-16+').update(raw).digest('hex');
    expect(signWebhook(raw, 'the-secret-of-16+')).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{128}$/);
  });

  it('verifies the body byte for byte, with that secret only', () => {
    const raw = '{"a":1}';
    const sig = signWebhook(raw, 'secret-one-is-long');
    expect(verifyWebhookSignature(raw, sig, 'secret-one-is-long')).toBe(true);
    expect(verifyWebhookSignature(raw, sig.toUpperCase(), 'secret-one-is-long')).toBe(true);
    expect(verifyWebhookSignature('{"a": 1}', sig, 'secret-one-is-long')).toBe(false);
    expect(verifyWebhookSignature(raw, sig, 'secret-two-is-long')).toBe(false);
    expect(verifyWebhookSignature(raw, undefined, 'secret-one-is-long')).toBe(false);
    expect(verifyWebhookSignature(raw, 'abc', 'secret-one-is-long')).toBe(false);
  });
});

describe('the events a payment makes', () => {
  const payment = (over: Partial<SandboxPayment> = {}): SandboxPayment => ({
    paymentId: '100001',
    merchantCode: 'MX_DEMO',
    txnRef: 'T1',
    createdAt: 1,
    seenAt: 1,
    props: {},
    outcome: null,
    cancellation: null,
    channels: {},
    calls: [],
    ...over,
  });

  it('CREATED when opened, COMPLETED when paid, UPDATED on a failure, expiry or cancellation, nothing on a retry', () => {
    expect(webhookEventsOf(undefined, payment())).toEqual(['TRANSACTION.CREATED']);
    expect(webhookEventsOf(payment(), payment({ outcome: { value: 'success', at: 2 } }))).toEqual(['TRANSACTION.COMPLETED']);
    expect(webhookEventsOf(payment(), payment({ outcome: { value: 'failed', at: 2 } }))).toEqual(['TRANSACTION.UPDATED']);
    expect(webhookEventsOf(payment(), payment({ outcome: { value: 'expired', at: 2 } }))).toEqual(['TRANSACTION.UPDATED']);
    expect(webhookEventsOf(payment(), payment({ cancellation: { reason: '', at: 2 } }))).toEqual(['TRANSACTION.UPDATED']);
    expect(webhookEventsOf(payment({ outcome: { value: 'failed', at: 2 } }), payment())).toEqual([]);
    // A change that leaves the state as it was (a channel's record, a call logged) sends nothing.
    expect(webhookEventsOf(payment(), payment({ channels: { transfer: { n: 1 } } }))).toEqual([]);
  });
});

describe('webhooks from the sandbox', () => {
  it('sends CREATED, then COMPLETED once paid, each signed with the merchant secret, in Interswitch shape', async () => {
    const reg = await post('/sandbox/webhooks', { merchant_code: 'MX_DEMO', url: 'http://merchant.test/hooks' });
    expect(reg).toEqual({ status: 200, json: { merchant_code: 'MX_DEMO', url: 'http://merchant.test/hooks', events: expect.any(Array) } });
    const req = payRequest('MX_DEMO', { surcharge: '1000' });
    const opened = await post('/api/v1/pay-page', req);
    expect(opened.json.responseCode).toBe('00');
    const [created] = await eventsFor(req.txn_ref, 1);
    expect(created.body).toMatchObject({ event: 'TRANSACTION.CREATED', data: { responseCode: '09' } });

    expect((await post('/sandbox/simulate', { merchant_code: 'MX_DEMO', txn_ref: req.txn_ref, outcome: 'success' })).status).toBe(200);
    const events = await eventsFor(req.txn_ref, 2);
    expect(events.map((e) => e.body.event)).toEqual(['TRANSACTION.CREATED', 'TRANSACTION.COMPLETED']);
    const completed = events[1];
    expect(completed.url).toBe('http://merchant.test/hooks');
    expect(completed.headers.get('content-type')).toBe('application/json');
    expect(verifyWebhookSignature(completed.raw, completed.headers.get(WEBHOOK_SIGNATURE_HEADER) ?? '', SANDBOX_WEBHOOK_SECRETS.MX_DEMO)).toBe(true);
    expect(completed.body).toEqual({
      event: 'TRANSACTION.COMPLETED',
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      timestamp: expect.any(Number),
      data: {
        paymentId: Number(opened.json.paymentId),
        merchantCode: 'MX_DEMO',
        merchantReference: req.txn_ref,
        payableCode: 'Default_Payable_MX_DEMO',
        amount: 151_000,
        remittanceAmount: 150_000,
        currencyCode: '566',
        responseCode: '00',
        responseDescription: 'Approved by Financial Institution',
        paymentReference: `OJA|${opened.json.paymentId}`,
        retrievalReferenceNumber: `RR${opened.json.paymentId}`,
        merchantCustomerId: 'cust-7',
        merchantCustomerName: 'Ada Obi',
        channel: 'WEB',
        transactionDate: expect.any(Number),
      },
    });
    expect(created.body.uuid).not.toBe(completed.body.uuid);

    // Asking about a paid payment changes nothing: no more events.
    expect((await post('/sandbox/simulate', { merchant_code: 'MX_DEMO', txn_ref: req.txn_ref, outcome: 'failed' })).status).toBe(409);
    await new Promise((r) => setTimeout(r, 50));
    expect(await eventsFor(req.txn_ref, 2)).toHaveLength(2);
  });

  it('sends UPDATED with the failure code, and to the URL a payment names (sandbox field webhook_url)', async () => {
    const req = payRequest('MX6072', { webhook_url: 'https://merchant.test/this-order' });
    expect((await post('/api/v1/pay-page', req)).json.responseCode).toBe('00');
    await post('/sandbox/simulate', { merchant_code: 'MX6072', txn_ref: req.txn_ref, outcome: 'failed' });
    const events = await eventsFor(req.txn_ref, 2);
    expect(events.map((e) => [e.url, e.body.event, e.body.data.responseCode])).toEqual([
      ['https://merchant.test/this-order', 'TRANSACTION.CREATED', '09'],
      ['https://merchant.test/this-order', 'TRANSACTION.UPDATED', 'Z1'],
    ]);
    expect(verifyWebhookSignature(events[1].raw, events[1].headers.get(WEBHOOK_SIGNATURE_HEADER) ?? '', SANDBOX_WEBHOOK_SECRETS.MX6072)).toBe(true);
  });

  it('signs with the secret a merchant registered', async () => {
    const secret = 'a-merchant-secret-of-its-own';
    expect((await post('/sandbox/webhooks', { merchant_code: 'MX_OWN', url: 'http://merchant.test/own', secret })).status).toBe(200);
    const req = payRequest('MX_OWN');
    await post('/api/v1/pay-page', req);
    const [created] = await eventsFor(req.txn_ref, 1);
    expect(verifyWebhookSignature(created.raw, created.headers.get(WEBHOOK_SIGNATURE_HEADER) ?? '', secret)).toBe(true);
  });

  it('sends nothing for a merchant that configured no webhook', async () => {
    const req = payRequest('MX_QUIET');
    await post('/api/v1/pay-page', req);
    await post('/sandbox/simulate', { merchant_code: 'MX_QUIET', txn_ref: req.txn_ref, outcome: 'success' });
    await new Promise((r) => setTimeout(r, 50));
    expect(await eventsFor(req.txn_ref, 0)).toEqual([]);
  });

  it('refuses a webhook_url it cannot use, and a merchant without a secret', async () => {
    const bad = await post('/api/v1/pay-page', payRequest('MX_DEMO', { webhook_url: 'javascript:alert(1)' }));
    expect(bad).toEqual({ status: 400, json: { responseCode: '400', responseDescription: 'webhook_url: url must be http: or https:' } });
    const secretless = await post('/api/v1/pay-page', payRequest('MX_NOBODY', { webhook_url: 'https://merchant.test/x' }));
    expect(secretless.status).toBe(400);
    expect(secretless.json.responseDescription).toMatch(/no webhook secret/);
  });
});

describe('POST /sandbox/webhooks', () => {
  it.each([
    ['no body fields', {}, /merchant_code is required/],
    ['a merchant code of the wrong type', { merchant_code: 42, url: 'https://m.test/' }, /merchant_code is required/],
    ['a merchant code with a path in it', { merchant_code: '../x', url: 'https://m.test/' }, /merchant_code is required/],
    ['no url', { merchant_code: 'MX_DEMO' }, /url is required/],
    ['a url of the wrong type', { merchant_code: 'MX_DEMO', url: ['https://m.test/'] }, /url must be text/],
    ['a relative url', { merchant_code: 'MX_DEMO', url: '/hooks' }, /absolute URL/],
    ['another scheme', { merchant_code: 'MX_DEMO', url: 'ftp://m.test/hooks' }, /http: or https:/],
    ['credentials in the url', { merchant_code: 'MX_DEMO', url: 'https://u:p@m.test/hooks' }, /credentials/],
    ['a url too long', { merchant_code: 'MX_DEMO', url: `https://m.test/${'x'.repeat(MAX_WEBHOOK_URL_LENGTH)}` }, /longer than/],
    ['a short secret', { merchant_code: 'MX_DEMO', url: 'https://m.test/', secret: 'short' }, /secret must be/],
    ['a secret of the wrong type', { merchant_code: 'MX_DEMO', url: 'https://m.test/', secret: { s: 1 } }, /secret must be/],
    ['no secret for a merchant without a test secret', { merchant_code: 'MX_OTHER', url: 'https://m.test/' }, /secret is required/],
  ])('answers 400 to %s', async (_what, body, words) => {
    const { status, json } = await post('/sandbox/webhooks', body);
    expect(status).toBe(400);
    expect(json.responseDescription).toMatch(words);
  });

  it('answers 400 to a malformed or non-object JSON body, never a 500', async () => {
    expect((await post('/sandbox/webhooks', '{"merchant_code":')).status).toBe(400);
    expect((await post('/sandbox/webhooks', '[1,2]')).status).toBe(400);
    expect((await post('/sandbox/webhooks', 'null')).status).toBe(400);
  });

  it('refuses other sites (a page elsewhere cannot redirect a merchant webhooks)', async () => {
    const body = { merchant_code: 'MX_DEMO', url: 'https://evil.test/steal' };
    expect((await post('/sandbox/webhooks', body, { origin: 'https://evil.test' })).status).toBe(403);
    expect((await post('/sandbox/webhooks', body, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post('/sandbox/webhooks', body, { origin: 'http://127.0.0.1:1', 'sec-fetch-site': 'same-site' })).status).toBe(403);
  });

  it('reads a registration from its fields alone', () => {
    expect(readRegistration({ merchant_code: 'MX_DEMO', url: 'https://m.test/h', extra: 1 })).toEqual({
      merchantCode: 'MX_DEMO',
      destination: { url: 'https://m.test/h', secret: SANDBOX_WEBHOOK_SECRETS.MX_DEMO },
    });
  });
});
