import redaxios from 'redaxios';
import { observeServerDate } from './clock';

/** Default time a request may take before it is abandoned, ms. */
export const HTTP_TIMEOUT_MS = 30_000;

/** Every failed call becomes one of these: code 'network', 'timeout', 'aborted', 'invalid' or 'http'. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly code: 'network' | 'timeout' | 'aborted' | 'invalid' | 'http',
    readonly status = 0,
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface RequestOptions {
  params?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** What the answer is read as: JSON (default), or the raw bytes of a download (a receipt) as a Blob. */
  responseType?: 'json' | 'blob';
}

export interface Http {
  get<T = Record<string, unknown>>(path: string, opts?: RequestOptions): Promise<T>;
  post<T = Record<string, unknown>>(path: string, body?: unknown, opts?: RequestOptions): Promise<T>;
}

/**
 * The one HTTP client (STYLE §8). redaxios gives neither abort nor timeout and rejects with the response
 * object, so both are added here and every failure is turned into an HttpError.
 */
export function createHttp(base: string, fetchImpl: typeof fetch = (...a) => fetch(...a)): Http {
  async function request<T>(method: 'get' | 'post', path: string, body: unknown, opts: RequestOptions = {}): Promise<T> {
    const ctrl = new AbortController();
    const timeoutMs = opts.timeoutMs ?? HTTP_TIMEOUT_MS;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, timeoutMs);
    const onAbort = () => ctrl.abort();
    if (opts.signal?.aborted) ctrl.abort();
    opts.signal?.addEventListener('abort', onAbort);
    const params = opts.params && Object.fromEntries(Object.entries(opts.params).filter(([, v]) => v !== undefined));
    const sentAt = Date.now();
    try {
      const res = await redaxios<T>(base + path, {
        method,
        data: body,
        params,
        headers: opts.headers,
        responseType: opts.responseType ?? 'json',
        fetch: ((url: string, init: RequestInit) => fetchImpl(url, { ...init, signal: ctrl.signal })) as typeof fetch,
      });
      observeServerDate(res.headers?.get?.('date'), sentAt, Date.now());
      if (res.data === null || typeof res.data !== 'object') throw new HttpError('The server answered with no data', 'invalid', res.status);
      return res.data;
    } catch (e) {
      if (e instanceof HttpError) throw e;
      if (ctrl.signal.aborted) throw new HttpError(timedOut ? 'Request timed out' : 'Request aborted', timedOut ? 'timeout' : 'aborted');
      const r = e as { status?: number; data?: unknown };
      if (typeof r?.status === 'number' && r.status > 0) throw new HttpError(`HTTP ${r.status}`, 'http', r.status, r.data);
      if (e instanceof SyntaxError) throw new HttpError('The server answered with malformed data', 'invalid');
      throw new HttpError('Network error', 'network');
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    }
  }
  return {
    get: (path, opts) => request('get', path, undefined, opts),
    post: (path, body, opts) => request('post', path, body, opts),
  };
}
