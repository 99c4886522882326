import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { availableChannels, HttpError, missingKeys, setServerOffset, validateChannel } from '@oja/core';
import { CheckoutHarness, callContext, fakeHttp, sampleProps, testCheckout, specMarkets } from '@oja/testing';
import type { FakeRoute } from '@oja/testing';
import transfer from './index';
import { messages } from './messages';
import { screenMessages } from './screenMessages';
import { generateAccount } from './api';
import { STATUS_POLL_MS, WAIT_MS, EXTENSION_MS, AUTO_COMPLETE_GRACE_MS } from './constants';

const ACCOUNT = {
  responseCode: '00',
  accountNumber: '9012345678',
  bankName: 'Oja Sandbox Bank',
  accountName: 'Oja Checkout - Shop',
  validityPeriodMins: 30,
};

describe('transfer plugin', () => {
  it('is a valid channel', () => {
    expect(validateChannel(transfer)).toEqual([]);
  });

  it('is available when the merchant offers TRANSFER, kept from UGX payments by the spec market rules', () => {
    expect(transfer.isAvailable(sampleProps({ nonCardOptions: [{ providerCode: 'TRANSFER', enabled: true }] }))).toBe(true);
    expect(transfer.isAvailable(sampleProps({ nonCardOptions: [{ providerCode: 'TRANSFER', enabled: false }] }))).toBe(false);
    expect(transfer.isAvailable(sampleProps({ nonCardOptions: [], paymentChannels: ['CARD'] }))).toBe(false);
    // Offered by its own rule, but core's market rule keeps it from UGX payments.
    expect(availableChannels([transfer], sampleProps({ currencyCode: '800' }), undefined, specMarkets)).toEqual([]);
  });

  it('has every string in en and fr', () => {
    for (const bundle of [messages, screenMessages]) {
      expect(missingKeys(bundle.en, bundle.fr)).toEqual([]);
      expect(missingKeys(bundle.fr, bundle.en)).toEqual([]);
    }
  });

  it('polls every 20 s and keeps going on 09, Z0 and S0', () => {
    expect(STATUS_POLL_MS).toBe(20_000);
    expect(transfer.status?.pendingCodes).toEqual(['09', 'Z0', 'S0']);
  });

  it('refuses an account answer that is not one', async () => {
    const props = sampleProps();
    const bad = fakeHttp({ 'POST /api/v1/virtualaccount/generate': () => ({ responseCode: '00', accountNumber: '<b>x</b>' }) });
    await expect(generateAccount(callContext(props, bad))).rejects.toMatchObject({ code: 'invalid' });
    const good = fakeHttp({ 'POST /api/v1/virtualaccount/generate': () => ACCOUNT });
    await expect(generateAccount(callContext(props, good))).resolves.toMatchObject({ accountNumber: '9012345678', validityPeriodMins: 30 });
    expect(good.calls[0].body).toMatchObject({
      paymentId: props.paymentId,
      amount: props.checkoutAmount,
      transactionReference: props.merchantTransactionReference,
    });
  });
});

