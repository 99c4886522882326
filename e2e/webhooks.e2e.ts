// The sandbox's webhooks (docs/merchants/webhooks.md), end to end: a merchant's server (a small receiver here) sets
// its webhook URL with POST /sandbox/webhooks, a payer pays through the real page in Chromium, and the receiver gets
// TRANSACTION.COMPLETED once, signed; a receiver failing at first gets it again after its 500, and once after its 200.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '@oja/sandbox';
import type { WebhookBody } from '@oja/sandbox';
import { E2E_WEBHOOK_FIRST_RETRY_MS } from '../scripts/test/e2e-global-setup';
import { checkoutBase, openPay, payFields, sleep, startFromStore, storeBase, transfer, txnRef, useBrowser, whenHydrated } from './helpers';

const b = useBrowser();

/** One POST the receiver got, and what it answered. */
interface Delivery {
  path: string;
  signature: string;
  raw: string;
  body: WebhookBody;
  answered: number;
}

/** The merchant's server: answers each path's COMPLETED deliveries with the statuses queued for it, then 200. */
const deliveries: Delivery[] = [];
const answers = new Map<string, number[]>();
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = JSON.parse(raw) as WebhookBody;
    const queued = body.event === 'TRANSACTION.COMPLETED' ? answers.get(req.url ?? '')?.shift() : undefined;
    const answered = queued ?? 200;
    deliveries.push({ path: req.url ?? '', signature: String(req.headers['x-interswitch-signature'] ?? ''), raw, body, answered });
    res.writeHead(answered, { 'content-type': 'application/json' }).end('{}');
  });
});
let receiverBase: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** A merchant of this test's own (the demo store keeps MX_DEMO's URL), its webhook URL set as a merchant's server sets it. */
async function registerMerchant(merchantCode: string, path: string, secret: string): Promise<void> {
  const res = await fetch(`${checkoutBase()}/sandbox/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ merchant_code: merchantCode, url: `${receiverBase}${path}`, secret }),
  });
  expect(res.status).toBe(200);
}

/** Pays by transfer through the checkout's page, settled by the sandbox's on-screen control. */
async function payInBrowser(merchantCode: string, ref: string): Promise<void> {
  const page = await b.newPage();
  expect(
    await openPay(page, payFields(ref, { merchant_code: merchantCode, pay_item_id: `Default_Payable_${merchantCode}`, channels: 'TRANSFER' })),
  ).toBe(200);
  await payByTransfer(page);
}

async function payByTransfer(page: Page): Promise<void> {
  await transfer.waitForAccount(page);
  await transfer.transferred(page);
  await (await whenHydrated(page.getByRole('button', { name: 'Simulate success' }))).click();
  // Paid: the checkout posts the result to the store's return page (REDIRECT).
  await page.waitForURL(`${storeBase()}/return`);
}

const completedFor = (ref: string) => deliveries.filter((d) => d.body.event === 'TRANSACTION.COMPLETED' && d.body.data.merchantReference === ref);

describe('webhooks from the sandbox', () => {
  it('sends TRANSACTION.COMPLETED once, signed with the merchant secret, for a payment made in the browser', async () => {
    const secret = 'e2e-webhook-secret-of-merchant-one';
    await registerMerchant('MX_HOOK_E2E', '/hooks/one', secret);
    const ref = txnRef('webhook');
    await payInBrowser('MX_HOOK_E2E', ref);

    await expect.poll(() => completedFor(ref).length, { timeout: 5_000 }).toBe(1);
    // Long enough for several retries, were there any.
    await sleep(E2E_WEBHOOK_FIRST_RETRY_MS * 8);
    const [completed] = completedFor(ref);
    expect(completedFor(ref)).toHaveLength(1);
    expect(completed.path).toBe('/hooks/one');
    expect(completed.signature).toBe(signWebhook(completed.raw, secret));
    expect(completed.body.data).toMatchObject({ merchantReference: ref, amount: 150_000, responseCode: '00', currencyCode: '566', channel: 'WEB' });
    expect(deliveries.filter((d) => d.body.data.merchantReference === ref).map((d) => d.body.event)).toEqual([
      'TRANSACTION.CREATED',
      'TRANSACTION.COMPLETED',
    ]);
  });

  it('delivers again after a 500, and exactly once after the 200', async () => {
    const secret = 'e2e-webhook-secret-of-merchant-two';
    await registerMerchant('MX_HOOK_E2E_RETRY', '/hooks/two', secret);
    answers.set('/hooks/two', [500]);
    const ref = txnRef('webhook-retry');
    await payInBrowser('MX_HOOK_E2E_RETRY', ref);

    await expect.poll(() => completedFor(ref).length, { timeout: 5_000 }).toBe(2);
    await sleep(E2E_WEBHOOK_FIRST_RETRY_MS * 8);
    const attempts = completedFor(ref);
    expect(attempts.map((d) => d.answered)).toEqual([500, 200]);
    // The same event, byte for byte: one uuid, one signature, each valid.
    expect(attempts[1].raw).toBe(attempts[0].raw);
    for (const d of attempts) expect(d.signature).toBe(signWebhook(d.raw, secret));
  });

  it('reaches the demo store, which set its webhook URL at boot and marks its order paid once', async () => {
    const page = await b.newPage();
    const ref = await startFromStore(page, { channels: 'TRANSFER' });
    await payByTransfer(page);
    const processed = async () =>
      ((await (await fetch(`${storeBase()}/webhooks.json`)).json()) as Array<{ event: string; merchantReference: string; verdict: string }>).filter(
        (w) => w.merchantReference === ref,
      );
    await expect.poll(async () => (await processed()).map((w) => w.event), { timeout: 5_000 }).toContain('TRANSACTION.COMPLETED');
    const completed = (await processed()).filter((w) => w.event === 'TRANSACTION.COMPLETED');
    expect(completed).toHaveLength(1);
    // The return page's requery may have said "paid" first: either way the order is paid, once.
    expect(['paid', 'already-paid']).toContain(completed[0].verdict);
  });
});
