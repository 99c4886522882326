// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWebhookDispatcher, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_TIMEOUT_MS, webhookRetryDelayMs } from './webhookDelivery';
import type { WebhookDelivery, WebhookReport } from './webhookDelivery';

const delivery = (uuid = 'u-1'): WebhookDelivery => ({
  uuid,
  event: 'TRANSACTION.COMPLETED',
  url: 'https://merchant.test/hooks',
  body: '{"event":"TRANSACTION.COMPLETED"}',
  signature: 'ab'.repeat(64),
});

/** A merchant answering these statuses in turn (the last one from then on); 0 is a network failure. */
function merchant(...statuses: number[]) {
  const calls: Array<{ at: number; init?: RequestInit }> = [];
  const fetchImpl = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    calls.push({ at: Date.now(), init });
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)];
    if (status === 0) throw new TypeError('fetch failed');
    return new Response(null, { status });
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

const reports: WebhookReport[] = [];
/** The jitter at its middle: each wait is exactly the schedule's. */
const options = { random: () => 0.5, report: (r: WebhookReport) => reports.push(r) };

beforeEach(() => {
  vi.useFakeTimers();
  reports.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the retry schedule', () => {
  it('doubles from 1 s, capped at 60 s, with at most ±20 % jitter', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => webhookRetryDelayMs(n, {}, () => 0.5))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000,
    ]);
    expect(webhookRetryDelayMs(1, {}, () => 0)).toBe(800);
    expect(webhookRetryDelayMs(1, {}, () => 1)).toBe(1_200);
    expect(webhookRetryDelayMs(2, { firstRetryMs: 100 }, () => 0.5)).toBe(200);
  });
});

describe('the webhook dispatcher', () => {
  it('posts the signed body as JSON', async () => {
    const m = merchant(200);
    createWebhookDispatcher({ ...options, fetchImpl: m.fetchImpl }).send(delivery());
    await vi.advanceTimersByTimeAsync(0);
    expect(m.calls).toHaveLength(1);
    const init = m.calls[0].init!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"event":"TRANSACTION.COMPLETED"}');
    expect(init.headers).toEqual({ 'content-type': 'application/json', 'X-Interswitch-Signature': 'ab'.repeat(64) });
  });

  it('retries after a 500 with backoff, and after the 2xx never again', async () => {
    const m = merchant(500, 500, 200);
    const d = createWebhookDispatcher({ ...options, fetchImpl: m.fetchImpl });
    const start = Date.now();
    d.send(delivery());
    await vi.advanceTimersByTimeAsync(0);
    expect(m.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(m.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(m.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(m.calls.map((c) => c.at - start)).toEqual([0, 1_000, 3_000]);
    // Delivered: exactly one delivery after the 500s, and nothing more however long we wait.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(m.calls).toHaveLength(3);
    expect(d.pending()).toBe(0);
    expect(reports).toEqual([expect.objectContaining({ uuid: 'u-1', outcome: 'delivered', attempts: 3, last: '200' })]);
  });

  it('treats a network failure and a redirect as failures to retry', async () => {
    const m = merchant(0, 302, 204);
    createWebhookDispatcher({ ...options, fetchImpl: m.fetchImpl }).send(delivery());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(m.calls).toHaveLength(3);
    expect(m.calls[0].init!.redirect).toBe('manual');
  });

  it('gives up after the last attempt', async () => {
    const m = merchant(503);
    const d = createWebhookDispatcher({ ...options, fetchImpl: m.fetchImpl });
    d.send(delivery());
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(m.calls).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    // 1 s, 2 s, 4 s … 32 s, then the 60 s cap: the whole schedule in about two minutes.
    expect(m.calls.at(-1)!.at - m.calls[0].at).toBe(1_000 + 2_000 + 4_000 + 8_000 + 16_000 + 32_000 + 60_000);
    expect(d.pending()).toBe(0);
    expect(reports).toEqual([expect.objectContaining({ outcome: 'gave-up', attempts: WEBHOOK_MAX_ATTEMPTS, last: '503' })]);
  });

  it('aborts an attempt the merchant does not answer in time, and retries it', async () => {
    const signals: AbortSignal[] = [];
    const fetchImpl = vi.fn(
      (_u: unknown, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          signals.push(init!.signal!);
          if (signals.length > 1) return resolve(new Response(null, { status: 200 }));
          init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason));
        }),
    ) as unknown as typeof fetch;
    createWebhookDispatcher({ ...options, fetchImpl, maxAttempts: 2 }).send(delivery());
    await vi.advanceTimersByTimeAsync(WEBHOOK_TIMEOUT_MS);
    expect(signals[0].aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(signals).toHaveLength(2);
    expect(reports).toEqual([expect.objectContaining({ outcome: 'delivered', attempts: 2 })]);
  });

  it('is bounded: past maxQueued waiting events a new one is dropped and said so', async () => {
    const m = merchant(500);
    const d = createWebhookDispatcher({ ...options, fetchImpl: m.fetchImpl, maxQueued: 2 });
    expect(d.send(delivery('a'))).toBe(true);
    expect(d.send(delivery('a'))).toBe(false);
    expect(d.send(delivery('b'))).toBe(true);
    expect(d.send(delivery('c'))).toBe(false);
    expect(reports).toEqual([expect.objectContaining({ uuid: 'c', outcome: 'dropped' })]);
    expect(d.pending()).toBe(2);
  });

  it('stops on close: no retry fires, nothing more is sent, no timer is left', async () => {
    const m = merchant(500);
    const d = createWebhookDispatcher({ ...options, fetchImpl: m.fetchImpl });
    d.send(delivery());
    await vi.advanceTimersByTimeAsync(0);
    d.close();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(m.calls).toHaveLength(1);
    expect(d.send(delivery('later'))).toBe(false);
  });
});
