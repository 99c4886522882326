import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadOnce, whenLoaded } from './loadOnce';

const RETRY_MS = 2_000;
/** Lets the fake clock run `ms` and the promises settle. */
const pass = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

describe('loadOnce', () => {
  it('fetches once for every caller, and answers the module synchronously once here', async () => {
    const load = vi.fn(() => Promise.resolve({ name: 'marks' }));
    const marks = loadOnce(load);
    expect(marks.current()).toBeUndefined();
    const [a, b] = await Promise.all([marks(), marks()]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
    expect(marks.current()).toBe(a);
  });

  it('tries again after a failed fetch', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('here');
    const part = loadOnce(load);
    await expect(part()).rejects.toThrow('offline');
    expect(part.current()).toBeUndefined();
    await expect(part()).resolves.toBe('here');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('whenLoaded', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the module once loaded, tries again while the network fails it, and stops what it started', async () => {
    let fails = 2;
    const load = vi.fn(async () => {
      if (fails-- > 0) throw new TypeError('Failed to fetch dynamically imported module');
      return { n: 1 };
    });
    const stopped = vi.fn();
    const use = vi.fn(() => stopped);
    const stop = whenLoaded(load, use, RETRY_MS);
    await pass();
    expect(use).not.toHaveBeenCalled();
    await pass(RETRY_MS);
    expect(load).toHaveBeenCalledTimes(2);
    await pass(RETRY_MS);
    expect(use).toHaveBeenCalledWith({ n: 1 });
    stop();
    expect(stopped).toHaveBeenCalledTimes(1);
  });

  it('neither uses nor fetches again once stopped', async () => {
    const load = vi.fn(async () => {
      throw new TypeError('offline');
    });
    const use = vi.fn(() => () => {});
    const stop = whenLoaded(load, use, RETRY_MS);
    await pass();
    stop();
    await pass(RETRY_MS * 5);
    expect(load).toHaveBeenCalledTimes(1);
    expect(use).not.toHaveBeenCalled();
  });
});
