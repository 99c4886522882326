import { CHANNEL_STARTED_PATH } from '@oja/core';
import type { App, ServerContext } from '../context';
import { empty } from '../respond';

/** Most channels one session counts as started: a payer tries a few; the list stays small whatever a page sends. */
const MAX_STARTED_PER_SESSION = 20;

/**
 * POST /session/channel?p=&channel=: the payer opened a channel's screen (core's beacon). Counted for the operators
 * once per session and channel, only for a session this checkout knows and a channel it has installed ('other'
 * otherwise), so a reload or a forged beacon adds nothing.
 */
export function channelStartedRoute(app: App, { registry, sessions, metrics }: Pick<ServerContext, 'registry' | 'sessions' | 'metrics'>): void {
  app.post(CHANNEL_STARTED_PATH, async (c) => {
    const id = c.req.query('channel') ?? '';
    const channel = registry.channel(id) ? id : 'other';
    let first = false;
    await sessions.update(c.req.query('p') ?? '', (s) => {
      const started = s.started ?? [];
      if (started.includes(channel) || started.length >= MAX_STARTED_PER_SESSION) return;
      s.started = [...started, channel];
      first = true;
    });
    if (first) metrics.started(channel);
    // An unknown or forgotten session has nothing to count: answered alike, as the leave beacon is.
    return empty(204);
  });
}
