import type { Http } from '@oja/core';
import type { PwaState } from './state';

// Kept apart from the state's module so that the status check (api.ts) loads without the screen's primitives.

/**
 * The state of the visit in progress, by the checkout's Http: core's status check hands the channel that Http,
 * so the check finds the bearer token the screen holds.
 */
const current = new WeakMap<Http, PwaState>();

/** Makes `state` the visit in progress; the returned function ends it (unless a newer visit took over). */
export function bindPwaState(http: Http, state: PwaState): () => void {
  current.set(http, state);
  return () => {
    if (current.get(http) === state) current.delete(http);
  };
}

/** The bearer token of the visit in progress, if it has one. */
export function tokenFor(http: Http): string | null {
  return current.get(http)?.start.response?.token ?? null;
}
