import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './loadOnce';

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