describe('transfer screen', () => {
  beforeAll(async () => {
    // The lazily loaded screen and result screen, ready before the clock is faked.
    await Promise.all([import('./Screen'), import('../../../core/src/ui/ResultScreen')]);
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    setServerOffset(0);
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function mount(status: FakeRoute, generate: FakeRoute = () => ACCOUNT) {
    const http = fakeHttp({ 'POST /api/v1/virtualaccount/generate': generate, 'GET /api/v1/virtualaccount/status': status });
    const checkout = testCheckout({ channels: [transfer], http, props: { displayMode: 'POPUP' } });
    render(<CheckoutHarness checkout={checkout} path="/payment/transfer" />);
    return { http, checkout };
  }
  /** Lets promises, lazy imports and renders settle without moving the fake clock. */
  const flush = async () => {
    for (let i = 0; i < 25; i++)
      await act(async () => {
        await new Promise((r) => setImmediate(r));
      });
  };
  const advance = async (ms: number) => {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
    await flush();
  };
  const statusCalls = (http: ReturnType<typeof fakeHttp>) => http.calls.filter((c) => c.key === 'GET /api/v1/virtualaccount/status').length;

  it('shows the generated account, then waits and polls every 20 s until a final code', async () => {
    let code = '09';
    const { http, checkout } = mount(() => ({ responseCode: code }));
    await flush();
    expect(screen.getByText('9012345678')).toBeTruthy();
    expect(screen.getByText('Oja Sandbox Bank')).toBeTruthy();
    expect(screen.getByText('Valid for 30 minutes')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toMatch(/only once/);
    expect(statusCalls(http)).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'I have transferred' }));
    await advance(0);
    expect(screen.getByText('Confirming your transfer')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('10:00');
    expect(statusCalls(http)).toBe(1);
    await advance(STATUS_POLL_MS);
    expect(statusCalls(http)).toBe(2);
    await advance(STATUS_POLL_MS);
    expect(statusCalls(http)).toBe(3);
    code = '00';
    await advance(STATUS_POLL_MS);
    expect(checkout.state.result?.responseCode).toBe('00');
    await advance(STATUS_POLL_MS * 3);
    expect(statusCalls(http)).toBe(4);
  });

  it('offers three 5-minute extensions once the 10-minute wait runs out', async () => {
    mount(() => ({ responseCode: '09' }));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'I have transferred' }));
    await advance(WAIT_MS - 1000);
    expect(screen.queryByText('We have not received your transfer yet.')).toBeNull();
    await advance(1000);
    expect(screen.getByText('We have not received your transfer yet.')).toBeTruthy();
    for (let used = 0; used < 3; used++) {
      expect(screen.getByText(3 - used === 1 ? '1 extension left' : `${3 - used} extensions left`)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Wait 5 more minutes' }));
      await flush();
      expect(screen.getByRole('timer').textContent).toBe('05:00');
      await advance(EXTENSION_MS);
    }
    expect(screen.queryByRole('button', { name: 'Wait 5 more minutes' })).toBeNull();
    expect(screen.getByText(/We are still checking/)).toBeTruthy();
  });

  it('completes as expired at the account validity plus 5 minutes', async () => {
    const { checkout } = mount(() => ({ responseCode: '09' }));
    await flush();
    screen.getByText('9012345678');
    await advance(30 * 60_000 + AUTO_COMPLETE_GRACE_MS - 1000);
    expect(checkout.state.result).toBeNull();
    await advance(1000);
    expect(checkout.state.result?.responseCode).toBe('XS1');
  });

  it('shows Transaction Error with the 24-hour reversal note on a failed transfer, and Retry generates again', async () => {
    const generate = vi.fn(() => ACCOUNT);
    mount(() => ({ responseCode: '06' }), generate);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'I have transferred' }));
    await advance(0);
    expect(screen.getByText('Payment Failed')).toBeTruthy();
    expect(screen.getByText('Transaction Error')).toBeTruthy();
    expect(screen.getByText(/reversal can take up to 24 hours/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry payment' }));
    await flush();
    expect(screen.getByText('9012345678')).toBeTruthy();
    expect(generate).toHaveBeenCalledTimes(2);
  });

  it('shows the account the server prefetched without asking again, and expires from its generation time', async () => {
    const http = fakeHttp({ 'GET /api/v1/virtualaccount/status': () => ({ responseCode: '09' }) });
    const checkout = testCheckout({ channels: [transfer], http });
    checkout.state.prefetched = { transfer: { ...ACCOUNT, generatedAt: Date.now() - 10 * 60_000 } };
    render(<CheckoutHarness checkout={checkout} path="/payment/transfer" />);
    await flush();
    expect(screen.getByText('9012345678')).toBeTruthy();
    expect(http.calls.filter((c) => c.key.includes('generate'))).toEqual([]);
    expect(checkout.state.prefetched).toEqual({});
    await advance(20 * 60_000 + AUTO_COMPLETE_GRACE_MS);
    expect(checkout.state.result?.responseCode).toBe('XS1');
  });

  it('drops the account on its way when the payer changes payment method, and generates afresh when the payer comes back', async () => {
    const generate = vi.fn<FakeRoute>(() => ACCOUNT).mockImplementationOnce(() => new Promise(() => {}));
    const { http, checkout } = mount(() => ({ responseCode: '09' }), generate);
    await flush();
    expect(screen.getByText(/Generating your account number/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Change payment method' }));
    await flush();
    expect(http.calls[0].opts?.signal?.aborted).toBe(true);
    expect(checkout.visits.size).toBe(0);
    fireEvent.click(screen.getByRole('link', { name: /Pay with Transfer/ }));
    await flush();
    expect(screen.getByText('9012345678')).toBeTruthy();
    expect(generate).toHaveBeenCalledTimes(2);
  });

  it('says so when the account cannot be generated, and tries again', async () => {
    let fail = true;
    mount(
      () => ({ responseCode: '09' }),
      () => {
        if (fail) throw new HttpError('Network error', 'network');
        return ACCOUNT;
      },
    );
    await flush();
    expect(screen.getByRole('alert').textContent).toMatch('We could not generate an account for this payment.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await flush();
    expect(screen.getByText('9012345678')).toBeTruthy();
  });

  it.each([
    [new HttpError('HTTP 503', 'http', 503), 'Something went wrong! Please try again!'],
    [new HttpError('HTTP 429', 'http', 429), 'Something went wrong! Please try again in 1 minute!'],
    [new HttpError('Network error', 'network'), 'We could not reach the payment service. Check your connection and try again.'],
  ])('says why the account could not be generated (%s): "%s"', async (error, why) => {
    mount(
      () => ({ responseCode: '09' }),
      () => {
        throw error;
      },
    );
    await flush();
    expect(screen.getByRole('alert').textContent).toBe(`We could not generate an account for this payment. ${why}`);
  });

  it('tells the payer when status requests keep failing, and backs off', async () => {
    // Jitter at its middle: retries after 25 s, then 50 s.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { http } = mount(() => {
      throw new HttpError('HTTP 500', 'http', 500);
    });
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'I have transferred' }));
    await advance(0);
    expect(statusCalls(http)).toBe(1);
    await advance(25_000);
    expect(statusCalls(http)).toBe(2);
    expect(screen.getByText(/trouble confirming your payment/)).toBeTruthy();
    await advance(49_000);
    expect(statusCalls(http)).toBe(2);
    await advance(1_000);
    expect(statusCalls(http)).toBe(3);
  });
});
