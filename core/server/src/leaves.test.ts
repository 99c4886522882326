import { describe, expect, it, vi } from 'vitest';
import type { PaymentProps } from '@oja/core';
import { HttpError } from '@oja/core';
import { createMemoryStore, StoreUnavailable } from '@oja/store';
import type { Store } from '@oja/store';
import { createSessions } from './sessions';
import { createLeaves, LEAVE_CHECK_MS, LEAVE_GRACE_MS, LEAVE_QUEUE, LEAVE_RETRY_MS, LEAVE_TRIES } from './leaves';

const props = (paymentId: string) => ({ paymentId, merchantCode: 'MX_DEMO' }) as PaymentProps;
const temporary = (e: unknown) => !(e instanceof HttpError && e.code === 'http' && e.status < 500);

/** Two instances' leave loops over one store, a clock the test moves, and the cancellations they made. */
async function setup(cancel: (p: PaymentProps) => Promise<void> = async () => undefined) {
  let t = 1_000_000;
  const now = () => t;
  const store = createMemoryStore({ maxEntries: 100, now });
  const sessions = createSessions(store);
  const cancelled: string[] = [];
  const log = vi.fn();
  const make = () =>
    createLeaves({
      store,
      sessions,
      now,
      isTemporary: temporary,
      log,
      cancel: async (p) => {
        await cancel(p);
        cancelled.push(p.paymentId);
      },
    });
  const token = await sessions.open({ props: props('100001') });
  return { store, sessions, token, cancelled, log, a: make(), b: make(), advance: (ms: number) => void (t += ms) };
}

describe('leave-cancels as due work in the store', () => {
  it('cancels once the grace has passed, by exactly one of two instances', async () => {
    const { a, b, token, cancelled, advance } = await setup();
    await a.schedule(token);
    advance(LEAVE_GRACE_MS - 1);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(cancelled).toEqual([]);
    advance(1);
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(cancelled).toEqual(['100001']);
    advance(60_000);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(cancelled).toEqual(['100001']);
  });

  it('is carried out by another instance than the one that heard the leave (that one died)', async () => {
    const { a, b, token, cancelled, advance } = await setup();
    await a.schedule(token);
    advance(LEAVE_GRACE_MS);
    await b.runDue();
    expect(cancelled).toEqual(['100001']);
  });

  it('is dropped when the payer comes back in time', async () => {
    const { a, b, token, cancelled, advance } = await setup();
    await a.schedule(token);
    advance(1_000);
    expect(await b.drop(token)).toBe(true);
    advance(LEAVE_GRACE_MS);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(cancelled).toEqual([]);
  });

  it('a second leave moves the due time (a page hidden again later)', async () => {
    const { a, token, cancelled, advance } = await setup();
    await a.schedule(token);
    advance(3_000);
    await a.schedule(token);
    advance(LEAVE_GRACE_MS - 1);
    await a.runDue();
    expect(cancelled).toEqual([]);
    advance(1);
    await a.runDue();
    expect(cancelled).toEqual(['100001']);
  });

  it('tries again when the API could not take it, LEAVE_TRIES times in all; the API refusing it is final', async () => {
    let calls = 0;
    const { a, token, store, advance, log } = await setup(async () => {
      calls += 1;
      throw new HttpError('HTTP 503', 'http', 503);
    });
    await a.schedule(token);
    advance(LEAVE_GRACE_MS);
    for (let i = 0; i < LEAVE_TRIES + 2; i++) {
      await a.runDue();
      advance(LEAVE_RETRY_MS);
    }
    expect(calls).toBe(LEAVE_TRIES);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('leave-cancel-failed'));
    expect(await store.claimDue(LEAVE_QUEUE, Number.MAX_SAFE_INTEGER)).toEqual([]);

    let refusals = 0;
    const refused = await setup(async () => {
      refusals += 1;
      throw new HttpError('HTTP 409', 'http', 409, { responseCode: 'ALREADY_PAID' });
    });
    await refused.a.schedule(refused.token);
    refused.advance(LEAVE_GRACE_MS);
    await refused.a.runDue();
    refused.advance(LEAVE_RETRY_MS);
    await refused.a.runDue();
    expect(refusals).toBe(1);
  });

  it('a session gone (expired) has nothing to cancel', async () => {
    const { a, cancelled, advance } = await setup();
    await a.schedule('x'.repeat(24));
    advance(LEAVE_GRACE_MS);
    await a.runDue();
    expect(cancelled).toEqual([]);
  });

  it('says once that the store is away, once that it is back, and never throws', async () => {
    const { store, sessions } = await setup();
    let away = true;
    const failing: Store = { ...store, claimDue: (...args) => (away ? Promise.reject(new StoreUnavailable('down')) : store.claimDue(...args)) };
    const log = vi.fn();
    const leaves = createLeaves({ store: failing, sessions, isTemporary: temporary, log, cancel: async () => undefined });
    await leaves.runDue();
    await leaves.runDue();
    away = false;
    await leaves.runDue();
    expect(log.mock.calls.map(([l]) => JSON.parse(l).event)).toEqual(['leave-queue-unavailable', 'leave-queue-back']);
  });

  it('start looks every LEAVE_CHECK_MS; stop ends it', async () => {
    vi.useFakeTimers();
    try {
      const { a, sessions, token, cancelled, advance } = await setup();
      await a.schedule(token);
      advance(LEAVE_GRACE_MS);
      a.start();
      expect(cancelled).toEqual([]);
      await vi.advanceTimersByTimeAsync(LEAVE_CHECK_MS);
      expect(cancelled).toEqual(['100001']);
      await a.stop();
      const later = await sessions.open({ props: props('100002') });
      await a.schedule(later);
      advance(LEAVE_GRACE_MS);
      await vi.advanceTimersByTimeAsync(LEAVE_CHECK_MS * 4);
      expect(cancelled).toEqual(['100001']);
    } finally {
      vi.useRealTimers();
    }
  });
});
