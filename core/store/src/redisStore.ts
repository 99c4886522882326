import { randomUUID } from 'node:crypto';
import { Redis, ReplyError } from 'ioredis';
import type { Result } from 'ioredis';
import { CLAIM_LIMIT, LOCK_LEASE_MS, LOCK_WAIT_MS, StoreBusy, StoreUnavailable } from '@oja/store';
import type { Store } from '@oja/store';

/** Where every key of one checkout lives, so that a Redis can be shared with other applications. */
export const REDIS_PREFIX = 'oja:';
/** How long one command may wait for Redis's answer before the store counts Redis as away, ms. */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;
/** How long one connection attempt may take, ms. */
export const REDIS_CONNECT_TIMEOUT_MS = 2_000;
/** The first reconnection's delay, doubled at each failure up to REDIS_RECONNECT_MAX_MS, ms. */
export const REDIS_RECONNECT_MIN_MS = 50;
/** The longest pause between two reconnection attempts: Redis back means the store back within this, ms. */
export const REDIS_RECONNECT_MAX_MS = 1_000;
/** The pause between two tries for a taken lock, before jitter (0.5 to 1.5 times this), ms. */
export const LOCK_RETRY_MS = 25;

export interface RedisStoreOptions {
  /** Put before every key (default REDIS_PREFIX, 'oja:'). */
  prefix?: string;
  /** Default REDIS_COMMAND_TIMEOUT_MS. */
  commandTimeoutMs?: number;
  /** Default REDIS_CONNECT_TIMEOUT_MS. */
  connectTimeoutMs?: number;
  /** Where connection loss and recovery are told, one JSON line each (default console.warn). */
  log?: (line: string) => void;
}

/** One line of the store's log: what happened to the connection, never a key or a value. */
export interface RedisStoreLogLine {
  time: string;
  level: 'warn' | 'info';
  event: 'store-unavailable' | 'store-recovered';
  store: 'redis';
  /** host:port, never the URL's password. */
  at: string;
  error?: string;
}

// Both scripts run whole inside Redis: no other client's command falls between their reads and writes.
/** Deletes a lock only when it still holds the caller's token: a holder whose lease ran out never frees another's. */
const RELEASE_LUA = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;
/** Takes the members due at ARGV[1] (ARGV[2] at most, earliest first) and removes them: each goes to one caller. */
const CLAIM_LUA = `local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])
for _, id in ipairs(ids) do redis.call('ZREM', KEYS[1], id) end
return ids`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    ojaReleaseLock(key: string, token: string): Result<number, Context>;
    ojaClaimDue(key: string, now: number, limit: number): Result<string[], Context>;
  }
}

