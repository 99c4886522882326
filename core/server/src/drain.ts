import type { Server } from 'node:http';

/** Longest a stopping instance waits for requests in flight, ms (a load balancer's deregistration delay is longer). */
export const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Stops taking connections and waits for the requests in flight to be answered, then resolves; after `timeoutMs`
 * it resolves anyway (a client holding a request open never keeps the instance from stopping). Idle keep-alive
 * connections are closed at once, so that they do not hold the drain.
 */
export function drain(servers: Server[], timeoutMs = DRAIN_TIMEOUT_MS): Promise<'drained' | 'timed out'> {
  return new Promise((resolve) => {
    let open = servers.length;
    if (!open) return resolve('drained');
    const timer = setTimeout(() => resolve('timed out'), timeoutMs);
    timer.unref();
    for (const server of servers) {
      server.close(() => {
        if (--open === 0) {
          clearTimeout(timer);
          resolve('drained');
        }
      });
      server.closeIdleConnections();
    }
  });
}
