import { DELIVERY_PATH } from '@oja/core';
import { ClientError } from '../body';
import type { App, ServerContext } from '../context';
import { json } from '../respond';

/** A page id as the server writes them (sessions.ts served: 9 random bytes, base64url). */
const PAGE_ID = /^[\w-]{1,24}$/;
/** A response code as the collections API writes them. */
const CODE = /^[A-Z0-9]{1,8}$/;

/**
 * POST /session/delivery?p=&page=&code=: may this page send the payment's result to the merchant? Yes once per
 * session, under its lock, whichever tab or instance asks first; no afterwards. A session the server no longer
 * knows (expired, a restarted memory store) answers yes: the page is the only one left that can deliver, and a
 * result delivered twice is one the merchant verifies twice, while one never delivered is a paid order lost.
 */
export function deliveryRoute(app: App, { sessions }: Pick<ServerContext, 'sessions'>): void {
  app.post(DELIVERY_PATH, async (c) => {
    const page = c.req.query('page') ?? '';
    const code = c.req.query('code') ?? '';
    if (!PAGE_ID.test(page) || !CODE.test(code)) throw new ClientError(400, 'page and code are required');
    let deliver = false;
    const record = await sessions.update(c.req.query('p') ?? '', (s) => {
      if (s.delivered) return;
      s.delivered = { at: Date.now(), page, code };
      deliver = true;
    });
    return json(200, { deliver: deliver || !record });
  });
}
