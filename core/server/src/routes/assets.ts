import type { App, ServerContext } from '../context';
import { CSP_REPORT_PATH } from '../page/headers';
import { empty, plain } from '../respond';

/** The build's assets (listed at start), the favicon's no-content, and the pages' violation reports. */
export function assetsRoute(app: App, { asset, cspReport }: Pick<ServerContext, 'asset' | 'cspReport'>): void {
  app.get('/assets/:name', (c) => asset(c.req.raw, c.req.param('name')) ?? plain(404, 'Not found'));
  app.get('/favicon.ico', () => empty(204, { 'cache-control': 'public, max-age=86400' }));
  app.post(CSP_REPORT_PATH, (c) => cspReport(c.req.raw));
}
