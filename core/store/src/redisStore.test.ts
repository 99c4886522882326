// @vitest-environment node
import net from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { StoreBusy, StoreUnavailable } from '@oja/store';
import type { Store } from '@oja/store';
import { storeContract } from '@oja/store/contract';
import { startRedis } from '../../../scripts/test/redis-server.mjs';
import type { RedisServer } from '../../../scripts/test/redis-server.mjs';
import { createRedisStore, REDIS_RECONNECT_MAX_MS } from './redisStore';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until check passes, trying every 50 ms, for withinMs at most. */
async function eventually(check: () => Promise<unknown>, withinMs: number): Promise<void> {
  const until = Date.now() + withinMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (e) {
      if (Date.now() > until) throw e;
      await sleep(50);
    }
  }
}

let redis: RedisServer;
/** A plain connection to look at what the store wrote. */
let raw: Redis;
let n = 0;
/** Each test its own prefix: nothing one test wrote is seen by the next. */
const freshPrefix = () => `test${++n}:`;
const quiet = () => undefined;

beforeAll(async () => {
  redis = await startRedis();
  raw = new Redis(redis.url);
});
afterAll(async () => {
  raw?.disconnect();
  await redis?.stop();
});

storeContract('redis store', () => createRedisStore(redis.url, { prefix: freshPrefix(), log: quiet }));

describe('redis store, as many instances share it', () => {
  const open: Store[] = [];
  const make = (prefix: string) => {
    const s = createRedisStore(redis.url, { prefix, log: quiet });
    open.push(s);
    return s;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });

  it('gives each due item to exactly one of two instances claiming at once', async () => {
    const prefix = freshPrefix();
    const [a, b] = [make(prefix), make(prefix)];
    const t = Date.now();
    const ids = Array.from({ length: 60 }, (_, i) => `leave-${i}`);
    for (const id of ids) await a.schedule('leaves', id, t - 1_000 + Number(id.split('-')[1]));
    await a.schedule('leaves', 'later', t + 60_000);
    const drain = async (s: Store) => {
      const got: string[] = [];
      for (let batch = await s.claimDue('leaves', t, 7); batch.length; batch = await s.claimDue('leaves', t, 7)) got.push(...batch);
      return got;
    };
    const [byA, byB] = await Promise.all([drain(a), drain(b)]);
    expect(byA.length).toBeGreaterThan(0);
    expect(byB.length).toBeGreaterThan(0);
    expect([...byA, ...byB].sort()).toEqual([...ids].sort());
    expect(await b.claimDue('leaves', t + 60_000)).toEqual(['later']);
  });

  it('holds a lock taken through one connection against the other', async () => {
    const prefix = freshPrefix();
    const [a, b] = [make(prefix), make(prefix)];
    let aDone = 0;
    const holding = a.withLock('session:1', async () => {
      await sleep(300);
      aDone = Date.now();
    });
    await sleep(30);
    await expect(b.withLock('session:1', async () => 'late', { waitMs: 100 })).rejects.toBeInstanceOf(StoreBusy);
    const bStarted = await b.withLock('session:1', async () => Date.now());
    await holding;
    expect(bStarted).toBeGreaterThanOrEqual(aDone);
    // Another name is never held up by it.
    expect(await b.withLock('session:2', async () => 'free', { waitMs: 0 })).toBe('free');
  });

  it('frees the lock of a holder that died (connection gone without letting go) once its lease ends', async () => {
    const prefix = freshPrefix();
    const [a, b] = [make(prefix), make(prefix)];
    let finish!: () => void;
    const gate = new Promise<void>((r) => {
      finish = r;
    });
    const leaseMs = 400;
    let held!: () => void;
    const holds = new Promise<void>((r) => {
      held = r;
    });
    const holding = a.withLock(
      'session:dead',
      () => {
        held();
        return gate.then(() => 'a finished');
      },
      { leaseMs },
    );
    // The holder has the lock (on a busy machine taking it may be slower than any fixed wait).
    await holds;
    const taken = Date.now();
    await a.close();
    const waited = await b.withLock('session:dead', async () => Date.now() - taken, { waitMs: 2_000 });
    expect(waited).toBeGreaterThanOrEqual(leaseMs - 100);
    expect(waited).toBeLessThan(leaseMs + 500);
    // The dead holder's own work still answers; its release, with no connection, is left to the lease.
    finish();
    await expect(holding).resolves.toBe('a finished');
  });

  it('writes every key under its prefix, values and locks with their expiry', async () => {
    await raw.flushdb();
    const prefix = freshPrefix();
    const s = make(prefix);
    await s.set('session:abc', { step: 'pin' }, { ttlMs: 30_000 });
    await s.increment('txn-id');
    await s.schedule('leaves', 'abc', Date.now() + 60_000);
    const lockTtl = await s.withLock('session:abc', async () => raw.pttl(`${prefix}lock:session:abc`), { leaseMs: 2_000 });
    expect(lockTtl).toBeGreaterThan(0);
    expect(lockTtl).toBeLessThanOrEqual(2_000);
    expect((await raw.keys('*')).sort()).toEqual([`${prefix}due:leaves`, `${prefix}v:session:abc`, `${prefix}v:txn-id`]);
    const ttl = await raw.pttl(`${prefix}v:session:abc`);
    expect(ttl).toBeGreaterThan(25_000);
    expect(ttl).toBeLessThanOrEqual(30_000);
    expect(JSON.parse((await raw.get(`${prefix}v:session:abc`))!)).toEqual({ step: 'pin' });
    // Every write sets the expiry anew.
    await s.set('session:abc', { step: 'otp' }, { ttlMs: 5_000 });
    expect(await raw.pttl(`${prefix}v:session:abc`)).toBeLessThanOrEqual(5_000);
  });

  it("puts keys under 'oja:' unless told otherwise", async () => {
    const s = createRedisStore(redis.url, { log: quiet });
    open.push(s);
    await s.set('probe', 1, { ttlMs: 10_000 });
    expect(await raw.get('oja:v:probe')).toBe('1');
    await s.delete('probe');
  });

  it('lets a reply error from Redis through as it is: it is a mistake, not an outage', async () => {
    const prefix = freshPrefix();
    const s = make(prefix);
    await s.set('text', 'not a number', { ttlMs: 10_000 });
    const failure = await s.increment('text').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(StoreUnavailable);
  });

  it('fails a command Redis does not answer within commandTimeoutMs, with StoreUnavailable', async () => {
    const s = createRedisStore(redis.url, { prefix: freshPrefix(), log: quiet, commandTimeoutMs: 200 });
    open.push(s);
    await s.ping();
    // Redis holds every client's commands for a while, as a stalled server would.
    await raw.client('PAUSE', 1_000, 'ALL');
    const started = Date.now();
    await expect(s.get('x')).rejects.toBeInstanceOf(StoreUnavailable);
    expect(Date.now() - started).toBeLessThan(700);
    await raw.client('UNPAUSE');
    await eventually(() => s.ping(), 2_000);
  });
});

