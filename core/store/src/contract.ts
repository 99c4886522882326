// The behaviour every Store keeps (store.ts), run against each one: the memory store's unit test and the Redis
// store's test with a real redis-server both call storeContract.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreBusy } from './store';
import type { Store } from './store';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The shared behaviour of a Store; `make` gives a fresh, empty one per test. */
export function storeContract(name: string, make: () => Promise<Store> | Store): void {
  describe(`${name}: the Store contract`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await make();
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps a JSON value, and a read is a copy', async () => {
      await store.set('a', { n: 1, list: ['x'] }, { ttlMs: 60_000 });
      const read = await store.get<{ n: number; list: string[] }>('a');
      expect(read).toEqual({ n: 1, list: ['x'] });
      read!.n = 2;
      expect(await store.get('a')).toEqual({ n: 1, list: ['x'] });
      expect(await store.get('missing')).toBeUndefined();
    });

    it('forgets a value once its time is up', async () => {
      await store.set('short', 'v', { ttlMs: 150 });
      expect(await store.get('short')).toBe('v');
      await sleep(400);
      expect(await store.get('short')).toBeUndefined();
    });

    it('writes ifAbsent only once, and delete answers whether something was there', async () => {
      expect(await store.set('once', 1, { ttlMs: 60_000, ifAbsent: true })).toBe(true);
      expect(await store.set('once', 2, { ttlMs: 60_000, ifAbsent: true })).toBe(false);
      expect(await store.get('once')).toBe(1);
      expect(await store.delete('once')).toBe(true);
      expect(await store.delete('once')).toBe(false);
    });

    it('counts on from 1, never giving two callers the same number', async () => {
      const got = await Promise.all(Array.from({ length: 20 }, () => store.increment('ids')));
      expect(new Set(got).size).toBe(20);
      expect(Math.min(...got)).toBe(1);
      expect(Math.max(...got)).toBe(20);
    });

    it('runs the holders of one lock one after another, and others beside them', async () => {
      const trace: string[] = [];
      const hold = (key: string, label: string, ms: number) =>
        store.withLock(key, async () => {
          trace.push(`${label}+`);
          await sleep(ms);
          trace.push(`${label}-`);
          return label;
        });
      const results = await Promise.all([hold('L', 'a', 80), hold('L', 'b', 10), hold('M', 'c', 10)]);
      expect(results).toEqual(['a', 'b', 'c']);
      expect(trace.indexOf('b+')).toBeGreaterThan(trace.indexOf('a-'));
      expect(trace.indexOf('c+')).toBeLessThan(trace.indexOf('a-'));
    });

    it('lets go of a lock when its holder throws', async () => {
      await expect(store.withLock('T', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
      expect(await store.withLock('T', async () => 'next')).toBe('next');
    });

    it('gives up waiting for a lock held too long, with StoreBusy', async () => {
      const holding = store.withLock('B', () => sleep(400));
      await sleep(20);
      await expect(store.withLock('B', async () => 'late', { waitMs: 100 })).rejects.toBeInstanceOf(StoreBusy);
      await holding;
      expect(await store.withLock('B', async () => 'free')).toBe('free');
    });

    it('answers due work once, in order of due time, and not before it is due', async () => {
      const t = Date.now();
      await store.schedule('q', 'late', t + 60_000);
      await store.schedule('q', 'second', t - 10);
      await store.schedule('q', 'first', t - 20);
      const claims = await Promise.all([store.claimDue('q', t), store.claimDue('q', t), store.claimDue('q', t)]);
      expect(claims.flat().sort()).toEqual(['first', 'second']);
      expect(claims.find((c) => c.length === 2) ?? claims.flat()).toEqual(['first', 'second']);
      expect(await store.claimDue('q', t)).toEqual([]);
      expect(await store.claimDue('q', t + 60_000)).toEqual(['late']);
    });

    it('drops scheduled work, and a second schedule moves its due time', async () => {
      const t = Date.now();
      await store.schedule('q2', 'x', t - 1);
      await store.schedule('q2', 'x', t + 60_000);
      expect(await store.claimDue('q2', t)).toEqual([]);
      expect(await store.unschedule('q2', 'x')).toBe(true);
      expect(await store.unschedule('q2', 'x')).toBe(false);
      expect(await store.claimDue('q2', t + 60_000)).toEqual([]);
    });

    it('answers a ping when it can be reached', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
