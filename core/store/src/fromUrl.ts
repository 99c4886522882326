import { createMemoryStore } from '@oja/store';
import type { MemoryStoreOptions, Store } from '@oja/store';
import { createRedisStore } from './redisStore';
import type { RedisStoreOptions } from './redisStore';

export { createRedisStore } from './redisStore';
export type { RedisStoreOptions, RedisStoreLogLine } from './redisStore';

/** The schemes a shared store is given by: Redis, plain or over TLS. */
const REDIS_SCHEMES = new Set(['redis:', 'rediss:']);

/**
 * The store CHECKOUT_SESSION_STORE names: unset or empty, the memory store of one instance (the default for
 * `npm start`, no Redis needed); `redis://HOST:PORT` or `rediss://…`, the Redis store every instance shares.
 * Anything else is refused with an Error naming the variable, never echoing the URL (it may hold a password).
 */
export function createStoreFromUrl(url: string | undefined, memoryOptions: MemoryStoreOptions, redisOptions?: RedisStoreOptions): Store {
  const given = url?.trim();
  if (!given) return createMemoryStore(memoryOptions);
  let scheme: string | undefined;
  try {
    scheme = new URL(given).protocol;
  } catch {
    scheme = undefined;
  }
  if (!scheme || !REDIS_SCHEMES.has(scheme)) {
    throw new Error(
      `CHECKOUT_SESSION_STORE must be a redis:// or rediss:// URL (or unset, for the in-memory store of one instance); got ${scheme ? `a ${scheme}// URL` : 'something that is not a URL'}`,
    );
  }
  return createRedisStore(given, redisOptions);
}
