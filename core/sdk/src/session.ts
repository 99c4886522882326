import type { CheckoutCallbacks, CheckoutError, CheckoutResult } from './types';
import { RESULT_FIELDS } from './payRules';
import { openNotice } from './overlay';

/** The response code of a checkout the payer closed (or cancelled) before any result (CONTRACT §3, §6). */
export const CLOSED_RESP = 'Z6';
/** What that result's `desc` says. */
export const CLOSED_DESC = 'The payer closed the checkout.';

/**
 * The result a closed checkout ends with (CONTRACT §6): every result field a string, like the checkout's own
 * results, `resp` Z6, nothing approved. Nothing was paid through this window; verify on your server as always.
 */
export const closedResult = (txnref: string): CheckoutResult => ({
  ...(Object.fromEntries(RESULT_FIELDS.map((f) => [f, ''])) as CheckoutResult),
  txnref,
  amount: '0',
  apprAmt: '0',
  resp: CLOSED_RESP,
  desc: CLOSED_DESC,
});

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

/**
 * Sends an error to onError. A merchant who gave none (as most Web Checkout integrations) gets it in the console,
 * and the payer reads in an overlay, in the request's `lang`, that the payment could not open, rather than a
 * button that does nothing; except ALREADY_OPEN, whose checkout is on screen.
 */
export function report(callbacks: CheckoutCallbacks, error: CheckoutError, lang?: unknown): void {
  if (callbacks.onError) {
    call(callbacks.onError, error);
    return;
  }
  console.error(`Oja Checkout: ${error.message}`);
  if (error.code !== 'ALREADY_OPEN') openNotice(document, lang, error.code === 'INVALID_REQUEST');
}

/** One opened checkout's callbacks, from loading to its one end. */
export interface Session {
  readonly ended: boolean;
  /** INITIALIZED: onLoad, once. */
  loaded(): void;
  /**
   * COMPLETED: onComplete, once, unless the session has already ended. With `lingerMs`, onComplete comes at once and
   * the checkout stays on screen that long (its success screen), or until closed, before the teardown.
   */
  complete(result: CheckoutResult, lingerMs?: number): void;
  /** Closed without a result: onComplete with closedResult, then onClose, unless the session has already ended. */
  close(): void;
  /** onError, unless the session has already ended. */
  fail(error: CheckoutError): void;
}

/**
 * A checkout ends exactly once: with a result (onComplete), closed (onComplete with a Z6 result, then onClose,
 * CONTRACT §6) or failed (onError); whatever comes after is ignored, so a checkout has at most one onComplete and
 * it never follows onClose. `teardown` runs before the last callbacks, so the merchant's page is its own again
 * (overlay gone, focus back) when they run. `txnRef` is the request's, carried by the closed result;
 * `lang` the request's, for a notice to the payer (report).
 */
export function createSession(callbacks: CheckoutCallbacks, teardown: () => void, txnRef = '', lang?: string): Session {
  let loaded = false;
  let ended = false;
  /** The teardown a lingering success waits for (timer or close), once. */
  let lingering: (() => void) | null = null;
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
    complete(result, lingerMs) {
      if (!lingerMs) {
        end(() => call(callbacks.onComplete, result));
        return;
      }
      if (ended) return;
      ended = true;
      const timer = setTimeout(() => lingering?.(), lingerMs);
      lingering = () => {
        lingering = null;
        clearTimeout(timer);
        teardown();
      };
      call(callbacks.onComplete, result);
    },
    close: () =>
      lingering
        ? lingering()
        : end(() => {
            call(callbacks.onComplete, closedResult(txnRef));
            call(callbacks.onClose);
          }),
    fail: (error) => end(() => report(callbacks, error, lang)),
  };
}
