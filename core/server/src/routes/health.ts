import type { App, ServerContext } from '../context';
import { json } from '../respond';

/** GET /healthz, a load balancer's question: can this instance serve (and reach its store)? */
export function healthRoute(app: App, { store }: Pick<ServerContext, 'store'>): void {
  app.get('/healthz', async () => {
    try {
      await store.ping();
      return json(200, { status: 'ok', store: store.kind });
    } catch {
      return json(503, { status: 'unavailable', store: store.kind });
    }
  });
}
