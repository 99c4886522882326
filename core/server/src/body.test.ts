import { afterEach, describe, expect, it, vi } from 'vitest';
import { BODY_READ_TIMEOUT_MS, ClientError, readBody, readBytes } from './body';

/** A POST whose body gives `first`, then waits for ever (a client sending slowly), or fails (a client gone). */
function slowRequest(first: string, end: 'wait' | 'abort'): Request {
  let pulls = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulls++ === 0) controller.enqueue(new TextEncoder().encode(first));
      else if (end === 'abort') controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      else return new Promise<void>(() => undefined);
    },
  });
  return new Request('http://checkout.test/pay', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '1000' },
    body,
    duplex: 'half',
  } as RequestInit);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('readBytes', () => {
  it(`answers 408 when the body is not all there within BODY_READ_TIMEOUT_MS (${BODY_READ_TIMEOUT_MS / 1000} s)`, async () => {
    vi.useFakeTimers();
    const read = readBytes(slowRequest('merchant_code=MX', 'wait'));
    const refused = expect(read).rejects.toMatchObject({ name: 'ClientError', status: 408 });
    await vi.advanceTimersByTimeAsync(BODY_READ_TIMEOUT_MS - 1);
    let settled = false;
    void read.catch(() => undefined).finally(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await refused;
  });

  it('takes a shorter deadline when given one', async () => {
    const started = Date.now();
    await expect(readBytes(slowRequest('a=1', 'wait'), 1024, 50)).rejects.toMatchObject({ status: 408 });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reads a body that arrives in time, and leaves no timer behind', async () => {
    vi.useFakeTimers();
    const bytes = await readBytes(new Request('http://checkout.test/pay', { method: 'POST', body: 'a=1&b=2' }));
    expect(bytes.toString()).toBe('a=1&b=2');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a client gone mid-body (an aborted upload) is a ClientError, never a fault with a stack', async () => {
    const e = await readBytes(slowRequest('merchant_code=MX', 'abort')).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ClientError);
    expect(e).toMatchObject({ status: 400, message: expect.stringMatching(/went away/) });
    await expect(readBody(slowRequest('a=1', 'abort'))).rejects.toBeInstanceOf(ClientError);
  });
});
