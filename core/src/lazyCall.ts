import type { StatusAnswer, StatusContext } from './plugin';
import { loadOnce } from './primitives/loadOnce';

/**
 * A function of a lazily loaded module, for calls that must start when they are made (a status check fired by
 * its timer): the first call loads the module, later ones run in the caller's task. A dynamic import() of a
 * module already loaded still resolves a task later, so the poller's request would leave one turn after its
 * timer, time enough for the page (or a test's clock) to move on.
 */
export type LazyCall<A extends unknown[], R> = ((...args: A) => Promise<R>) & {
  /** Loads the module now (a screen that will call soon), so that the first call, too, leaves in its caller's task. */
  preload(): Promise<void>;
};

export function lazyCall<M, A extends unknown[], R>(load: () => Promise<M>, call: (module: M, ...args: A) => Promise<R>): LazyCall<A, R> {
  // One fetch for every call; a failed one (a network error fetching the chunk) is tried again on the next call.
  const part = loadOnce(load);
  const fn = (...args: A): Promise<R> => {
    const loaded = part.current();
    if (loaded !== undefined) {
      try {
        return call(loaded, ...args);
      } catch (e) {
        return Promise.reject(e);
      }
    }
    return part().then((m) => call(m, ...args));
  };
  return Object.assign(fn, {
    preload: () =>
      part().then(
        () => undefined,
        () => undefined,
      ),
  });
}

/** Loads a channel's status check ahead of its first request, when the check is a lazyCall; anything else is left alone. */
export function preloadStatusCheck(check: unknown): void {
  const preload = (check as Partial<LazyCall<unknown[], unknown>> | undefined)?.preload;
  if (typeof preload === 'function') void preload();
}

/** The module a channel's status check lives in: its calls, loaded with the screen (or at the first check). */
export interface StatusModule {
  checkStatus(ctx: StatusContext): Promise<StatusAnswer>;
}

/** A channel's status check as ChannelPlugin.status.check wants it: `checkStatus` of a lazily loaded module. */
export function lazyStatusCheck(load: () => Promise<StatusModule>): LazyCall<[StatusContext], StatusAnswer> {
  return lazyCall(load, (m, ctx: StatusContext) => m.checkStatus(ctx));
}
