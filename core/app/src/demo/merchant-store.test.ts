// @vitest-environment node
// The demo store's verification of a payment's result: its server asks the real sandbox's transaction requery
// (CONTRACT §5), over HTTP, before it says "paid". Payments are made and settled through the sandbox's own API.
import type http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, hashRefusal, listenSandbox, NO_FAULTS, REQUERY_PATH } from '@oja/sandbox';
import type { Sandbox } from '@oja/sandbox';
import { BASKET_AMOUNT_MINOR, createMerchantStore, orderHash, STORE_MERCHANT_CODE, STORE_PAY_ITEM_ID } from './merchant-store';
import { verdictOf } from './merchant-orders';
import type { Order, Verification } from './merchant-orders';

let sandbox: Sandbox;
let api: { base: string; close(): Promise<void> };
const running: http.Server[] = [];

beforeAll(async () => {
  sandbox = createSandbox([], { faults: NO_FAULTS });
  api = await listenSandbox(sandbox);
});
afterAll(() => api.close());
afterEach(async () => {
  Object.assign(sandbox.faults, NO_FAULTS);
  await Promise.all(
    running.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
});

/** The store on a free port, asking `apiBase` (the sandbox by default); counts the requeries its server sends. */
async function startStore(extra: { apiBase?: string; maxOrders?: number } = {}) {
  let requeries = 0;
  const fetchImpl: typeof fetch = (input, init) => {
    if (String(input).includes(REQUERY_PATH)) requeries += 1;
    return fetch(input, init);
  };
  const store = createMerchantStore({
    checkoutBase: 'http://127.0.0.1:9',
    selfOrigin: () => base,
    apiBase: extra.apiBase ?? api.base,
    fetchImpl,
    maxOrders: extra.maxOrders,
  });
  await new Promise<void>((resolve) => store.server.listen(0, '127.0.0.1', resolve));
  running.push(store.server);
  const base = `http://127.0.0.1:${(store.server.address() as AddressInfo).port}`;
  return {
    base,
    store,
    requeries: () => requeries,
    /** A new order, as the store's page asks for one. */
    async order(): Promise<string> {
      const res = await fetch(`${base}/orders`, { method: 'POST' });
      expect(res.status).toBe(201);
      return ((await res.json()) as { txn_ref: string }).txn_ref;
    },
    /** The page's report of a callback: only the reference. */
    async verify(ref: string): Promise<Verification> {
      const res = await fetch(`${base}/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ txn_ref: ref }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as Verification;
    },
    /** A REDIRECT result POSTed to the return page: its HTML. */
    async returned(fields: Record<string, string>): Promise<string> {
      const res = await fetch(`${base}/return`, { method: 'POST', body: new URLSearchParams(fields) });
      expect(res.status).toBe(200);
      return res.text();
    },
  };
}

async function sandboxCall(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(api.base + path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

/** The payment of a store order, as the checkout makes it in the collections API; answers its paymentId. */
async function payPage(ref: string, extra: Record<string, string> = {}): Promise<string> {
  const answer = await sandboxCall('POST', '/api/v1/pay-page', {
    merchant_code: 'MX_DEMO',
    pay_item_id: 'Default_Payable_MX_DEMO',
    txn_ref: ref,
    amount: String(BASKET_AMOUNT_MINOR),
    currency: '566',
    site_redirect_url: 'http://127.0.0.1:4401/return',
    ...extra,
  });
  expect(answer.responseCode).toBe('00');
  return String(answer.paymentId);
}

const settle = (ref: string, outcome: 'success' | 'failed' | 'expired') =>
  sandboxCall('POST', '/sandbox/simulate', { merchant_code: 'MX_DEMO', txn_ref: ref, outcome });

/** A port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

const heading = (html: string) => /<h1[^>]*data-verdict="([^"]+)"[^>]*>([^<]*)<\/h1>/.exec(html)?.slice(1) ?? [];

describe("the store signs its orders with MX_DEMO's test MAC key", () => {
  it("the page's form and every new order carry the hash the sandbox accepts for them, and no other amount", async () => {
    const s = await startStore();
    const returnUrl = `${s.base}/return`;
    const html = await (await fetch(`${s.base}/`)).text();
    const ref = /name="txn_ref" value="([^"]+)"/.exec(html)![1];
    expect(html).toContain(`name="hash" value="${orderHash(ref, returnUrl)}"`);
    const order = (await (await fetch(`${s.base}/orders`, { method: 'POST' })).json()) as { txn_ref: string; hash: string };
    const signed = {
      txn_ref: order.txn_ref,
      merchant_code: STORE_MERCHANT_CODE,
      pay_item_id: STORE_PAY_ITEM_ID,
      amount: String(BASKET_AMOUNT_MINOR),
      site_redirect_url: returnUrl,
      hash: order.hash,
    };
    expect(hashRefusal(signed)).toBeUndefined();
    expect(hashRefusal({ ...signed, amount: '100' })).toBeDefined();
  });
});

describe('verdictOf (the rule on a requery answer)', () => {
  const order: Order = { ref: 'DEMO-1', amount: 150_000, currency: '566', createdAt: 0, requeries: 0 };
  it.each([
    [{ ResponseCode: '00', Amount: 150_000, MerchantReference: 'DEMO-1' }, 'paid'],
    [{ ResponseCode: '00', Amount: 150_100, MerchantReference: 'DEMO-1' }, 'mismatch'],
    [{ ResponseCode: '00', Amount: 150_000, MerchantReference: 'DEMO-2' }, 'mismatch'],
    [{ ResponseCode: '00', Amount: '150000', MerchantReference: 'DEMO-1' }, 'paid'],
    [{ ResponseCode: '09', Amount: 0 }, 'pending'],
    [{ ResponseCode: 'Z0', Amount: 0 }, 'pending'],
    [{ ResponseCode: 'Z6', Amount: 0 }, 'cancelled'],
    [{ ResponseCode: 'XS1', Amount: 0 }, 'expired'],
    [{ ResponseCode: 'Z25', Amount: 0 }, 'not-found'],
    [{ ResponseCode: 'Z1', Amount: 0 }, 'failed'],
    [{ ResponseCode: '51', Amount: 0 }, 'failed'],
  ])('%j is %s', (answer, verdict) => {
    expect(verdictOf(order, answer)).toBe(verdict);
  });
});

describe('the store verifies a result with the requery', () => {
  it('says paid on 00 for its reference and amount, and records the order paid', async () => {
    const s = await startStore();
    const ref = await s.order();
    await payPage(ref);
    await settle(ref, 'success');
    const v = await s.verify(ref);
    expect(v).toMatchObject({ ref, verdict: 'paid', paid: true, retry: false, code: '00' });
    expect(v.message).toBe(`Paid: order ${ref} verified with the collections API (NGN 1,500.00).`);
    expect(s.store.orders.get(ref)?.paidAt).toEqual(expect.any(Number));
  });

  it('is not paid when the API approved another amount (00 with a surcharge the order does not have)', async () => {
    const s = await startStore();
    const ref = await s.order();
    await payPage(ref, { surcharge: '100' });
    await settle(ref, 'success');
    expect(await s.verify(ref)).toMatchObject({ verdict: 'mismatch', paid: false, code: '00' });
    expect(s.store.orders.get(ref)?.paidAt).toBeUndefined();
  });

  it('is not paid when the payer paid another amount under its reference (the API answers Z1)', async () => {
    const s = await startStore();
    const ref = await s.order();
    await payPage(ref, { amount: '100' });
    await settle(ref, 'success');
    expect(await s.verify(ref)).toMatchObject({ verdict: 'failed', paid: false, code: 'Z1', description: 'Amount Inconsistency' });
  });

  it('says pending on 09 with Verify again, and paid once the payment settles', async () => {
    const s = await startStore();
    const ref = await s.order();
    await payPage(ref);
    const pending = await s.verify(ref);
    expect(pending).toMatchObject({ verdict: 'pending', paid: false, retry: true, code: '09' });
    expect(pending.message).toContain('Not paid yet');
    await settle(ref, 'success');
    expect(await s.verify(ref)).toMatchObject({ verdict: 'paid', paid: true });
  });

  it('says cancelled (Z6), expired (XS1) or failed (Z1), never paid', async () => {
    const s = await startStore();
    const cancelled = await s.order();
    const paymentId = await payPage(cancelled);
    await sandboxCall('POST', '/api/v1/pay/customerCancellation', { paymentId, customerCancellationReason: 'Changed my mind' });
    const expired = await s.order();
    await payPage(expired);
    await settle(expired, 'expired');
    const failed = await s.order();
    await payPage(failed);
    await settle(failed, 'failed');
    expect(await s.verify(cancelled)).toMatchObject({ verdict: 'cancelled', paid: false, retry: false, code: 'Z6' });
    expect(await s.verify(expired)).toMatchObject({ verdict: 'expired', paid: false, retry: false, code: 'XS1' });
    expect(await s.verify(failed)).toMatchObject({ verdict: 'failed', paid: false, retry: false, code: 'Z1' });
  });

  it('an order the API knows no payment of (Z25) is not paid', async () => {
    const s = await startStore();
    const ref = await s.order();
    expect(await s.verify(ref)).toMatchObject({ verdict: 'not-found', paid: false, code: 'Z25' });
  });

  it('a result for an order the store never made says so, and asks the API nothing', async () => {
    const s = await startStore();
    const ref = 'DEMO-not-ours';
    await payPage(ref);
    await settle(ref, 'success');
    const v = await s.verify(ref);
    expect(v).toMatchObject({ verdict: 'unknown-order', paid: false });
    expect(v.message).toBe('Unknown order: this store has no order DEMO-not-ours; nothing was verified.');
    expect(s.requeries()).toBe(0);
  });

  it('an API it cannot reach is "could not verify yet", with Verify again; never paid', async () => {
    const s = await startStore({ apiBase: `http://127.0.0.1:${await closedPort()}` });
    const ref = await s.order();
    const v = await s.verify(ref);
    expect(v).toMatchObject({ verdict: 'unverified', paid: false, retry: true });
    expect(v.message).toBe(`Could not verify order ${ref} yet (the collections API did not answer): try again.`);
  });

  it('an API answering 5xx is "could not verify yet"; verifying again once it answers says paid', async () => {
    const s = await startStore();
    const ref = await s.order();
    await payPage(ref);
    await settle(ref, 'success');
    Object.assign(sandbox.faults, { errorRate: 1, pathPrefix: REQUERY_PATH });
    expect(await s.verify(ref)).toMatchObject({ verdict: 'unverified', paid: false, retry: true });
    Object.assign(sandbox.faults, NO_FAULTS);
    expect(await s.verify(ref)).toMatchObject({ verdict: 'paid', paid: true });
  });

  it('a result arriving twice, or together, is verified once and shown once as paid', async () => {
    const s = await startStore();
    const ref = await s.order();
    await payPage(ref);
    await settle(ref, 'success');
    const together = await Promise.all([s.verify(ref), s.verify(ref), s.returned({ txnref: ref, resp: '00' })]);
    const again = await s.verify(ref);
    const verdicts = [together[0].verdict, together[1].verdict, heading(together[2])[0], again.verdict];
    expect(verdicts.filter((v) => v === 'paid')).toHaveLength(1);
    expect(verdicts.filter((v) => v === 'already-paid')).toHaveLength(3);
    expect(again).toMatchObject({ paid: true, message: `Already paid: order ${ref} was verified before; nothing more to do.` });
    expect(s.requeries()).toBe(1);
    expect(s.store.orders.get(ref)?.requeries).toBe(1);
  });

  it('keeps a bounded number of orders, the oldest forgotten first', async () => {
    const s = await startStore({ maxOrders: 2 });
    const first = await s.order();
    const second = await s.order();
    const third = await s.order();
    expect(s.store.orders.list().map((o) => o.ref)).toEqual([second, third]);
    expect(await s.verify(first)).toMatchObject({ verdict: 'unknown-order' });
  });

  it('refuses a report without a reference, or not in JSON', async () => {
    const s = await startStore();
    expect((await fetch(`${s.base}/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(400);
    expect((await fetch(`${s.base}/verify`, { method: 'POST', body: new URLSearchParams({ txn_ref: 'x' }) })).status).toBe(415);
  });
});

describe("the store's pages show the verdict, not what the browser said", () => {
  it('the return page: a 00 POSTed for an unpaid order is not paid; a verified one is', async () => {
    const s = await startStore();
    const ref = await s.order();
    await payPage(ref);
    const forged = await s.returned({ txnref: ref, resp: '00', amount: '150000' });
    expect(heading(forged)).toEqual(['pending', 'Payment not completed']);
    expect(forged).toContain('data-resp="00"');
    expect(forged).toContain(`<a href="/orders/${ref}">Verify again</a>`);
    expect(forged).not.toContain('Thank you');
    await settle(ref, 'success');
    const paid = await s.returned({ txnref: ref, resp: '00', amount: '150000' });
    expect(heading(paid)).toEqual(['paid', 'Thank you: payment received']);
    expect(s.store.results.map((r) => r.fields.txnref)).toEqual([ref, ref]);
  });

  it('the return page: a result for no order of the store says so', async () => {
    const s = await startStore();
    expect(heading(await s.returned({ txnref: 'E2E-elsewhere', resp: '00' }))).toEqual(['unknown-order', 'Unknown order']);
  });

  it('the order page verifies again, and a cancelled payment is shown not paid', async () => {
    const s = await startStore({ apiBase: `http://127.0.0.1:${await closedPort()}` });
    const ref = await s.order();
    const html = await (await fetch(`${s.base}/orders/${ref}`)).text();
    expect(heading(html)).toEqual(['unverified', 'Payment not verified yet']);
    expect(html).toContain(`<a href="/orders/${ref}">Verify again</a>`);

    const t = await startStore();
    const cancelled = await t.order();
    const paymentId = await payPage(cancelled);
    await sandboxCall('POST', '/api/v1/pay/customerCancellation', { paymentId, customerCancellationReason: 'Changed my mind' });
    const page = await (await fetch(`${t.base}/orders/${cancelled}`)).text();
    expect(heading(page)).toEqual(['cancelled', 'Payment not completed']);
    expect(page).not.toContain('Verify again');
  });
});
