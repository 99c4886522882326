import { CODE_CANCELLED, CODE_EXPIRED, CODE_PENDING, CODE_SUCCESS, RESULT_PATH } from '@oja/core';
import { messageKeyForCode } from '@oja/core/code-messages';
import type { App, ServerContext } from '../context';
import { empty } from '../respond';

/** A code the checkout knows (spec core §4 and §8) is a label as given; any other is 'other', so labels stay few. */
const codeLabel = (code: string) =>
  [CODE_SUCCESS, CODE_PENDING, CODE_EXPIRED, CODE_CANCELLED].includes(code) || messageKeyForCode(code) !== 'core.error.default' ? code : 'other';

/**
 * POST /session/result: the payer's page delivered its result to the merchant (core's result beacon). Counted once
 * per session, whatever the page sends again; its channel must be installed, and its way is the session's, not the
 * page's word.
 */
export function resultRoute(app: App, { registry, sessions, metrics }: Pick<ServerContext, 'registry' | 'sessions' | 'metrics'>): void {
  app.post(RESULT_PATH, async (c) => {
    let first = false;
    const s = await sessions.update(c.req.query('p') ?? '', (r) => {
      first = !r.delivered;
      r.delivered = true;
    });
    if (s && first) {
      const id = c.req.query('channel') ?? '';
      const channel = !id ? 'none' : registry.channel(id) ? id : 'other';
      metrics.settled(channel, codeLabel(c.req.query('code') ?? ''), s.props.displayMode === 'REDIRECT' ? 'redirect' : 'message');
    }
    // An unknown or forgotten session has nothing to count: answered alike, as the leave beacon is.
    return empty(204);
  });
}
