import { CODE_CANCELLED, CODE_EXPIRED, CODE_PENDING, CODE_SUCCESS, DELIVERY_PATH } from '@oja/core';
import { messageKeyForCode } from '@oja/core/code-messages';
import { ClientError } from '../body';
import type { App, ServerContext } from '../context';
import { json } from '../respond';

/** A page id as the server writes them (sessions.ts served: 9 random bytes, base64url). */
const PAGE_ID = /^[\w-]{1,24}$/;
/** Most status requests one page may report: a day of polling every 2 s. */
const MAX_REPORTED_POLLS = 43_200;
/** A response code as the collections API writes them. */
const CODE = /^[A-Z0-9]{1,8}$/;

/** A code the checkout knows (spec core §4 and §8) is a label as given; any other is 'other', so labels stay few. */
const codeLabel = (code: string) =>
  [CODE_SUCCESS, CODE_PENDING, CODE_EXPIRED, CODE_CANCELLED].includes(code) || messageKeyForCode(code) !== 'core.error.default' ? code : 'other';

/**
 * POST /session/delivery?p=&page=&code=: may this page send the payment's result to the merchant? Yes once per
 * session, under its lock, whichever tab or instance asks first; no afterwards. A session the server no longer
 * knows (expired, a restarted memory store) answers yes: the page is the only one left that can deliver, and a
 * result delivered twice is one the merchant verifies twice, while one never delivered is a paid order lost.
 * The first yes of a known session is counted for the operators (by the page's channel, the code, and the way the
 * session's display mode says, never the page's word).
 */
export function deliveryRoute(app: App, { registry, sessions, metrics }: Pick<ServerContext, 'registry' | 'sessions' | 'metrics'>): void {
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
    if (record && deliver) {
      const id = c.req.query('channel') ?? '';
      const channel = !id ? 'none' : registry.channel(id) ? id : 'other';
      metrics.settled(channel, codeLabel(code), record.props.displayMode === 'REDIRECT' ? 'redirect' : 'message');
      // The page's status requests for this payment, told once with its result; a count past any real page's is not.
      const polls = Number(c.req.query('polls') ?? 0);
      if (Number.isInteger(polls) && polls > 0 && polls <= MAX_REPORTED_POLLS) metrics.polls(channel, polls);
    }
    return json(200, { deliver: deliver || !record });
  });
}
