import { createHash, timingSafeEqual } from 'node:crypto';
import type { App, ServerContext } from '../context';
import { plain } from '../respond';

/** Where Prometheus scrapes this instance (docs/operators/observe.md#metrics). */
export const METRICS_PATH = '/metrics';

/** Is this the `Authorization: Bearer <token>` header? Compared in constant time, so that timing tells nothing of the token. */
function bearerMatches(header: string | undefined, token: string): boolean {
  // Digests have one length whatever was sent, as timingSafeEqual wants.
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? ''), digest(token));
}

/**
 * GET /metrics: the instance's metrics in Prometheus' text format, only when a token is configured
 * (CHECKOUT_METRICS_TOKEN) and only to a scraper that sends it; without one the path is unknown, as any other.
 */
export function metricsRoute(app: App, { metrics, metricsToken }: Pick<ServerContext, 'metrics' | 'metricsToken'>): void {
  if (!metricsToken) return;
  app.get(METRICS_PATH, async (c) => {
    if (!bearerMatches(c.req.header('authorization'), metricsToken))
      return plain(401, 'Unauthorized', { 'www-authenticate': 'Bearer realm="metrics"' });
    return new Response(await metrics.registry.metrics(), {
      status: 200,
      headers: { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
    });
  });
}