describe('redis store when Redis goes away', () => {
  let outage: RedisServer;
  const lines: string[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (e: unknown) => unhandled.push(e);
  let errors: ReturnType<typeof vi.spyOn>;

  beforeEach(async () => {
    outage = await startRedis();
    lines.length = 0;
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
    errors = vi.spyOn(console, 'error');
  });
  afterEach(async () => {
    process.off('unhandledRejection', onUnhandled);
    await outage.stop();
  });

  it('answers StoreUnavailable at once while Redis is down, logs it once, and serves again when Redis is back', async () => {
    const s = createRedisStore(outage.url, { prefix: freshPrefix(), log: (l) => lines.push(l) });
    await s.set('a', 1, { ttlMs: 60_000 });

    await outage.kill();
    const started = Date.now();
    await expect(s.get('a')).rejects.toBeInstanceOf(StoreUnavailable);
    expect(Date.now() - started).toBeLessThan(1_000);
    // Every operation, each failing fast, while reconnection attempts go on behind.
    for (const op of [
      () => s.ping(),
      () => s.set('b', 2, { ttlMs: 1_000 }),
      () => s.increment('n'),
      () => s.claimDue('q', Date.now()),
      () => s.withLock('L', async () => 1),
    ]) {
      const t = Date.now();
      await expect(op()).rejects.toBeInstanceOf(StoreUnavailable);
      expect(Date.now() - t).toBeLessThan(1_000);
    }
    await sleep(REDIS_RECONNECT_MAX_MS * 1.5);

    await outage.start();
    await eventually(() => s.ping(), REDIS_RECONNECT_MAX_MS + 2_000);
    // A Redis restarted without persistence is empty; the store writes and reads again.
    expect(await s.get('a')).toBeUndefined();
    await s.set('a', 3, { ttlMs: 60_000 });
    expect(await s.get('a')).toBe(3);
    await s.close();

    const events = lines.map((l) => JSON.parse(l) as { event: string; at: string; store: string });
    expect(events.map((e) => e.event)).toEqual(['store-unavailable', 'store-recovered']);
    expect(events[0]).toMatchObject({ store: 'redis', at: `127.0.0.1:${outage.port}` });
    expect(errors).not.toHaveBeenCalled();
    expect(unhandled).toEqual([]);
  });

  it('fails fast when Redis is not there at start, and connects when it comes', async () => {
    await outage.stop();
    const s = createRedisStore(outage.url, { prefix: freshPrefix(), log: (l) => lines.push(l) });
    const started = Date.now();
    await expect(s.set('x', 1, { ttlMs: 1_000 })).rejects.toBeInstanceOf(StoreUnavailable);
    expect(Date.now() - started).toBeLessThan(1_000);
    await outage.start();
    await eventually(() => s.ping(), REDIS_RECONNECT_MAX_MS + 2_000);
    await s.close();
    expect(lines.map((l) => JSON.parse(l).event)).toEqual(['store-unavailable', 'store-recovered']);
    expect(errors).not.toHaveBeenCalled();
    expect(unhandled).toEqual([]);
  });

  it('does not hang on a server that accepts and never answers', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as net.AddressInfo;
    const s = createRedisStore(`redis://127.0.0.1:${port}`, { log: quiet, connectTimeoutMs: 300 });
    const started = Date.now();
    await expect(s.get('x')).rejects.toBeInstanceOf(StoreUnavailable);
    expect(Date.now() - started).toBeLessThan(1_000);
    await s.close();
    silent.close();
    expect(unhandled).toEqual([]);
  });

  it('closes without waiting while Redis is away', async () => {
    const s = createRedisStore(outage.url, { log: quiet });
    await s.ping();
    await outage.kill();
    const started = Date.now();
    await s.close();
    expect(Date.now() - started).toBeLessThan(500);
  });
});
