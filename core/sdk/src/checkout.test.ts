import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openCheckout } from './index';
import { FRAME_READY_TIMEOUT_MS, POPUP_READY_TIMEOUT_MS } from './checkout';
import { MESSAGE_KEY, SUCCESS_SHOWN_MS } from './messages';
import { SAMPLE_RESULT } from './fixtures';
import { POPUP_CLOSED_POLL_MS } from './popup';
import { OVERLAY_TEXT } from './overlay';
import type { CheckoutHandle, CheckoutRequest } from './types';

const CHECKOUT = 'https://checkout.example';

interface Posted {
  action: string;
  target: string;
  fields: Record<string, string>;
}
let posted: Posted[];
const handles: CheckoutHandle[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  posted = [];
  // The form POST is the browser's business: recorded, not sent.
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    posted.push({ action: this.action, target: this.target, fields: Object.fromEntries(new FormData(this)) as Record<string, string> });
  });
  document.body.innerHTML = '<main><h1>Shop</h1><button id="pay">Pay</button></main><footer>Footer</footer>';
});
afterEach(() => {
  for (const h of handles.splice(0)) h.close();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('style');
});

function setup(extra: Partial<CheckoutRequest> = {}) {
  const callbacks = { onComplete: vi.fn(), onClose: vi.fn(), onLoad: vi.fn(), onError: vi.fn() };
  const request: CheckoutRequest = {
    merchant_code: 'MX_DEMO',
    pay_item_id: 'Default_Payable_MX_DEMO',
    txn_ref: 'ORDER-1',
    amount: '150000',
    currency: '566',
    site_redirect_url: `${location.origin}/return`,
    mode: 'TEST',
    checkoutBase: CHECKOUT,
    ...callbacks,
    ...extra,
  };
  (document.getElementById('pay') as HTMLButtonElement).focus();
  const handle = openCheckout(request);
  handles.push(handle);
  return { handle, ...callbacks };
}

const result: Record<string, string> = { ...SAMPLE_RESULT };
const initialized = { key: MESSAGE_KEY, messageType: 'INITIALIZED', data: {} };
const completed = (data: Record<string, string> = result) => ({ key: MESSAGE_KEY, messageType: 'COMPLETED', data });
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const frame = () => document.querySelector('iframe');
const closeControl = () => dialog()?.querySelector('button') ?? null;
const send = (data: unknown, source: unknown = frame()?.contentWindow, origin = CHECKOUT) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
/** The frame has loaded a document of another origin: the checkout, or the browser's error page. */
function frameLoaded() {
  Object.defineProperty(frame()!, 'contentDocument', { value: null, configurable: true });
  frame()!.dispatchEvent(new Event('load'));
}

