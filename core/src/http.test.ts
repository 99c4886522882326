import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttp, HTTP_TIMEOUT_MS, HttpError } from './http';
import { serverNow, setServerOffset } from './clock';

interface Seen {
  url: string;
  init: RequestInit;
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' }, ...init });

/** A fetch that records each call and answers with what `answer` returns. */
function fakeFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const impl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(url), init: init ?? {} });
    return answer(String(url), init ?? {});
  }) as unknown as typeof fetch;
  return { impl, seen };
}

/** A fetch that never answers but rejects, as a real one does, when its signal aborts. */
function hangingFetch() {
  const seen: Seen[] = [];
  const impl = ((url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Promise<Response>((_, reject) => {
      if (init.signal?.aborted) reject(new DOMException('The operation was aborted.', 'AbortError'));
      init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    });
  }) as unknown as typeof fetch;
  return { impl, seen };
}

async function failure(p: Promise<unknown>): Promise<HttpError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(HttpError);
    expect(e).toBeInstanceOf(Error);
    return e as HttpError;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  setServerOffset(0);
  vi.useRealTimers();
});

describe('createHttp', () => {
  it('GETs base + path with the defined params and answers the JSON body', async () => {
    const f = fakeFetch(() => json({ responseCode: '09' }));
    const http = createHttp('https://api.example', f.impl);
    const answer = await http.get('/api/v1/virtualaccount/status', {
      params: { merchantCode: 'MX_DEMO', transactionReference: 'T1', skipped: undefined },
    });
    expect(answer).toEqual({ responseCode: '09' });
    const url = new URL(f.seen[0].url);
    expect(url.origin + url.pathname).toBe('https://api.example/api/v1/virtualaccount/status');
    expect(Object.fromEntries(url.searchParams)).toEqual({ merchantCode: 'MX_DEMO', transactionReference: 'T1' });
    expect(f.seen[0].init.method).toBe('GET');
  });

  it('reads a download as a Blob when asked (a receipt)', async () => {
    const { impl } = fakeFetch(() => new Response(new Uint8Array([37, 80, 68, 70]), { status: 200, headers: { 'content-type': 'application/pdf' } }));
    const blob = await createHttp('', impl).get<Blob>('https://api.example/receipt.pdf', { responseType: 'blob' });
    expect(blob).toBeInstanceOf(Blob);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70]));
  });

  it('POSTs a JSON body with its headers', async () => {
    const f = fakeFetch(() => json({ responseCode: '00' }));
    const http = createHttp('', f.impl);
    await http.post('/api/v1/pay/customerCancellation', { paymentId: '42', customerCancellationReason: 'x' }, { headers: { 'x-trace': 'abc' } });
    const { url, init } = f.seen[0];
    expect(url).toBe('/api/v1/pay/customerCancellation');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ paymentId: '42', customerCancellationReason: 'x' });
    const headers = init.headers as Record<string, string>;
    expect(headers['content-type']).toBe('application/json');
    expect(headers['x-trace']).toBe('abc');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('turns an HTTP error status into code "http" with the status and body', async () => {
    const f = fakeFetch(() => json({ responseCode: '403', responseDescription: 'Invalid credentials' }, { status: 403 }));
    const e = await failure(createHttp('', f.impl).post('/api/v1/wallets', { username: 'a', password: 'b' }));
    expect(e.code).toBe('http');
    expect(e.status).toBe(403);
    expect(e.body).toEqual({ responseCode: '403', responseDescription: 'Invalid credentials' });
    expect(e.message).toBe('HTTP 403');
    expect(e.name).toBe('HttpError');
  });

  it('turns a 500 into code "http"', async () => {
    const f = fakeFetch(() => json({ responseCode: '96' }, { status: 500 }));
    const e = await failure(createHttp('', f.impl).get('/api/v1/qr/status'));
    expect([e.code, e.status]).toEqual(['http', 500]);
  });

  it('turns a network failure into code "network"', async () => {
    const f = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const e = await failure(createHttp('', f.impl).get('/api/v1/qr/status'));
    expect(e.code).toBe('network');
    expect(e.status).toBe(0);
  });

  it('gives up after timeoutMs with code "timeout", aborting the fetch', async () => {
    vi.useFakeTimers();
    const f = hangingFetch();
    const call = failure(createHttp('', f.impl).get('/api/v1/qr/status', { timeoutMs: 5_000 }));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(f.seen[0].init.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const e = await call;
    expect(e.code).toBe('timeout');
    expect(f.seen[0].init.signal!.aborted).toBe(true);
  });

  it('times out after HTTP_TIMEOUT_MS by default', async () => {
    vi.useFakeTimers();
    const f = hangingFetch();
    const call = failure(createHttp('', f.impl).get('/x'));
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(f.seen[0].init.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await call).code).toBe('timeout');
    expect(HTTP_TIMEOUT_MS).toBe(30_000);
  });

  it('leaves no timer behind after an answer', async () => {
    vi.useFakeTimers();
    const f = fakeFetch(() => json({ ok: true }));
    await createHttp('', f.impl).get('/x', { timeoutMs: 5_000 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an abort from the caller gives code "aborted" and aborts the fetch', async () => {
    const f = hangingFetch();
    const ctrl = new AbortController();
    const call = failure(createHttp('', f.impl).get('/x', { signal: ctrl.signal }));
    await Promise.resolve();
    ctrl.abort();
    const e = await call;
    expect(e.code).toBe('aborted');
    expect(f.seen[0].init.signal!.aborted).toBe(true);
  });

  it('a signal already aborted gives code "aborted"', async () => {
    const f = hangingFetch();
    const ctrl = new AbortController();
    ctrl.abort();
    expect((await failure(createHttp('', f.impl).get('/x', { signal: ctrl.signal }))).code).toBe('aborted');
  });

  it.each([
    ['null', 'null'],
    ['a number', '42'],
    ['a string', '"hello"'],
    ['malformed JSON', '{"responseCode": '],
    ['an empty body', ''],
  ])('refuses %s as the body with code "invalid"', async (_, body) => {
    const f = fakeFetch(() => new Response(body, { status: 200 }));
    const e = await failure(createHttp('', f.impl).get('/x'));
    expect(e.code).toBe('invalid');
  });

  describe('server clock', () => {
    const T = Date.UTC(2030, 5, 1, 8, 0, 0);
    const at = (offsetMs: number) => new Date(T + offsetMs).toUTCString();

    it("moves to the server's clock when its Date says this device is behind", async () => {
      vi.useFakeTimers();
      vi.setSystemTime(T);
      const f = fakeFetch(() => json({ ok: true }, { headers: { date: at(120_000) } }));
      await createHttp('', f.impl).get('/x');
      // Answered at once: the server's time was within the second the header names, at least 120 s ahead.
      expect(serverNow() - Date.now()).toBe(120_000);
    });

    it('follows a server behind this device too', async () => {
      vi.useFakeTimers();
      vi.setSystemTime(T);
      const f = fakeFetch(() => json({ ok: true }, { headers: { date: at(-60_000) } }));
      await createHttp('', f.impl).get('/x');
      // At most the end of the header's second: 59 s behind.
      expect(serverNow() - Date.now()).toBe(-59_000);
    });

    it('keeps the offset for a Date within the second it names', async () => {
      vi.useFakeTimers();
      for (const local of [T, T + 500, T + 999]) {
        vi.setSystemTime(local);
        const f = fakeFetch(() => json({ ok: true }, { headers: { date: at(0) } }));
        await createHttp('', f.impl).get('/x');
        expect(serverNow() - Date.now(), `at ${local - T} ms into the second`).toBe(0);
      }
    });

    it("keeps the offset for a slow answer whose Date the request's time allows", async () => {
      vi.useFakeTimers();
      vi.setSystemTime(T);
      // Stamped as the request arrived, the answer came 8 s later.
      const f = fakeFetch(async () => {
        await new Promise((r) => setTimeout(r, 8_000));
        return json({ ok: true }, { headers: { date: at(0) } });
      });
      const call = createHttp('', f.impl).get('/x', { timeoutMs: 30_000 });
      await vi.advanceTimersByTimeAsync(8_000);
      await call;
      expect(serverNow() - Date.now()).toBe(0);
    });

    it('ignores a missing or unreadable Date', async () => {
      vi.useFakeTimers();
      vi.setSystemTime(T);
      setServerOffset(5_000);
      for (const headers of [{}, { date: 'not a date' }] as Array<Record<string, string>>) {
        await createHttp('', fakeFetch(() => json({ ok: true }, { headers })).impl).get('/x');
        expect(serverNow() - Date.now()).toBe(5_000);
      }
    });
  });
});
