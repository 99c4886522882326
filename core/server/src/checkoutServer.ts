import type { Server } from 'node:http';
import { Hono } from 'hono';
import { createAdaptorServer } from '@hono/node-server';
import type { HttpBindings } from '@hono/node-server';
import type { Http } from '@oja/core';
import { createMemoryStore } from '@oja/store';
import type { Store } from '@oja/store';
import { BODY_READ_TIMEOUT_MS } from './body';
import { createContext } from './context';
import type { App, CheckoutServerOptions } from './context';
import type { Leaves } from './leaves';
import { logRequest } from './requestLog';
import { MAX_SESSIONS } from './sessions';
import type { Sessions } from './sessions';
import { assetsRoute } from './routes/assets';
import { channelStartedRoute } from './routes/channelStarted';
import { deliveryRoute } from './routes/delivery';
import { embeddedApiRoute } from './routes/embeddedApi';
import { errorsRoute } from './routes/errors';
import { gateRoute } from './routes/gate';
import { healthRoute } from './routes/health';
import { leaveRoute } from './routes/leave';
import { metricsRoute } from './routes/metrics';
import { openedRoute } from './routes/opened';
import { pagesRoute } from './routes/pages';
import { payRoute } from './routes/pay';
import { revisitRoute } from './routes/revisit';
import { sdkRoute } from './routes/sdk';

export type { CheckoutServerOptions } from './context';
export { parseChannelSettings } from './context';
export { PAY_PAGE_ATTEMPTS, PAY_PAGE_BACKOFF_MS, PAY_PAGE_BUDGET_MS, PAY_PAGE_TIMEOUT_MS } from './payment';
export { PREFETCH_TIMEOUT_MS } from './respondPage';
export { SDK_PATH } from './routes/sdk';

export interface CheckoutServer {
  /** The node HTTP server (not listening yet). */
  server: Server;
  /** The route table, answering web Requests (tests may call `app.request`). */
  app: App;
  /** The store as given (or the memory one made for it); the server's own operations go through it timed (metrics.ts). */
  store: Store;
  sessions: Sessions;
  leaves: Leaves;
  /** The collections API the server calls: the configured one, or the embedded one in-process. */
  api: Http;
  /** Stops the leave-cancel loop and lets go of the store (after the server has stopped taking requests). */
  close(): Promise<void>;
}

/** The pattern of the middleware every request passes (no route is registered under it). */
const EVERY_PATH = '/*';
/** Longest wait for a request's headers, ms (Node's default is 60 s): a client that sends them slowly holds a connection. */
export const HEADERS_TIMEOUT_MS = 10_000;
/** Longest wait for a whole request, ms: its headers, then its body (each route's reader also bounds the body). */
export const REQUEST_TIMEOUT_MS = HEADERS_TIMEOUT_MS + BODY_READ_TIMEOUT_MS;

/** A request line or header node's parser cannot read: its 4xx, written on the socket, without a stack trace in the log. */
function answerUnreadable(err: NodeJS.ErrnoException, socket: import('node:stream').Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
  const body = status.slice(4);
  socket.end(
    `HTTP/1.1 ${status}\r\ncontent-type: text/plain; charset=utf-8\r\ncache-control: no-store\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * The checkout's HTTP server: its routes, one module each (routes/), over what they share (context.ts), each
 * payment page planned once per request (plan.ts). CONTRACT §2 (pay), §3-4 (pages, beacons, SDK, the embedded API's
 * paths), §5 (health); then the pages outside a payment.
 */
export function createCheckoutServer(o: CheckoutServerOptions): CheckoutServer {
  const store = o.store ?? createMemoryStore({ maxEntries: MAX_SESSIONS });
  const ctx = createContext({ ...o, store });
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.use(EVERY_PATH, async (c, next) => {
    const started = performance.now();
    await next();
    // The matched route's pattern ('/assets/:name', '/payment/*'), never the URL: a bounded label. When it is still
    // this middleware's own, no route knew the path.
    const route = c.req.routePath === EVERY_PATH ? 'unmatched' : c.req.routePath;
    ctx.metrics.request(route, c.res.status, (performance.now() - started) / 1_000);
  });
  if (o.logRequest) {
    const write = o.logRequest;
    app.use('*', async (c, next) => {
      logRequest(c.env.incoming, c.env.outgoing, write);
      await next();
    });
  }
  assetsRoute(app, ctx);
  payRoute(app, ctx);
  revisitRoute(app, ctx);
  leaveRoute(app, ctx);
  openedRoute(app, ctx);
  gateRoute(app, ctx);
  deliveryRoute(app, ctx);
  channelStartedRoute(app, ctx);
  sdkRoute(app, ctx);
  healthRoute(app, ctx);
  metricsRoute(app, ctx);
  pagesRoute(app, ctx);
  embeddedApiRoute(app, ctx);
  errorsRoute(app, ctx);

  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  // Node answers 408 itself past these (it looks every 30 s, its connectionsCheckingInterval); each route's body
  // reader keeps its own, exact deadline (BODY_READ_TIMEOUT_MS).
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.on('clientError', answerUnreadable);
  server.on('listening', () => {
    const a = server.address();
    if (ctx.embedded && a && typeof a === 'object') ctx.embedded.listening(o.checkoutBase ?? `http://127.0.0.1:${a.port}`);
    ctx.leaves.start();
  });
  server.on('close', () => void ctx.leaves.stop());
  const { sessions, leaves, api } = ctx;
  return {
    server,
    app,
    store,
    sessions,
    leaves,
    api,
    async close() {
      await leaves.stop();
      await store.close();
    },
  };
}