describe('INLINE', () => {
  it('opens an accessible dialog over an inert, unscrollable page, with the focus inside, and POSTs the request into its frame', () => {
    setup({ cust_name: 'Ada <b>Obi</b>' });
    const d = dialog()!;
    expect(d.getAttribute('aria-modal')).toBe('true');
    expect(d.getAttribute('aria-label')).toBe('Checkout');
    expect(document.activeElement).toBe(closeControl());
    expect(closeControl()!.getAttribute('aria-label')).toBe('Close the checkout');
    expect(d.querySelector('[role="status"]')!.textContent).toBe('Loading the checkout…');
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(document.body.style.overflow).toBe('hidden');
    expect(['MAIN', 'FOOTER'].map((tag) => (document.querySelector(tag) as HTMLElement).inert)).toEqual([true, true]);
    // Not usable until the checkout says it is ready.
    expect(frame()!.inert).toBe(true);
    expect(posted).toEqual([
      {
        action: `${CHECKOUT}/pay`,
        target: frame()!.name,
        fields: expect.objectContaining({ txn_ref: 'ORDER-1', display_mode: 'INLINE', cust_name: 'Ada <b>Obi</b>' }),
      },
    ]);
    expect(posted[0].fields).not.toHaveProperty('mode');
    expect(posted[0].fields).not.toHaveProperty('checkoutBase');
    // The merchant's text is never markup.
    expect(document.querySelector('b')).toBeNull();
  });

  it('shows the checkout and calls onLoad on INITIALIZED', () => {
    const { onLoad } = setup();
    send(initialized);
    send(initialized);
    expect(onLoad).toHaveBeenCalledTimes(1);
    expect(dialog()!.querySelector('[role="status"]')).toBeNull();
    expect(frame()!.inert).toBe(false);
  });

  it('calls onComplete once with the result, and gives the page back', () => {
    const { onComplete, onClose } = setup();
    send(initialized);
    send(completed());
    send(completed());
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith(result);
    // The merchant knows at once; the payer reads the checkout's success screen, then has the page back.
    expect(dialog()).not.toBeNull();
    vi.advanceTimersByTime(SUCCESS_SHOWN_MS - 1);
    expect(dialog()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(document.getElementById('pay'));
    expect(document.documentElement.style.overflow).toBe('');
    expect((document.querySelector('main') as HTMLElement).inert).toBe(false);
  });

  it('a success closed before its time is up goes at once, and is no cancellation (no Z6, no onClose)', () => {
    const { onComplete, onClose } = setup();
    send(initialized);
    send(completed());
    closeControl()!.click();
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(document.getElementById('pay'));
    vi.advanceTimersByTime(SUCCESS_SHOWN_MS);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith(result);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a result other than 00 gives the page back at once (the checkout waited already)', () => {
    setup();
    send(initialized);
    send(completed({ ...result, resp: 'XS1' }));
    expect(dialog()).toBeNull();
  });

  it('closes on Escape: onComplete with Z6 then onClose, once each, and no other result afterwards', () => {
    const { onComplete, onClose } = setup();
    const frameWindow = frame()!.contentWindow;
    send(initialized);
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete.mock.calls[0][0]).toMatchObject({ resp: 'Z6', txnref: result.txnref });
    expect(onComplete.mock.invocationCallOrder[0]).toBeLessThan(onClose.mock.invocationCallOrder[0]);
    expect(dialog()).toBeNull();
    send(completed(), frameWindow);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(document.getElementById('pay'));
  });

  it('closes with its close control, or with the handle', () => {
    const first = setup();
    closeControl()!.click();
    expect(first.onClose).toHaveBeenCalledTimes(1);
    const second = setup();
    second.handle.close();
    second.handle.close();
    expect(second.onClose).toHaveBeenCalledTimes(1);
    expect(dialog()).toBeNull();
  });

  it('keeps Tab inside the dialog', () => {
    setup();
    const [start, end] = dialog()!.querySelectorAll<HTMLElement>('[tabindex="0"]');
    // Past the end, back to the close control; before the start, into the frame once it is ready.
    end.focus();
    expect(document.activeElement).toBe(closeControl());
    start.focus();
    expect(document.activeElement).toBe(closeControl());
    send(initialized);
    start.focus();
    expect(document.activeElement).toBe(frame());
  });

  it('ignores messages from another origin, another window, or of another shape', () => {
    const { onComplete, onLoad } = setup();
    send(completed(), frame()!.contentWindow, 'https://evil.example');
    send(completed(), window);
    send(initialized, window, CHECKOUT);
    send({ ...completed(), key: 'webpay' });
    send(completed({ ...result, txnref: 'SOMEONE-ELSE' }));
    expect(onComplete).not.toHaveBeenCalled();
    expect(onLoad).not.toHaveBeenCalled();
    expect(dialog()).not.toBeNull();
  });

  it('calls onError when the checkout does not say it is ready after its frame loaded', () => {
    const { onError, onClose } = setup();
    frameLoaded();
    vi.advanceTimersByTime(FRAME_READY_TIMEOUT_MS - 1);
    expect(onError).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'CHECKOUT_UNREACHABLE' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog()).toBeNull();
  });

  it('does not time out once the checkout is ready, whatever the frame loads next', () => {
    const { onError } = setup();
    send(initialized);
    frameLoaded();
    vi.advanceTimersByTime(10 * FRAME_READY_TIMEOUT_MS);
    expect(onError).not.toHaveBeenCalled();
    expect(dialog()).not.toBeNull();
  });

  it('opens one checkout at a time', () => {
    setup();
    const second = setup();
    expect(second.onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'ALREADY_OPEN' }));
    expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(1);
  });

  it('speaks French when the checkout does', () => {
    setup({ lang: 'fr' });
    expect(dialog()!.getAttribute('aria-label')).toBe('Paiement');
    expect(closeControl()!.getAttribute('aria-label')).toBe('Fermer le paiement');
  });

  it('never lets a merchant callback’s throw into the page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onClose } = setup({
      onComplete: () => {
        throw new Error('merchant bug');
      },
    });
    expect(() => send(completed())).not.toThrow();
    vi.advanceTimersByTime(SUCCESS_SHOWN_MS);
    expect(dialog()).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('validation', () => {
  it('calls onError naming the field, and opens nothing', () => {
    const open = vi.spyOn(window, 'open');
    const { onError } = setup({ amount: '15OO' });
    expect(onError).toHaveBeenCalledTimes(1);
    const error = onError.mock.calls[0][0];
    expect(error).toMatchObject({ code: 'INVALID_REQUEST', field: 'amount' });
    expect(error.message).toContain('amount');
    expect(dialog()).toBeNull();
    expect(posted).toEqual([]);
    expect(open).not.toHaveBeenCalled();
  });

  it("without onError, tells the payer in the overlay (the checkout's Incorrect Transaction words), and the console", () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    setup({ amount: '15OO', onError: undefined });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('amount'));
    expect(posted).toEqual([]);
    expect(frame()).toBeNull();
    const alert = dialog()?.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain(OVERLAY_TEXT.en.incorrect[0]);
    expect(alert?.textContent).toContain(OVERLAY_TEXT.en.incorrect[1]);
    expect(dialog()?.getAttribute('aria-labelledby')).toBe(alert?.querySelector('h2')?.id);
    expect(document.activeElement).toBe(closeControl());
    expect(document.querySelector('main')?.inert).toBe(true);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(dialog()).toBeNull();
    expect(document.querySelector('main')?.inert).toBe(false);
    expect(document.activeElement?.id).toBe('pay');
  });

  it("says it in the request's language, and closes with its close control", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onComplete, onClose } = setup({ amount: '-1', lang: 'fr', onError: undefined });
    expect(dialog()?.textContent).toContain(OVERLAY_TEXT.fr.incorrect[0]);
    expect(closeControl()?.getAttribute('aria-label')).toBe(OVERLAY_TEXT.fr.close);
    closeControl()?.click();
    expect(dialog()).toBeNull();
    // A checkout that never opened ends with its error: nothing more.
    expect(onComplete).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('without onError, a checkout that never answers says so in place of its frame', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setup({ onError: undefined });
    frameLoaded();
    vi.advanceTimersByTime(FRAME_READY_TIMEOUT_MS);
    expect(frame()).toBeNull();
    expect(dialog()?.querySelector('[role="alert"]')?.textContent).toContain(OVERLAY_TEXT.en.failed[0]);
  });

  it('never throws, even for no request at all', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => handles.push(openCheckout(undefined as unknown as CheckoutRequest))).not.toThrow();
  });
});

