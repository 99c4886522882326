import { describe, expect, it, vi } from 'vitest';
import { SessionStore } from './sessions';

const session = (now: number) => ({ seenAt: now });

describe('SessionStore', () => {
  it('keeps at most max sessions, dropping the least recently used', () => {
    let now = 0;
    const dropped: number[] = [];
    const s = new SessionStore<{ seenAt: number; id?: number }>(3, 60_000, () => now, (v) => dropped.push(v.id!));
    for (const id of [1, 2, 3]) s.set(`s${id}`, { seenAt: now, id });
    now = 10;
    expect(s.get('s1')?.id).toBe(1); // s1 used: s2 is now the oldest
    s.set('s4', { seenAt: now, id: 4 });
    expect(s.size).toBe(3);
    expect(dropped).toEqual([2]);
    expect(s.get('s2')).toBeUndefined();
    expect(s.get('s1')?.id).toBe(1);
    for (let id = 5; id < 1_000; id++) s.set(`s${id}`, { seenAt: now, id });
    expect(s.size).toBe(3);
  });

  it('forgets a session unused for ttlMs, on use and on sweep', () => {
    let now = 0;
    const onDrop = vi.fn();
    const s = new SessionStore(10, 1_000, () => now, onDrop);
    s.set('a', session(now));
    s.set('b', session(now));
    now = 900;
    expect(s.get('b')).toBeDefined(); // b used at 900
    now = 1_500;
    expect(s.peek('a')).toBeUndefined();
    expect(s.get('a')).toBeUndefined();
    expect(onDrop).toHaveBeenCalledTimes(1);
    expect(s.get('b')).toBeDefined(); // 600 ms since used
    now = 3_000;
    s.sweep();
    expect(s.size).toBe(0);
    expect(onDrop).toHaveBeenCalledTimes(2);
  });

  it('peek does not mark a session used', () => {
    let now = 0;
    const s = new SessionStore(2, 1_000, () => now);
    s.set('a', session(now));
    s.set('b', session(now));
    s.peek('a');
    s.set('c', session(now));
    expect(s.peek('a')).toBeUndefined();
    expect(s.peek('b')).toBeDefined();
  });
});
