import { CLAIM_LIMIT, LOCK_WAIT_MS, StoreBusy } from './store';
import type { Store } from './store';

/** How often expired entries are swept, ms. */
export const MEMORY_SWEEP_MS = 60_000;

export interface MemoryStoreOptions {
  /**
   * Entries kept at most: past it the least recently used goes first, so memory stays flat however many payments
   * start (issue 9: RSS grew to 575 MB after 17,000 POST /pay and was never given back). Scheduled work counts too.
   */
  maxEntries: number;
  /** The clock (tests move it). */
  now?: () => number;
}

interface Entry {
  /** The value as JSON: a read is a copy, as from any shared store. */
  json: string;
  expiresAt: number;
}

/**
 * The store of one instance (the default for `npm start`): entries in a Map whose order is the order of last use,
 * expired when read or swept, the least recently used dropped past maxEntries.
 */
export function createMemoryStore({ maxEntries, now = Date.now }: MemoryStoreOptions): Store & { readonly size: number } {
  const entries = new Map<string, Entry>();
  const queues = new Map<string, Map<string, number>>();
  /** Each lock's tail: the promise the next holder waits for. */
  const locks = new Map<string, Promise<void>>();

  const live = (key: string): Entry | undefined => {
    const e = entries.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  const queuedCount = () => [...queues.values()].reduce((n, q) => n + q.size, 0);
  const bound = () => {
    // A Map keeps insertion order: re-inserting on use makes its first entry the least recently used.
    while (entries.size > 0 && entries.size + queuedCount() > maxEntries) entries.delete(entries.keys().next().value as string);
  };
  const sweep = () => {
    const t = now();
    for (const [key, e] of entries) if (e.expiresAt <= t) entries.delete(key);
  };
  const sweeper = setInterval(sweep, MEMORY_SWEEP_MS);
  sweeper.unref?.();

  return {
    kind: 'memory',
    get size() {
      return entries.size;
    },
    async get<T>(key: string) {
      const e = live(key);
      if (!e) return undefined;
      entries.delete(key);
      entries.set(key, e);
      return JSON.parse(e.json) as T;
    },
    async set(key, value, { ttlMs, ifAbsent }) {
      if (ifAbsent && live(key)) return false;
      entries.delete(key);
      entries.set(key, { json: JSON.stringify(value), expiresAt: now() + ttlMs });
      bound();
      return true;
    },
    async delete(key) {
      const had = !!live(key);
      entries.delete(key);
      return had;
    },
    async increment(key) {
      // A counter never expires by itself (ids are never reused) and is never the one dropped.
      const next = Number(live(key) ? JSON.parse(entries.get(key)!.json) : 0) + 1;
      entries.delete(key);
      entries.set(key, { json: String(next), expiresAt: Number.POSITIVE_INFINITY });
      return next;
    },
    async withLock(key, fn, { waitMs = LOCK_WAIT_MS } = {}) {
      const before = locks.get(key) ?? Promise.resolve();
      let release!: () => void;
      const mine = new Promise<void>((resolve) => {
        release = resolve;
      });
      const tail = before.then(() => mine);
      locks.set(key, tail);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = await Promise.race([
        before.then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), waitMs);
        }),
      ]);
      clearTimeout(timer);
      if (!waited) {
        // Our place in line is given up: whoever queued behind us waits only for those before us.
        release();
        if (locks.get(key) === tail) locks.delete(key);
        throw new StoreBusy(key);
      }
      try {
        return await fn();
      } finally {
        release();
        if (locks.get(key) === tail) locks.delete(key);
      }
    },
    async schedule(queue, id, dueAt) {
      let q = queues.get(queue);
      if (!q) queues.set(queue, (q = new Map()));
      q.set(id, dueAt);
      bound();
    },
    async unschedule(queue, id) {
      return queues.get(queue)?.delete(id) ?? false;
    },
    async claimDue(queue, at, limit = CLAIM_LIMIT) {
      const q = queues.get(queue);
      if (!q) return [];
      const due = [...q]
        .filter(([, dueAt]) => dueAt <= at)
        .sort((a, b) => a[1] - b[1])
        .slice(0, limit)
        .map(([id]) => id);
      for (const id of due) q.delete(id);
      return due;
    },
    async ping() {},
    async close() {
      clearInterval(sweeper);
    },
  };
}