describe('POPUP', () => {
  function fakePopup() {
    const popup = { closed: false, focus: vi.fn(), close: vi.fn(() => void (popup.closed = true)) };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    return { popup, open };
  }

  it('opens a centred window, POSTs the request into it, and calls onLoad and onComplete from it', () => {
    const { popup, open } = fakePopup();
    const { onLoad, onComplete } = setup({ display_mode: 'POPUP' });
    const [, name, features] = open.mock.calls[0];
    expect(features).toMatch(/^popup=yes,width=\d+,height=\d+,left=\d+,top=\d+/);
    expect(posted).toEqual([{ action: `${CHECKOUT}/pay`, target: name, fields: expect.objectContaining({ display_mode: 'POPUP' }) }]);
    expect(popup.focus).toHaveBeenCalled();
    send(initialized, popup);
    send(completed(), popup);
    expect(onLoad).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith(result);
    // The payer reads the success screen, then is back on the merchant's page.
    expect(popup.close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SUCCESS_SHOWN_MS);
    expect(popup.close).toHaveBeenCalled();
  });

  it('calls onComplete (Z6) and onClose when the payer closes the window, and nothing after', () => {
    const { popup } = fakePopup();
    const { onClose, onComplete } = setup({ display_mode: 'POPUP' });
    send(initialized, popup);
    popup.closed = true;
    vi.advanceTimersByTime(POPUP_CLOSED_POLL_MS);
    expect(onClose).toHaveBeenCalledTimes(1);
    send(completed(), popup);
    vi.advanceTimersByTime(10 * POPUP_CLOSED_POLL_MS);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete.mock.calls[0][0]).toMatchObject({ resp: 'Z6' });
  });

  it('ignores messages from the overlay’s or any other window', () => {
    fakePopup();
    const { onComplete } = setup({ display_mode: 'POPUP' });
    send(completed(), window);
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('calls onError when the browser blocks the popup', () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { onError } = setup({ display_mode: 'POPUP' });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'POPUP_BLOCKED' }));
    expect(posted).toEqual([]);
    // Nothing is left open: the next payment may open.
    fakePopup();
    expect(setup({ display_mode: 'POPUP' }).onError).not.toHaveBeenCalled();
  });

  it('calls onError, and closes the window, when the checkout never says it is ready', () => {
    const { popup } = fakePopup();
    const { onError } = setup({ display_mode: 'POPUP' });
    vi.advanceTimersByTime(POPUP_READY_TIMEOUT_MS);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'CHECKOUT_UNREACHABLE' }));
    expect(popup.close).toHaveBeenCalled();
  });
});

describe('REDIRECT', () => {
  it('POSTs the request in place of the page', () => {
    const { onError } = setup({ display_mode: 'REDIRECT', site_redirect_url: 'https://shop.example/return' });
    expect(onError).not.toHaveBeenCalled();
    expect(posted).toEqual([
      {
        action: `${CHECKOUT}/pay`,
        target: '_self',
        fields: expect.objectContaining({ display_mode: 'REDIRECT', site_redirect_url: 'https://shop.example/return' }),
      },
    ]);
    expect(dialog()).toBeNull();
  });
});
