import type { SandboxHttpRequest, SandboxReply } from '@oja/core';
import type { HomeTestCard } from './outside/homePage';
import type { SourceOrigins } from './page/sources';

/**
 * A collections API answered in this process instead of over the network: the app plugs one in (its sandbox) when
 * no real API base is configured. The server knows only this shape, never who implements it.
 */
export interface EmbeddedApi {
  /** The paths it answers, by prefix (e.g. '/api/'): routed to it on the checkout's own origin. */
  prefixes: readonly string[];
  /** Its answer to a request on one of its paths, undefined for a path it does not know; `drop` cuts the connection. */
  handle(req: SandboxHttpRequest): Promise<SandboxReply | undefined>;
  /** Pay request fields it takes beyond CONTRACT §2 (its test data), kept and echoed by a Try again. */
  requestFields: readonly string[];
  /** Each channel's page settings, by channel id (what CHECKOUT_CHANNEL_SETTINGS gives with a real API). */
  channelSettings: Record<string, Record<string, string>>;
  /** The outside sources' origins by key (what CHECKOUT_OUTSIDE_SOURCES gives with a real API). */
  sourceOrigins: SourceOrigins;
  /** The test cards the checkout's home page lists. */
  testCards: readonly HomeTestCard[];
  /** Told the checkout's own base as browsers reach it, once the server listens. */
  listening(checkoutBase: string): void;
}

/**
 * The platform's Response, taken before @hono/node-server puts its lighter one in the global's place (it does when a
 * server is created): that one keeps `status` and `ok` on its prototype, where redaxios (core's client), copying a
 * response's own enumerable fields, does not find them, and would read every refusal as a network error.
 */
const PlatformResponse = globalThis.Response;

/** The base the server's own calls to an embedded API name (answered in-process, never over a socket). */
export const EMBEDDED_API_BASE = 'http://embedded.internal';

/** A request to an embedded API as its handler takes it: headers as a plain record, the body already read. */
export function embeddedRequest(method: string, url: URL, headers: Headers, body: Record<string, unknown>): SandboxHttpRequest {
  return { method, url: `${url.pathname}${url.search}`, headers: Object.fromEntries(headers), body };
}

/**
 * The server's own calls to an embedded API, answered in-process as a `fetch` (core's client takes one): no socket,
 * no port to know. A `drop` reply is a network error, as over the network.
 */
export function inProcessFetch(api: Pick<EmbeddedApi, 'handle'>): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const headers = new Headers(init?.headers);
    const text = typeof init?.body === 'string' ? init.body : '';
    let body: Record<string, unknown> = {};
    if (text && (headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text) as Record<string, unknown>;
    else if (text) body = Object.fromEntries(new URLSearchParams(text));
    const signal = init?.signal ?? undefined;
    const aborted = () => new DOMException('The operation was aborted', 'AbortError');
    if (signal?.aborted) throw aborted();
    const reply = await new Promise<SandboxReply | undefined>((resolve, reject) => {
      const onAbort = () => reject(aborted());
      signal?.addEventListener('abort', onAbort, { once: true });
      api
        .handle({ ...embeddedRequest((init?.method ?? 'GET').toUpperCase(), url, headers, body), fromServer: true })
        .then(resolve, reject)
        .finally(() => signal?.removeEventListener('abort', onAbort));
    });
    if (!reply) return new PlatformResponse('Not found', { status: 404 });
    if ('drop' in reply) throw new TypeError('fetch failed');
    return new PlatformResponse(reply.bytes ?? reply.body, { status: reply.status, headers: reply.headers });
  };
}
