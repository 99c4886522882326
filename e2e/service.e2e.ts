// The checkout as a service (issue 11, CONTRACT §5 "Running as a service"): a real redis-server, two checkout
// processes sharing it (CHECKOUT_SESSION_STORE) behind a load balancer that sends each request to the next live
// instance, a merchant's site beside them, and Chromium as the payer. Instances are killed, restarted and cut off
// from Redis while payers pay.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startRedis, freePort } from '../scripts/test/redis-server.mjs';
import type { RedisServer } from '../scripts/test/redis-server.mjs';
import { createMerchantStore } from '@oja/app/demo';
import { MERCHANT_CODE, TEST_CARDS, card, simulate, sleep, transfer, txnRef, useBrowser, watchResultScreens } from './helpers';

/** How long an instance may take to answer /healthz, ms. */
const START_TIMEOUT_MS = 20_000;
/** The server's grace after the payer leaves before it cancels, ms (core/server/src/leaves.ts). */
const LEAVE_GRACE_MS = 4_000;
const HOST = '127.0.0.1';

const b = useBrowser();

interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  log: () => string;
}

let redis: RedisServer;
let lb: { base: string; close(): Promise<void> };
let store: { base: string; close(): Promise<void> };
/** The instances the load balancer sends requests to, in turn. */
let live: Instance[] = [];
/** Requests each instance answered (by name): both must have served one payer. */
const served = new Map<string, number>();
const everyInstance: Instance[] = [];

/** The built server, as the e2e setup copied it (dist/server beside dist/client). */
const serverFile = () => path.join(path.dirname(inject('clientDir')), 'server', 'server.mjs');

