import { describe, expect, it, vi } from 'vitest';
import { fakeHttp, testCheckout } from '@oja/testing';
import type { TestCheckoutOptions } from '@oja/testing';
import {
  AFTER_CANCEL_CALL_MS,
  CANCEL_REASON_DIALOG,
  CANCEL_REASON_LEAVE,
  changeMethod,
  complete,
  dismissNotification,
  METHODS_PATH,
  notify,
  NOTIFICATION_MS,
  selectChannel,
  setLocale,
} from './actions';
import { completeIfPaid, confirmCancel, retry } from './attemptActions';
import { withSession } from './checkout';
import { HttpError } from '../http';
import { CODE_ALREADY_PAID } from '../codes';
import { cardFixture, transferFixture } from '@oja/testing';

function checkout(o: TestCheckoutOptions = {}) {
  const c = testCheckout({ channels: [cardFixture, transferFixture], ...o });
  const navigate = vi.fn();
  c.navigate = navigate;
  return { c, navigate };
}

describe('constants', () => {
  it('match the spec', () => {
    expect(NOTIFICATION_MS).toBe(5_000);
    expect(AFTER_CANCEL_CALL_MS).toBe(500);
    expect(CANCEL_REASON_LEAVE).toBe('Return to merchant Site');
    expect(METHODS_PATH).toBe('/payment-methods');
  });
});

describe('withSession', () => {
  it('keeps the session token, and the language when not English', () => {
    expect(withSession({ session: 'abc' }, '/payment/card')).toBe('/payment/card?p=abc');
    expect(withSession({ session: 'abc' }, '/payment/card', 'en')).toBe('/payment/card?p=abc');
    expect(withSession({ session: 'abc' }, '/payment/card', 'fr')).toBe('/payment/card?p=abc&lang=fr');
    expect(withSession({ session: 'a&b=c' }, '/x')).toBe('/x?p=a%26b%3Dc');
  });

  it("names English when the browser's language is French, and leaves French out then", () => {
    expect(withSession({ session: 'abc', browserLocale: 'fr' }, '/payment/card', 'en')).toBe('/payment/card?p=abc&lang=en');
    expect(withSession({ session: 'abc', browserLocale: 'fr' }, '/payment/card', 'fr')).toBe('/payment/card?p=abc');
  });
});

describe('selectChannel', () => {
  it('clears the earlier state, records the channel and opens it in single mode', () => {
    const { c, navigate } = checkout({ result: { responseCode: '51' } });
    notify(c, 'old');
    selectChannel(c, transferFixture);
    expect(c.state.result).toBeNull();
    expect(c.state.notification).toBeNull();
    expect(c.state.channel).toBe('transfer');
    expect(c.state.props.isSinglePaymentMode).toBe(true);
    expect(c.state.attempt).toBe(1);
    expect(navigate).toHaveBeenCalledWith('/payment/transfer?p=test-session', { replace: false });
  });

  it('keeps the language in the route', () => {
    const { c, navigate } = checkout();
    setLocale(c, 'fr');
    selectChannel(c, cardFixture);
    expect(navigate).toHaveBeenCalledWith('/payment/card?p=test-session&lang=fr', { replace: false });
  });
});

describe('changeMethod', () => {
  it('leaves the channel for the method list', () => {
    const { c, navigate } = checkout({ channel: 'card' });
    changeMethod(c);
    expect(c.state.channel).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/payment-methods?p=test-session', { replace: false });
  });
});

describe('complete', () => {
  it('records the result with its code', () => {
    const { c } = checkout();
    c.state.cancelDialogOpen = true;
    complete(c, '00', { paymentReference: 'PR-1' });
    expect(c.state.result).toEqual({ paymentReference: 'PR-1', responseCode: '00' });
    expect(c.state.cancelDialogOpen).toBe(false);
  });

  it('the code given wins over a responseCode in the response', () => {
    const { c } = checkout();
    complete(c, '', { responseCode: '00' });
    expect(c.state.result?.responseCode).toBe('');
  });

  it('completes once: a later completion does not replace the first', () => {
    const { c } = checkout();
    complete(c, '00');
    complete(c, 'XS1');
    expect(c.state.result?.responseCode).toBe('00');
  });

  it('does nothing once the result was delivered', () => {
    const { c } = checkout();
    c.state.delivered = true;
    complete(c, '00');
    expect(c.state.result).toBeNull();
  });
});

describe('retry', () => {
  it('clears the result and reopens the channel in place', () => {
    const { c, navigate } = checkout({ channel: 'card', result: { responseCode: '51' } });
    retry(c);
    expect(c.state.result).toBeNull();
    expect(c.state.channel).toBe('card');
    expect(c.state.attempt).toBe(1);
    expect(navigate).toHaveBeenCalledWith('/payment/card?p=test-session', { replace: true });
  });

  it('goes to the method list when no channel is ongoing', () => {
    const { c, navigate } = checkout({ result: { responseCode: '51' } });
    retry(c);
    expect(navigate).toHaveBeenCalledWith('/payment-methods?p=test-session', { replace: true });
  });
});

