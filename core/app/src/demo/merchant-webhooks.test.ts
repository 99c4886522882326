// @vitest-environment node
// The demo store receives the sandbox's signed notifications (docs/merchants/webhooks.md): it sets its webhook URL
// with POST /sandbox/webhooks, verifies each signature, and marks an order paid once per event.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, listenSandbox, SANDBOX_WEBHOOK_SECRETS, signWebhook } from '@oja/sandbox';
import type { Sandbox } from '@oja/sandbox';
import { BASKET_AMOUNT_MINOR, createMerchantStore, orderHash, STORE_MERCHANT_CODE, STORE_PAY_ITEM_ID, WEBHOOK_PATH } from './merchant-store';
import type { ReceivedWebhook } from './merchant-store';

let sandbox: Sandbox;
let api: { base: string; close(): Promise<void> };
let store: ReturnType<typeof createMerchantStore>;
let base: string;

beforeAll(async () => {
  sandbox = createSandbox([], { webhooks: { report: () => undefined } });
  api = await listenSandbox(sandbox);
  store = createMerchantStore({ checkoutBase: 'http://127.0.0.1:9', selfOrigin: () => base, apiBase: api.base });
  await new Promise<void>((resolve) => store.server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(store.server.address() as AddressInfo).port}`;
  await store.registerWebhook();
});
afterAll(async () => {
  sandbox.close();
  store.server.closeAllConnections();
  await new Promise<void>((resolve) => store.server.close(() => resolve()));
  await api.close();
});

/** A store order paid through the sandbox: opened by the store, its payment opened and simulated 00. */
async function payOrder(): Promise<string> {
  const { txn_ref: ref } = (await (await fetch(`${base}/orders`, { method: 'POST' })).json()) as { txn_ref: string };
  const fields = {
    merchant_code: STORE_MERCHANT_CODE,
    pay_item_id: STORE_PAY_ITEM_ID,
    txn_ref: ref,
    amount: String(BASKET_AMOUNT_MINOR),
    currency: '566',
    site_redirect_url: `${base}/return`,
    hash: orderHash(ref, `${base}/return`),
  };
  const json = { 'content-type': 'application/json' };
  expect((await fetch(`${api.base}/api/v1/pay-page`, { method: 'POST', headers: json, body: JSON.stringify(fields) })).status).toBe(200);
  const simulated = await fetch(`${api.base}/sandbox/simulate`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ merchant_code: STORE_MERCHANT_CODE, txn_ref: ref, outcome: 'success' }),
  });
  expect(simulated.status).toBe(200);
  return ref;
}

const processed = (ref: string): ReceivedWebhook[] => store.webhooks.filter((w) => w.merchantReference === ref);

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 3_000;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

/** POSTs a body to the store's webhook route as the sandbox would, signed with `secret`. */
function deliver(raw: string, secret = SANDBOX_WEBHOOK_SECRETS[STORE_MERCHANT_CODE]) {
  return fetch(`${base}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Interswitch-Signature': signWebhook(raw, secret) },
    body: raw,
  });
}

const completed = (ref: string, uuid: string) =>
  JSON.stringify({
    event: 'TRANSACTION.COMPLETED',
    uuid,
    timestamp: Date.now(),
    data: { merchantReference: ref, amount: BASKET_AMOUNT_MINOR, remittanceAmount: BASKET_AMOUNT_MINOR, responseCode: '00' },
  });

describe("the demo store's webhook", () => {
  it('receives CREATED and COMPLETED for a paid order, and the verified COMPLETED marks it paid', async () => {
    const ref = await payOrder();
    await until(() => processed(ref).length === 2);
    expect(processed(ref).map((w) => [w.event, w.verdict])).toEqual([
      ['TRANSACTION.CREATED', 'logged'],
      ['TRANSACTION.COMPLETED', 'paid'],
    ]);
    expect(store.orders.get(ref)).toMatchObject({ paidAt: expect.any(Number), paidBy: 'webhook', requeries: 0 });
    // The payer's return page still shows the store's own verification once, then "already paid".
    expect((await store.orders.verify(ref)).verdict).toBe('paid');
    expect((await store.orders.verify(ref)).verdict).toBe('already-paid');
    expect(store.orders.get(ref)).toMatchObject({ paidBy: 'webhook', requeries: 1 });
  });

  it('answers 401 to a body whose signature does not match, and changes nothing', async () => {
    const { txn_ref: ref } = (await (await fetch(`${base}/orders`, { method: 'POST' })).json()) as { txn_ref: string };
    const forged = await deliver(completed(ref, 'forged-1'), 'not-the-merchant-secret');
    expect(forged.status).toBe(401);
    const unsigned = await fetch(`${base}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: completed(ref, 'forged-2'),
    });
    expect(unsigned.status).toBe(401);
    expect(store.orders.get(ref)?.paidAt).toBeUndefined();
    expect(processed(ref)).toEqual([]);
  });

  it('processes an event uuid once: a duplicate is answered 200 and not processed again', async () => {
    const { txn_ref: ref } = (await (await fetch(`${base}/orders`, { method: 'POST' })).json()) as { txn_ref: string };
    const raw = completed(ref, 'dup-uuid-1');
    const first = await deliver(raw);
    expect(await first.json()).toEqual({ received: true, verdict: 'paid' });
    const paidAt = store.orders.get(ref)?.paidAt;
    const again = await deliver(raw);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(processed(ref)).toHaveLength(1);
    expect(store.orders.get(ref)?.paidAt).toBe(paidAt);
    // Another event for the same order finds it paid already.
    expect(await (await deliver(completed(ref, 'dup-uuid-2'))).json()).toEqual({ received: true, verdict: 'already-paid' });
  });

  it('answers 400 to a signed body that is not a notification, never a 500', async () => {
    for (const raw of ['{"event":', '[]', '{"event":"TRANSACTION.COMPLETED","uuid":"x","data":"no"}', '{"event":"OTHER","uuid":"x","data":{}}']) {
      expect((await deliver(raw)).status, raw).toBe(400);
    }
  });

  it('does not take an approval of another amount as its payment', async () => {
    const { txn_ref: ref } = (await (await fetch(`${base}/orders`, { method: 'POST' })).json()) as { txn_ref: string };
    const raw = JSON.stringify({
      event: 'TRANSACTION.COMPLETED',
      uuid: 'other-amount',
      timestamp: 1,
      data: { merchantReference: ref, remittanceAmount: 1, responseCode: '00' },
    });
    expect(await (await deliver(raw)).json()).toEqual({ received: true, verdict: 'mismatch' });
    expect(store.orders.get(ref)?.paidAt).toBeUndefined();
  });
});