async function startInstance(name: string): Promise<Instance> {
  const port = await freePort();
  const outsidePort = await freePort();
  let out = '';
  const child = spawn(process.execPath, [serverFile()], {
    env: {
      ...process.env,
      HOST,
      PORT: String(port),
      OUTSIDE_PORT: String(outsidePort),
      MERCHANT_PORT: '0',
      CHECKOUT_API_BASE: '',
      CHECKOUT_SESSION_STORE: redis.url,
      CHECKOUT_PUBLIC_BASE: lb.base,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-6_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const instance = { name, port, child, log: () => out };
  everyInstance.push(instance);
  const until = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited (${child.exitCode}):\n${out}`);
    const res = await fetch(`http://${HOST}:${port}/healthz`).catch(() => undefined);
    if (res?.ok) return instance;
    await sleep(100);
  }
  throw new Error(`instance ${name} did not answer /healthz:\n${out}`);
}

/** Stops an instance: SIGKILL (a crash, nothing drained) or SIGTERM (an orchestrator's stop). */
async function stopInstance(i: Instance, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
  live = live.filter((x) => x !== i);
  if (i.child.exitCode !== null || i.child.signalCode) return;
  const exited = new Promise((r) => i.child.once('exit', r));
  i.child.kill(signal);
  await exited;
}

/** A load balancer: each request to the next live instance (round robin), relayed as it is. */
async function startBalancer(): Promise<typeof lb> {
  let turn = 0;
  const server = http.createServer((req, res) => {
    if (!live.length) {
      res.writeHead(503, { 'content-type': 'text/plain' });
      return res.end('No instance');
    }
    const target = live[turn++ % live.length];
    served.set(target.name, (served.get(target.name) ?? 0) + 1);
    const up = http.request({ host: HOST, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end();
    });
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, HOST, r));
  return {
    base: `http://${HOST}:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

async function startStore(): Promise<typeof store> {
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const { server } = createMerchantStore({ checkoutBase: lb.base, selfOrigin: () => base, apiBase: lb.base });
  await new Promise<void>((r) => server.listen(port, HOST, r));
  return {
    base,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

beforeAll(async () => {
  redis = await startRedis();
  lb = await startBalancer();
  store = await startStore();
  live = await Promise.all([startInstance('A'), startInstance('B')]);
});

afterAll(async () => {
  await Promise.all(everyInstance.map((i) => stopInstance(i, 'SIGKILL')));
  await store?.close();
  await lb?.close();
  await redis?.stop();
});

const fields = (ref: string, channels: string) => ({
  merchant_code: MERCHANT_CODE,
  pay_item_id: 'Default_Payable_MX_DEMO',
  txn_ref: ref,
  amount: '150000',
  currency: '566',
  site_redirect_url: `${store.base}/return`,
  cust_email: 'ada@example.com',
  cust_name: 'Ada Obi',
  channels,
});

async function open(page: Page, ref: string, channels: string): Promise<void> {
  const res = await page.goto(`${lb.base}/pay?${new URLSearchParams(fields(ref, channels))}`);
  expect(res?.status()).toBe(200);
}

/** The results the merchant's site received for a reference. */
async function results(ref: string): Promise<Array<Record<string, string>>> {
  const all = (await (await fetch(`${store.base}/results.json`)).json()) as Array<{ fields: Record<string, string> }>;
  return all.map((r) => r.fields).filter((f) => f.txnref === ref);
}

/** The page lands on the merchant's return page with this code, and the merchant received it exactly once. */
async function deliveredOnce(page: Page, ref: string, resp: string): Promise<void> {
  await page.waitForURL(`${store.base}/return`);
  await expect.poll(() => page.locator('h1').getAttribute('data-resp')).toBe(resp);
  await sleep(500);
  const got = await results(ref);
  expect(got).toHaveLength(1);
  expect(got[0]).toMatchObject({ txnref: ref, resp });
}

async function sandboxPayment(ref: string) {
  const res = await fetch(`${lb.base}/sandbox/payments?${new URLSearchParams({ merchant_code: MERCHANT_CODE, txn_ref: ref })}`);
  return (await res.json()) as { paymentId: string; cancellation: { reason: string } | null; calls: Array<{ path: string }> };
}

/** Every live instance answers /healthz 200 again (Redis back), none of them died meanwhile. */
async function everyInstanceHealthy(): Promise<void> {
  for (const i of live) {
    await expect.poll(async () => (await fetch(`http://${HOST}:${i.port}/healthz`)).status, { timeout: 15_000, interval: 250 }).toBe(200);
    expect(i.child.exitCode, i.log()).toBeNull();
  }
}

/**
 * The payer closes the page on the transfer account (away paying), and `meanwhile` happens: the address they were
 * on, and the reference.
 */
async function awayOnTransfer(label: string, meanwhile: (ref: string) => Promise<void>): Promise<{ ref: string; url: string }> {
  const page = await b.newPage();
  const ref = txnRef(label);
  await open(page, ref, 'TRANSFER');
  await transfer.waitForAccount(page);
  const url = page.url();
  await page.close();
  await meanwhile(ref);
  return { ref, url };
}

/** The sandbox's on-screen control settles the payment (one instance), and the page asks its status (another). */
async function settle(page: Page): Promise<void> {
  const simulated = page.waitForResponse((r) => r.url() === `${lb.base}/sandbox/simulate`);
  await page.getByRole('button', { name: 'Simulate success' }).click();
  expect((await simulated).status()).toBe(200);
}

describe('Two instances sharing Redis serve one payer interchangeably', () => {
  it('card through PIN and OTP, every request to the next instance: paid, the merchant told once', async () => {
    served.clear();
    const page = await b.newPage();
    const ref = txnRef('svc-card');
    await open(page, ref, 'CARD');
    await card.choose(page);
    await card.enter(page, TEST_CARDS.pinThenOtp);
    await card.pin(page);
    await card.otp(page);
    await deliveredOnce(page, ref, '00');
    expect(served.get('A')).toBeGreaterThan(2);
    expect(served.get('B')).toBeGreaterThan(2);
  });

  it('transfer, every request to the next instance: the account, the wait, the settlement', async () => {
    served.clear();
    const page = await b.newPage();
    const ref = txnRef('svc-transfer');
    await open(page, ref, 'TRANSFER');
    const account = await transfer.waitForAccount(page);
    // A reload reaches the other instance: the same account, the same place.
    await page.reload();
    expect(await transfer.waitForAccount(page)).toBe(account);
    await transfer.transferred(page);
    // The on-screen control settles it and asks the status at once (no 20 s wait).
    await settle(page);
    await deliveredOnce(page, ref, '00');
    expect(served.get('A')).toBeGreaterThan(1);
    expect(served.get('B')).toBeGreaterThan(1);
  });
});

describe('Instances die and restart; no payer loses their place', () => {
  it('A killed (SIGKILL) while its payer is on the PIN step: the payer finishes on B, the merchant told once', async () => {
    const [a, other] = live;
    // The payer's requests all reach A, until it dies.
    live = [a];
    const page = await b.newPage();
    const ref = txnRef('svc-kill');
    await open(page, ref, 'CARD');
    await card.choose(page);
    await card.enter(page, TEST_CARDS.pinThenOtp);
    await page.getByTestId('pin-pad').waitFor();
    await stopInstance(a, 'SIGKILL');
    live = [other];
    await card.pin(page);
    await card.otp(page);
    await deliveredOnce(page, ref, '00');
    live = [other, await startInstance('A2')];
  });

  it('every instance restarted (SIGTERM, then new processes): the payer reloads where they were and pays', async () => {
    const page = await b.newPage();
    const ref = txnRef('svc-restart');
    await open(page, ref, 'TRANSFER');
    const account = await transfer.waitForAccount(page);
    const before = [...live];
    await Promise.all(before.map((i) => stopInstance(i, 'SIGTERM')));
    live = await Promise.all([startInstance('C'), startInstance('D')]);
    await page.reload();
    expect(await transfer.waitForAccount(page)).toBe(account);
    await transfer.transferred(page);
    await settle(page);
    await deliveredOnce(page, ref, '00');
  });

  it('a leave-cancel fires exactly once with two instances running', async () => {
    const page = await b.newPage();
    const ref = txnRef('svc-leave');
    await open(page, ref, 'TRANSFER');
    await transfer.waitForAccount(page);
    await page.goto(`${store.base}/`);
    await expect
      .poll(async () => (await sandboxPayment(ref)).cancellation, { timeout: LEAVE_GRACE_MS + 6_000, interval: 250 })
      .toMatchObject({ reason: 'Return to merchant Site' });
    // Both instances looked for due work meanwhile, and after: one cancellation call, by one of them.
    await sleep(1_500);
    const calls = (await sandboxPayment(ref)).calls.filter((c) => c.path === '/api/v1/pay/customerCancellation');
    expect(calls).toHaveLength(1);
    expect(await results(ref)).toEqual([]);
  });
});

describe('Redis goes away, and comes back', () => {
  it('a clear error page and a failing /healthz, never a crash; recovers when Redis is back', async () => {
    const page = await b.newPage();
    const ref = txnRef('svc-redis');
    await open(page, ref, 'TRANSFER');
    await transfer.waitForAccount(page);
    const url = page.url();
    await redis.kill();

    const answer = await page.goto(url);
    expect(answer?.status()).toBe(503);
    await page.getByRole('heading', { name: 'The checkout is briefly unavailable' }).waitFor();
    await page.getByText('Nothing has been charged, and your payment is kept.').waitFor();
    expect(await page.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(new URL(url).pathname + new URL(url).search);
    for (const i of live) {
      const health = await fetch(`http://${HOST}:${i.port}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'unavailable', store: 'redis' });
    }
    const pay = await fetch(`${lb.base}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields(txnRef('svc-redis-new'), 'TRANSFER')),
    });
    expect(pay.status).toBe(503);
    expect(await pay.text()).toContain('We could not reach the checkout');

    await redis.start();
    await everyInstanceHealthy();
    // An empty Redis (no persistence here): a new payment opens and pays.
    const fresh = await b.newPage();
    const again = txnRef('svc-redis-back');
    await open(fresh, again, 'TRANSFER');
    await transfer.waitForAccount(fresh);
    await transfer.transferred(fresh);
    await settle(fresh);
    await deliveredOnce(fresh, again, '00');
  });
});

/**
 * The payer away on the transfer account while the instance serving them is killed (SIGKILL) and the payment settles
 * with `outcome`; they open the same address again, served by the other instance, which is replaced afterwards.
 */
async function backAfterKill(
  label: string,
  outcome: 'success' | 'expired',
): Promise<{ page: Page; ref: string; seen: Awaited<ReturnType<typeof watchResultScreens>> }> {
  const [serving, other] = live;
  // The payer's requests all reach one instance, until it dies.
  live = [serving];
  const { ref, url } = await awayOnTransfer(label, async (ref) => {
    await stopInstance(serving, 'SIGKILL');
    live = [other];
    await simulate(ref, outcome, lb.base);
  });
  const page = await b.newPage();
  const seen = await watchResultScreens(page);
  expect((await page.goto(url))?.status()).toBe(200);
  return { page, ref, seen };
}

/**
 * The payer away while the payment settles with `outcome`; Redis is paused as they come back: the "briefly
 * unavailable" page (503), then Redis resumes and they press Try again.
 */
async function backAfterRedisPause(
  label: string,
  outcome: 'success' | 'failed',
): Promise<{ page: Page; ref: string; seen: Awaited<ReturnType<typeof watchResultScreens>> }> {
  const { ref, url } = await awayOnTransfer(label, (ref) => simulate(ref, outcome, lb.base));
  const page = await b.newPage();
  const seen = await watchResultScreens(page);
  redis.pause();
  try {
    expect((await page.goto(url))?.status()).toBe(503);
    await page.getByRole('heading', { name: 'The checkout is briefly unavailable' }).waitFor();
  } finally {
    redis.resume();
  }
  await everyInstanceHealthy();
  await page.getByRole('link', { name: 'Try again' }).click();
  return { page, ref, seen };
}

describe('The payer away while the payment settles, back through the load balancer', () => {
  it('A killed (SIGKILL) while its payer is away on the transfer account: opened again on B, the receipt, then 00 to the merchant once', async () => {
    const { page, ref, seen } = await backAfterKill('svc-away-kill', 'success');
    await deliveredOnce(page, ref, '00');
    expect(seen.map((s) => s.title)).toEqual(['Payment Successful']);
    live = [...live, await startInstance('A3')];
  });

  it('the instance killed while its payer is away, the payment expired meanwhile: opened again on the other, Transaction Expired, then XS1 once', async () => {
    const { page, ref, seen } = await backAfterKill('svc-away-kill-xs1', 'expired');
    await deliveredOnce(page, ref, 'XS1');
    expect(seen.map((s) => s.title)).toEqual(['Transaction Expired']);
    live = [...live, await startInstance('B3')];
  });

  it('Redis paused when the payer comes back to a payment paid meanwhile: briefly unavailable, Try again, the receipt, then 00 once', async () => {
    const { page, ref, seen } = await backAfterRedisPause('svc-away-pause', 'success');
    await deliveredOnce(page, ref, '00');
    expect(seen.map((s) => s.title)).toEqual(['Payment Successful']);
  });

  it('Redis paused when the payer comes back to a payment that failed meanwhile: Try again, the failure view, nothing to the merchant', async () => {
    const { page, ref } = await backAfterRedisPause('svc-away-pause-z1', 'failed');
    await page.getByRole('heading', { name: 'Payment Failed', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Retry payment' }).waitFor();
    await sleep(1_500);
    expect(await results(ref)).toEqual([]);
    expect(new URL(page.url()).origin).toBe(lb.base);
  });
});
