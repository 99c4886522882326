import { describe, expect, it, vi } from 'vitest';
import { lazyCall, lazyStatusCheck, preloadStatusCheck } from './lazyCall';
import { callContext, fakeHttp, sampleProps } from '@oja/testing/fixtures';

describe('lazyCall', () => {
  it('loads the module once, on the first call', async () => {
    const load = vi.fn(() => Promise.resolve({ twice: (n: number) => Promise.resolve(n * 2) }));
    const twice = lazyCall(load, (m, n: number) => m.twice(n));
    expect(load).not.toHaveBeenCalled();
    expect(await Promise.all([twice(1), twice(2)])).toEqual([2, 4]);
    expect(await twice(3)).toBe(6);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("once loaded, calls in the caller's task", async () => {
    const calls: number[] = [];
    const record = lazyCall(
      () => Promise.resolve({}),
      (_m, n: number) => {
        calls.push(n);
        return Promise.resolve(n);
      },
    );
    await record(1);
    void record(2);
    expect(calls).toEqual([1, 2]);
  });

  it('loads again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue({ v: 7 });
    const read = lazyCall(load, (m: { v: number }) => Promise.resolve(m.v));
    await expect(read()).rejects.toThrow('chunk failed');
    expect(await read()).toBe(7);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('turns a throw into a rejection', async () => {
    const fail = lazyCall(
      () => Promise.resolve({}),
      () => {
        throw new Error('bad');
      },
    );
    await expect(fail()).rejects.toThrow('bad');
    await expect(fail()).rejects.toThrow('bad');
  });

  it("preload() loads the module ahead, so that the first call, too, runs in the caller's task", async () => {
    const load = vi.fn(() => Promise.resolve({}));
    const calls: number[] = [];
    const record = lazyCall(load, (_m, n: number) => {
      calls.push(n);
      return Promise.resolve(n);
    });
    await record.preload();
    void record(1);
    expect(calls).toEqual([1]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preload() swallows a failed load, and the next call tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue({ v: 7 });
    const read = lazyCall(load, (m: { v: number }) => Promise.resolve(m.v));
    await expect(read.preload()).resolves.toBeUndefined();
    expect(await read()).toBe(7);
  });

  it('preloadStatusCheck preloads a lazyCall and leaves a plain function alone', async () => {
    const load = vi.fn(() => Promise.resolve({}));
    preloadStatusCheck(lazyCall(load, () => Promise.resolve(1)));
    expect(load).toHaveBeenCalledTimes(1);
    expect(() => preloadStatusCheck(() => Promise.resolve(1))).not.toThrow();
    expect(() => preloadStatusCheck(undefined)).not.toThrow();
  });
});

describe('lazyStatusCheck', () => {
  it("calls the loaded module's checkStatus with the context, loading it once", async () => {
    let loads = 0;
    const answer = { code: '00', response: {} };
    const check = lazyStatusCheck(async () => {
      loads += 1;
      return { checkStatus: async (ctx) => ({ ...answer, response: { txn: ctx.props.merchantTransactionReference } }) };
    });
    const ctx = callContext(sampleProps({ merchantTransactionReference: 'T1' }), fakeHttp({}));
    await expect(check(ctx)).resolves.toEqual({ code: '00', response: { txn: 'T1' } });
    await check(ctx);
    expect(loads).toBe(1);
  });
});
