import type { CheckoutCallbacks, CheckoutError, CheckoutResult } from './types';

/**
 * Calls a merchant's callback. What it throws is the merchant's own bug: it goes to the console, never back
 * into the SDK (which must keep its state) nor up into the page.
 */
export function call<A extends unknown[]>(fn: ((...args: A) => void) | undefined, ...args: A): void {
  try {
    fn?.(...args);
  } catch (e) {
    console.error('Oja Checkout: a callback threw', e);
  }
}

/** Sends an error to onError, or to the console when the merchant gave none. */
export function report(callbacks: CheckoutCallbacks, error: CheckoutError): void {
  if (callbacks.onError) call(callbacks.onError, error);
  else console.error(`Oja Checkout: ${error.message}`);
}

/** One opened checkout's callbacks, from loading to its one end. */
export interface Session {
  readonly ended: boolean;
  /** INITIALIZED: onLoad, once. */
  loaded(): void;
  /** COMPLETED: onComplete, once, unless the session has already ended. */
  complete(result: CheckoutResult): void;
  /** Closed without a result: onClose, unless the session has already ended. */
  close(): void;
  /** onError, unless the session has already ended. */
  fail(error: CheckoutError): void;
}

/**
 * A checkout ends exactly once: with a result (onComplete), closed (onClose) or failed (onError); whatever
 * comes after is ignored, so onComplete never follows onClose. `teardown` runs before the last callback, so
 * the merchant's page is its own again (overlay gone, focus back) when the callback runs.
 */
export function createSession(callbacks: CheckoutCallbacks, teardown: () => void): Session {
  let loaded = false;
  let ended = false;
  const end = (last: () => void) => {
    if (ended) return;
    ended = true;
    try {
      teardown();
    } finally {
      last();
    }
  };
  return {
    get ended() {
      return ended;
    },
    loaded() {
      if (loaded || ended) return;
      loaded = true;
      call(callbacks.onLoad);
    },
    complete: (result) => end(() => call(callbacks.onComplete, result)),
    close: () => end(() => call(callbacks.onClose)),
    fail: (error) => end(() => report(callbacks, error)),
  };
}
