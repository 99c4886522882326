// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createStoreFromUrl } from './fromUrl';

const memory = { maxEntries: 10 };

describe('createStoreFromUrl (CHECKOUT_SESSION_STORE)', () => {
  it('gives the memory store when unset or empty', async () => {
    for (const url of [undefined, '', '   ']) {
      const store = createStoreFromUrl(url, memory);
      expect(store.kind).toBe('memory');
      await store.close();
    }
  });

  it('gives the memory store its options', async () => {
    const store = createStoreFromUrl(undefined, { maxEntries: 1 });
    await store.set('a', 1, { ttlMs: 60_000 });
    await store.set('b', 2, { ttlMs: 60_000 });
    expect(await store.get('a')).toBeUndefined();
    await store.close();
  });

  it('gives the Redis store for redis:// and rediss:// URLs', async () => {
    // Nothing listens on port 1: the store is made (it connects in the background) and closed at once.
    for (const url of ['redis://127.0.0.1:1', 'rediss://user:secret@127.0.0.1:1/2']) {
      const store = createStoreFromUrl(url, memory, { log: () => undefined });
      expect(store.kind).toBe('redis');
      await store.close();
    }
  });

  it('refuses anything else with an error naming the variable, never echoing a password', () => {
    expect(() => createStoreFromUrl('memcached://user:secret@cache:11211', memory)).toThrow(
      /CHECKOUT_SESSION_STORE must be a redis:\/\/ or rediss:\/\/ URL.*memcached:\/\//,
    );
    expect(() => createStoreFromUrl('memcached://user:secret@cache:11211', memory)).not.toThrow(/secret/);
    expect(() => createStoreFromUrl('localhost:6379', memory)).toThrow(/CHECKOUT_SESSION_STORE/);
    expect(() => createStoreFromUrl('redis', memory)).toThrow(/not a URL/);
  });
});
