import { describe, expect, it } from 'vitest';
import { createMemoryStore } from './memoryStore';
import { storeContract } from './contract';

storeContract('memory store', () => createMemoryStore({ maxEntries: 1_000 }));

describe('memory store bounds', () => {
  it('drops the least recently used entry past maxEntries', async () => {
    const store = createMemoryStore({ maxEntries: 3 });
    for (const k of ['a', 'b', 'c']) await store.set(k, k, { ttlMs: 60_000 });
    await store.get('a');
    await store.set('d', 'd', { ttlMs: 60_000 });
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toBe('a');
    expect(store.size).toBe(3);
    await store.close();
  });

  it('counts scheduled work in its bound', async () => {
    const store = createMemoryStore({ maxEntries: 2 });
    await store.set('a', 1, { ttlMs: 60_000 });
    await store.set('b', 2, { ttlMs: 60_000 });
    await store.schedule('q', 'x', Date.now() + 1_000);
    expect(store.size).toBe(1);
    await store.close();
  });

  it('expires by its clock', async () => {
    let t = 1_000;
    const store = createMemoryStore({ maxEntries: 10, now: () => t });
    await store.set('a', 1, { ttlMs: 100 });
    t += 99;
    expect(await store.get('a')).toBe(1);
    t += 1;
    expect(await store.get('a')).toBeUndefined();
    await store.close();
  });
});
