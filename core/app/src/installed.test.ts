import { describe, expect, it } from 'vitest';
import type { Http, PaymentProps, StatusContext } from '@oja/core';
import { loadInstalled } from './config';

/** The plugins oja.config.json lists, as the build assembles them. */
const installed = await loadInstalled();

/**
 * A status context that notes when the channel's code reads it. An answer that never comes keeps the checks
 * from going anywhere.
 */
function watchedContext() {
  const seen = { read: false };
  const never = () => new Promise<never>(() => undefined);
  const http: Http = { get: never, post: never };
  const ctx = {} as StatusContext;
  for (const [key, value] of Object.entries({
    http,
    props: { merchantCode: 'MX_DEMO', merchantTransactionReference: 'T1' } as PaymentProps,
    signal: new AbortController().signal,
  })) {
    Object.defineProperty(ctx, key, {
      enumerable: true,
      get: () => {
        seen.read = true;
        return value;
      },
    });
  }
  return { ctx, seen };
}

describe("the installed channels' status checks", () => {
  const polled = installed.channels.filter((c) => c.status);

  it('are there to test', () => {
    expect(polled.map((c) => c.id)).toEqual(expect.arrayContaining(['transfer', 'qr', 'ussd', 'pay-with-app']));
  });

  // Core's poller fires the check from its timer: the request must leave then, not a task later (an import()
  // of the channel's calls on each check would), or the interval between answer and request is not the spec's.
  it.each(polled.map((c) => [c.id, c] as const))("%s: once its code is in, runs it in the caller's task", async (_id, channel) => {
    const first = watchedContext();
    void channel.status!.check(first.ctx).catch(() => undefined);
    // The first call may load the channel's code.
    await expect.poll(() => first.seen.read).toBe(true);
    const next = watchedContext();
    void channel.status!.check(next.ctx).catch(() => undefined);
    expect(next.seen.read).toBe(true);
  });
});
