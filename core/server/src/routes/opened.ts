import { SESSION_OPENED_PATH } from '@oja/core';
import type { App, ServerContext } from '../context';
import { empty } from '../respond';

/** POST /session/opened: the page's shell hydrated in the payer's browser (core's beacon); the session keeps its full time. */
export function openedRoute(app: App, { sessions }: Pick<ServerContext, 'sessions'>): void {
  app.post(SESSION_OPENED_PATH, async (c) => {
    // An unknown or forgotten session has nothing to keep: answered alike, as the leave beacon is.
    await sessions.opened(c.req.query('p') ?? '');
    return empty(204);
  });
}
