import { describe, expect, it } from 'vitest';
import { createAsyncSlot, resetSlot, runSlot } from './asyncSlot';

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('async slot', () => {
  it('starts idle', () => {
    const slot = createAsyncSlot<string>();
    expect({ ...slot }).toEqual({ status: 'idle', response: null, error: null });
  });

  it('goes pending, then success with the response stored', async () => {
    const slot = createAsyncSlot<{ account: string }>();
    const d = deferred<{ account: string }>();
    const run = runSlot(slot, () => d.promise);
    expect(slot.status).toBe('pending');
    d.resolve({ account: '0123456789' });
    await expect(run).resolves.toEqual({ account: '0123456789' });
    expect(slot.status).toBe('success');
    expect(slot.response).toEqual({ account: '0123456789' });
    expect(slot.error).toBeNull();
  });

  it('goes pending, then error with the error stored', async () => {
    const slot = createAsyncSlot<string>();
    const failure = new Error('HTTP 500');
    await expect(runSlot(slot, () => Promise.reject(failure))).resolves.toBeUndefined();
    expect(slot.status).toBe('error');
    expect(slot.error).toBe(failure);
  });

  it('wraps a thrown non-Error in an Error', async () => {
    const slot = createAsyncSlot<string>();
    await runSlot(slot, () => Promise.reject('nope'));
    expect(slot.error).toBeInstanceOf(Error);
    expect(slot.error!.message).toBe('nope');
  });

  it('clears the error when run again, and stores the new response', async () => {
    const slot = createAsyncSlot<string>();
    await runSlot(slot, () => Promise.reject(new Error('first')));
    const d = deferred<string>();
    const run = runSlot(slot, () => d.promise);
    expect(slot.status).toBe('pending');
    expect(slot.error).toBeNull();
    d.resolve('second');
    await run;
    expect(slot.status).toBe('success');
    expect(slot.response).toBe('second');
    expect(slot.error).toBeNull();
  });

  it('reset returns it to idle', async () => {
    const slot = createAsyncSlot<string>();
    await runSlot(slot, () => Promise.resolve('done'));
    resetSlot(slot);
    expect({ ...slot }).toEqual({ status: 'idle', response: null, error: null });
  });

  it('a superseded run does not overwrite the later one', async () => {
    const slot = createAsyncSlot<string>();
    const slow = deferred<string>();
    const fast = deferred<string>();
    const first = runSlot(slot, () => slow.promise);
    const second = runSlot(slot, () => fast.promise);
    fast.resolve('fresh');
    await second;
    slow.resolve('stale');
    await expect(first).resolves.toBeUndefined();
    expect(slot.response).toBe('fresh');
    expect(slot.status).toBe('success');
  });

  it('a superseded run that fails leaves the later result alone', async () => {
    const slot = createAsyncSlot<string>();
    const slow = deferred<string>();
    const first = runSlot(slot, () => slow.promise);
    await runSlot(slot, () => Promise.resolve('fresh'));
    slow.reject(new Error('late failure'));
    await first;
    expect(slot.status).toBe('success');
    expect(slot.error).toBeNull();
  });

  it('a run still going when the slot is reset leaves it idle', async () => {
    const slot = createAsyncSlot<string>();
    const d = deferred<string>();
    const run = runSlot(slot, () => d.promise);
    resetSlot(slot);
    d.resolve('too late');
    await run;
    expect({ ...slot }).toEqual({ status: 'idle', response: null, error: null });
  });

  it('keeps separate slots apart', async () => {
    const a = createAsyncSlot<string>();
    const b = createAsyncSlot<string>();
    const da = deferred<string>();
    const ra = runSlot(a, () => da.promise);
    await runSlot(b, () => Promise.resolve('b'));
    da.resolve('a');
    await ra;
    expect(a.response).toBe('a');
    expect(b.response).toBe('b');
  });
});
