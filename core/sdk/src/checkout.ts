import type { CheckoutBases, CheckoutCallbacks, CheckoutHandle, CheckoutRequest } from './types';
import { CALLBACKS, checkoutError, validateRequest } from './request';
import { readMessage, SUCCESS_SHOWN_MS } from './messages';
import { createSession, report } from './session';
import { openInline } from './overlay';
import type { InlineView } from './overlay';
import { openPopup } from './popup';
import type { PopupView } from './popup';
import { postFields } from './dom';

/** How long after its frame has loaded the checkout may take to say it is ready, ms (then: unreachable). */
export const FRAME_READY_TIMEOUT_MS = 20_000;
/** The same for a popup, counted from its opening (its loading is not visible to the merchant's page), ms. */
export const POPUP_READY_TIMEOUT_MS = 60_000;

const NOTHING_OPEN: CheckoutHandle = { close() {} };
/** The checkout this page has open: one at a time. */
let current: { focus(): void } | null = null;

/**
 * Opens the checkout for a merchant's request (see CheckoutRequest). Never throws: every problem goes to
 * onError. INLINE and POPUP answer a handle that closes the checkout; REDIRECT leaves the page.
 */
export function open(request: CheckoutRequest, bases: CheckoutBases): CheckoutHandle {
  const callbacks: CheckoutCallbacks = {};
  let lang: unknown;
  try {
    lang = request?.lang;
    for (const name of CALLBACKS) if (typeof request?.[name] === 'function') (callbacks as Record<string, unknown>)[name] = request[name];
    const v = validateRequest(request, location.origin, bases);
    if (!v.ok) {
      report(callbacks, v.error, lang);
      return NOTHING_OPEN;
    }
    const { base, displayMode, fields } = v.request;
    const action = `${base}/pay`;
    if (displayMode === 'REDIRECT') {
      postFields(document, document.body, action, '_self', fields);
      return NOTHING_OPEN;
    }
    if (current) {
      current.focus();
      report(callbacks, checkoutError('ALREADY_OPEN', 'A checkout is already open on this page.'));
      return NOTHING_OPEN;
    }
    return embed(displayMode, action, base, fields, callbacks);
  } catch (e) {
    report(callbacks, checkoutError('UNEXPECTED', `The checkout could not open: ${String(e)}`), lang);
    return NOTHING_OPEN;
  }
}

function embed(
  displayMode: 'INLINE' | 'POPUP',
  action: string,
  origin: string,
  fields: Record<string, string>,
  callbacks: CheckoutCallbacks,
): CheckoutHandle {
  let inline: InlineView | null = null;
  let popup: PopupView | null = null;
  let ready = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const session = createSession(
    callbacks,
    () => {
      current = null;
      clearTimeout(timer);
      removeEventListener('message', onMessage);
      inline?.destroy();
      popup?.destroy();
    },
    fields.txn_ref,
    fields.lang,
  );
  // Whatever goes wrong inside a handler ends this checkout with onError, never as an exception in the page.
  const guard =
    <A extends unknown[]>(fn: (...args: A) => void) =>
    (...args: A) => {
      try {
        fn(...args);
      } catch (e) {
        session.fail(checkoutError('UNEXPECTED', String(e)));
      }
    };
  /** Until INITIALIZED: after `ms` without it, the checkout is unreachable. */
  const expectReady = (ms: number) => {
    if (ready || session.ended) return;
    clearTimeout(timer);
    timer = setTimeout(
      guard(() => session.fail(checkoutError('CHECKOUT_UNREACHABLE', `The checkout at ${origin} did not answer.`))),
      ms,
    );
  };
  const onMessage = guard((event: MessageEvent) => {
    const m = readMessage(event, { origin, source: inline ? inline.frameWindow() : popup?.window, txnRef: fields.txn_ref });
    if (!m) return;
    // A success stays on screen for the payer to read (its receipt); the merchant hears of it at once.
    if (m.type === 'COMPLETED') return session.complete(m.result, m.result.resp === '00' ? SUCCESS_SHOWN_MS : 0);
    ready = true;
    clearTimeout(timer);
    inline?.ready();
    session.loaded();
  });
  const close = guard(session.close);

  addEventListener('message', onMessage);
  if (displayMode === 'INLINE') {
    inline = openInline({ doc: document, action, fields, onCloseRequest: close, onFrameLoad: guard(() => expectReady(FRAME_READY_TIMEOUT_MS)) });
    current = { focus() {} };
  } else {
    popup = openPopup({ win: window, action, fields, onClosed: close });
    if (!popup) {
      session.fail(checkoutError('POPUP_BLOCKED', "The browser blocked the popup: open the checkout from the payer's click."));
      return NOTHING_OPEN;
    }
    const { window: w } = popup;
    current = { focus: () => w.focus() };
    expectReady(POPUP_READY_TIMEOUT_MS);
  }
  return { close };
}
