import { LEAVE_PATH } from '@oja/core';
import type { App, ServerContext } from '../context';
import { empty } from '../respond';

/** POST /session/leave: the page went away (core's leave beacon); the payment is cancelled unless the payer comes back in time. */
export function leaveRoute(app: App, { sessions, leaves }: Pick<ServerContext, 'sessions' | 'leaves'>): void {
  app.post(LEAVE_PATH, async (c) => {
    const token = c.req.query('p') ?? '';
    const s = await sessions.get(token);
    // A page the payer has already replaced (reloaded, followed a link) says so after its successor was served.
    const from = c.req.query('page');
    const stale = !!(from && s?.pageId && from !== s.pageId);
    if (s && !stale) await leaves.schedule(token);
    return empty(204);
  });
}