describe('notify', () => {
  it('is an error for 5000 ms by default, each with its own id', () => {
    const { c } = checkout();
    notify(c, 'one');
    const first = c.state.notification!;
    expect(first).toMatchObject({ message: 'one', kind: 'ERROR', durationMs: 5_000 });
    notify(c, 'one');
    expect(c.state.notification!.id).not.toBe(first.id);
    notify(c, 'info', 'INFO', null);
    expect(c.state.notification).toMatchObject({ kind: 'INFO', durationMs: null });
    dismissNotification(c);
    expect(c.state.notification).toBeNull();
  });
});

describe('confirmCancel', () => {
  const noWait = vi.fn(() => Promise.resolve());

  it('sends the payment id and reason, waits 500 ms, completes with Z6', async () => {
    const http = fakeHttp({ 'POST /api/v1/pay/customerCancellation': () => ({ responseCode: 'Z6' }) });
    const { c } = checkout({ http });
    c.state.cancelDialogOpen = true;
    const order: string[] = [];
    const wait = vi.fn(async (ms: number) => {
      order.push(`wait ${ms} after ${http.calls.length} call(s)`);
    });
    await confirmCancel(c, wait);
    expect(http.calls.map((x) => [x.key, x.body])).toEqual([
      ['POST /api/v1/pay/customerCancellation', { paymentId: '4242001', customerCancellationReason: CANCEL_REASON_DIALOG }],
    ]);
    expect(order).toEqual(['wait 500 after 1 call(s)']);
    expect(c.state.result?.responseCode).toBe('Z6');
    expect(c.state.cancelDialogOpen).toBe(false);
  });

  it('is idempotent: confirms while one is under way send no second call', async () => {
    const http = fakeHttp({ 'POST /api/v1/pay/customerCancellation': () => ({ responseCode: 'Z6' }) });
    const { c } = checkout({ http });
    let resume!: () => void;
    const wait = vi.fn(() => new Promise<void>((r) => (resume = r)));
    const first = confirmCancel(c, wait);
    await Promise.all(Array.from({ length: 19 }, () => confirmCancel(c, wait)));
    expect(c.state.cancelling).toBe(true);
    resume();
    await first;
    await confirmCancel(c, wait);
    expect(http.calls).toHaveLength(1);
    expect(wait).toHaveBeenCalledTimes(1);
    expect(c.state.result?.responseCode).toBe('Z6');
  });

  it('replaces a failed result', async () => {
    const { c } = checkout({ http: fakeHttp({ 'POST /api/v1/pay/customerCancellation': () => ({}) }), result: { responseCode: '51' } });
    await confirmCancel(c, noWait);
    expect(c.state.result?.responseCode).toBe('Z6');
  });

  it('never reports a payment paid meanwhile (another tab) as cancelled: its success completes instead', async () => {
    const refusedPaid = () => Promise.reject(new HttpError('HTTP 409', 'http', 409, { responseCode: CODE_ALREADY_PAID }));
    const paidChannel = {
      ...transferFixture,
      status: { intervalMs: 20_000, check: async () => ({ code: '00', response: { paymentReference: 'P-9' } }) },
    };
    const { c } = checkout({
      http: fakeHttp({ 'POST /api/v1/pay/customerCancellation': refusedPaid }),
      channels: [cardFixture, paidChannel],
      channel: 'transfer',
    });
    c.state.cancelDialogOpen = true;
    expect(await confirmCancel(c, noWait)).toBe('paid');
    expect(c.state.result?.responseCode).toBe('00');
    expect(c.state.cancelDialogOpen).toBe(false);

    // A channel that cannot ask its status: nothing completes, nothing is cancelled, and the dialog can be used again.
    const card = checkout({ http: fakeHttp({ 'POST /api/v1/pay/customerCancellation': refusedPaid }), channel: 'card' }).c;
    expect(await confirmCancel(card, noWait)).toBe('paid');
    expect(card.state.result).toBeNull();
    expect(card.state.cancelling).toBe(false);
  });

  it.each(['00', '09', 'XS1'])('keeps a %s result', async (code) => {
    const { c } = checkout({ http: fakeHttp({ 'POST /api/v1/pay/customerCancellation': () => ({}) }), result: { responseCode: code } });
    c.state.cancelDialogOpen = true;
    await confirmCancel(c, noWait);
    expect(c.state.result?.responseCode).toBe(code);
    expect(c.state.cancelDialogOpen).toBe(false);
  });
});

describe('completeIfPaid', () => {
  const withStatus = (check: () => Promise<{ code: string; response: Record<string, unknown> }>) => ({
    ...transferFixture,
    status: { intervalMs: 20_000, check },
  });

  it("completes with the channel's 00 status answer", async () => {
    const { c } = checkout();
    const done = await completeIfPaid(
      c,
      withStatus(async () => ({ code: '00', response: { paymentReference: 'P-1' } })),
    );
    expect(done).toBe(true);
    expect(c.state.result).toEqual({ paymentReference: 'P-1', responseCode: '00' });
  });

  it('leaves the page as it is when the status is not 00, fails, or the channel has none', async () => {
    const { c } = checkout();
    expect(
      await completeIfPaid(
        c,
        withStatus(async () => ({ code: '09', response: {} })),
      ),
    ).toBe(false);
    expect(
      await completeIfPaid(
        c,
        withStatus(async () => Promise.reject(new Error('offline'))),
      ),
    ).toBe(false);
    expect(await completeIfPaid(c, { ...cardFixture, status: undefined })).toBe(false);
    expect(c.state.result).toBeNull();
  });
});