/** Replies that mean "not now" (Redis starting or failing over), not a mistake in the command. */
const TEMPORARY_REPLY = /^(LOADING|BUSY|MASTERDOWN|TRYAGAIN|READONLY)\b/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where the URL points, for logs and errors: host:port, never its credentials. */
function placeOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '6379'}`;
  } catch {
    return 'redis';
  }
}

/**
 * The store any number of checkout instances share (CHECKOUT_SESSION_STORE=redis://…): values as JSON with PX
 * expiry, counters with INCR, leased locks (SET NX PX, freed by compare-and-delete), due work in one sorted set
 * per queue (score = due time) claimed by a script.
 *
 * When Redis is away every operation rejects at once with StoreUnavailable (no command waits in a queue, none is
 * sent twice), the connection is tried again and again with a backoff capped at REDIS_RECONNECT_MAX_MS, and the
 * store serves again as soon as Redis answers. The loss and the recovery are logged once each.
 */
export function createRedisStore(url: string, options: RedisStoreOptions = {}): Store {
  const {
    prefix = REDIS_PREFIX,
    commandTimeoutMs = REDIS_COMMAND_TIMEOUT_MS,
    connectTimeoutMs = REDIS_CONNECT_TIMEOUT_MS,
    log = (line: string) => console.warn(line),
  } = options;
  const at = placeOf(url);
  const valueKey = (key: string) => `${prefix}v:${key}`;
  const lockKey = (key: string) => `${prefix}lock:${key}`;
  const queueKey = (queue: string) => `${prefix}due:${queue}`;

  const client = new Redis(url, {
    // A payer's request fails fast rather than waiting for Redis to come back: nothing is queued while offline…
    enableOfflineQueue: false,
    // …a command in flight when the connection drops fails at once, and is never sent again (INCR, a claim and a
    // lock are not safe to repeat).
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: commandTimeoutMs,
    connectTimeout: connectTimeoutMs,
    // Never gives up: an instance outlives any Redis outage and serves again when it ends.
    retryStrategy: (times) => Math.min(REDIS_RECONNECT_MIN_MS * 2 ** Math.min(times, 16), REDIS_RECONNECT_MAX_MS),
  });
  client.defineCommand('ojaReleaseLock', { numberOfKeys: 1, lua: RELEASE_LUA });
  client.defineCommand('ojaClaimDue', { numberOfKeys: 1, lua: CLAIM_LUA });

  let closing = false;
  /** Whether Redis was last seen answering; undefined before the first attempt ends. */
  let up: boolean | undefined;
  const tell = (event: RedisStoreLogLine['event'], error?: unknown) => {
    const line: RedisStoreLogLine = {
      time: new Date().toISOString(),
      level: event === 'store-recovered' ? 'info' : 'warn',
      event,
      store: 'redis',
      at,
    };
    if (error) line.error = error instanceof Error ? error.message : String(error);
    log(JSON.stringify(line));
  };
  const down = (error?: unknown) => {
    if (closing || up === false) return;
    up = false;
    tell('store-unavailable', error);
  };
  // Every connection failure arrives here (and again at each failed reconnection): with a listener, ioredis never
  // reports it as unhandled, and the log tells it once.
  client.on('error', (e) => down(e));
  client.on('close', () => down());
  client.on('ready', () => {
    if (up === false) tell('store-recovered');
    up = true;
  });

  /**
   * The first connection's outcome: without an offline queue a command sent while it is under way would fail, so
   * the store's first operations wait for it (connectTimeoutMs at most). Later outages fail at once.
   */
  const firstAttempt = new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done).off('error', done).off('end', done);
      resolve();
    };
    const timer = setTimeout(done, connectTimeoutMs);
    client.once('ready', done).once('error', done).once('end', done);
  });

  /** Runs one command, turning every failure to reach Redis into StoreUnavailable; Redis's own errors pass. */
  const run = async <T>(command: () => Promise<T>): Promise<T> => {
    if (client.status !== 'ready') await firstAttempt;
    try {
      return await command();
    } catch (e) {
      if (e instanceof ReplyError && !TEMPORARY_REPLY.test((e as Error).message)) throw e;
      throw new StoreUnavailable(`Redis store at ${at} unavailable: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
  };
  const px = (ms: number) => Math.max(1, Math.ceil(ms));

  const store: Store = {
    kind: 'redis',
    async get<T>(key: string) {
      const json = await run(() => client.get(valueKey(key)));
      return json === null ? undefined : (JSON.parse(json) as T);
    },
    async set(key, value, { ttlMs, ifAbsent }) {
      const json = JSON.stringify(value);
      const ok = await run(() =>
        ifAbsent ? client.set(valueKey(key), json, 'PX', px(ttlMs), 'NX') : client.set(valueKey(key), json, 'PX', px(ttlMs)),
      );
      return ok === 'OK';
    },
    async delete(key) {
      return (await run(() => client.del(valueKey(key)))) > 0;
    },
    async increment(key) {
      return run(() => client.incr(valueKey(key)));
    },
    async withLock(key, fn, { leaseMs = LOCK_LEASE_MS, waitMs = LOCK_WAIT_MS } = {}) {
      const name = lockKey(key);
      const token = randomUUID();
      const deadline = Date.now() + waitMs;
      while ((await run(() => client.set(name, token, 'PX', px(leaseMs), 'NX'))) !== 'OK') {
        const left = deadline - Date.now();
        if (left <= 0) throw new StoreBusy(key);
        await sleep(Math.min(left, LOCK_RETRY_MS * (0.5 + Math.random())));
      }
      try {
        return await fn();
      } finally {
        // Redis away now: the lease frees the lock in its time, and fn's own outcome is what the caller needs.
        await run(() => client.ojaReleaseLock(name, token)).catch(() => undefined);
      }
    },
    async schedule(queue, id, dueAt) {
      await run(() => client.zadd(queueKey(queue), dueAt, id));
    },
    async unschedule(queue, id) {
      return (await run(() => client.zrem(queueKey(queue), id))) > 0;
    },
    async claimDue(queue, now, limit = CLAIM_LIMIT) {
      return run(() => client.ojaClaimDue(queueKey(queue), now, limit));
    },
    async ping() {
      await run(() => client.ping());
    },
    async close() {
      if (closing) return;
      closing = true;
      // QUIT lets Redis answer what is in flight; with Redis away there is nothing to wait for.
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
  return store;
}
