import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, missingKeys, setServerOffset, validateChannel } from '@oja/core';
import { callContext, cardFixture, CheckoutHarness, fakeHttp, pass, sampleProps, settle, testCheckout } from '@oja/testing';
import type { FakeRoute } from '@oja/testing';
import palmpay from './index';
import { messages } from './messages';
import { screenMessages } from './screenMessages';
import { checkStatus } from './api';
import { INITIALIZE_PATH, PAY_WINDOW_MS, STATUS_PATH, STATUS_POLL_MS, STATUS_TIMEOUT_MS } from './constants';

const INIT = `POST ${INITIALIZE_PATH}`;
const STATUS = `POST ${STATUS_PATH}`;
const PAGE = 'https://palmpay.example/pay?ref=1';
const WALLETS = {
  nonCardOptions: [
    { providerCode: 'CUSTOMER_WALLET', enabled: true, additionalInformation: { providers: [{ id: 5, code: 'PALMPAY', description: 'PalmPay' }] } },
  ],
};

describe('PalmPay plugin and calls', () => {
  it('is a valid wallet channel of type palmpay, without a row, available when listed; 2 s, 10 s and 5 minutes', () => {
    expect(validateChannel(palmpay)).toEqual([]);
    expect(palmpay).toMatchObject({ id: 'palmpay', code: 'PALMPAY', path: '/payment/palmpay', walletType: 'palmpay' });
    expect(palmpay.row).toBeUndefined();
    expect(palmpay.isAvailable(sampleProps(WALLETS))).toBe(true);
    expect(palmpay.isAvailable(sampleProps({ nonCardOptions: [] }))).toBe(false);
    expect([palmpay.status?.intervalMs, STATUS_POLL_MS, STATUS_TIMEOUT_MS, PAY_WINDOW_MS]).toEqual([2_000, 2_000, 10_000, 300_000]);
    for (const b of [messages, screenMessages]) expect([missingKeys(b.en, b.fr), missingKeys(b.fr, b.en)]).toEqual([[], []]);
  });

  it('asks the status by reference with a 10 s timeout: 00 and 01 final, any other code pending', async () => {
    const props = sampleProps(WALLETS);
    for (const [given, read] of [
      ['00', '00'],
      ['01', '01'],
      ['09', '09'],
      ['Z5', '09'],
    ]) {
      const http = fakeHttp({ [STATUS]: () => ({ responseCode: given }) });
      expect((await checkStatus(callContext(props, http))).code).toBe(read);
      expect(http.calls[0].body).toEqual({ reference: props.merchantTransactionReference, merchantCode: props.merchantCode });
      expect(http.calls[0].opts?.timeoutMs).toBe(STATUS_TIMEOUT_MS);
    }
  });
});

describe('PalmPay screen (companion §4 "PalmPay")', () => {
  beforeAll(async () => {
    await Promise.all([import('./Screen'), import('../../../core/src/ui/ResultScreen')]);
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    setServerOffset(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function mount(r: { init?: FakeRoute; status?: FakeRoute } = {}) {
    const http = fakeHttp({
      [INIT]: r.init ?? (() => ({ responseCode: '00', redirectUrl: PAGE, transactionReference: 'PP1' })),
      [STATUS]: r.status ?? (() => ({ responseCode: '09' })),
    });
    const checkout = testCheckout({ channels: [cardFixture, palmpay], http, props: WALLETS });
    render(<CheckoutHarness checkout={checkout} path="/payment/palmpay" />);
    return { http, checkout };
  }

  it('frames the page with 5 minutes left, counts down, and completes empty at zero, polling no more', async () => {
    const { http, checkout } = mount();
    await settle();
    expect(screen.getByTitle('PalmPay payment page').getAttribute('src')).toBe(PAGE);
    expect(screen.getByRole('timer').textContent).toContain('05:00');
    await pass(60_000);
    await settle();
    expect(screen.getByRole('timer').textContent).toContain('04:00');
    expect(checkout.state.result).toBeNull();
    await pass(PAY_WINDOW_MS - 60_000);
    await settle();
    expect(checkout.state.result?.responseCode).toBe('');
    const asked = http.calls.filter((c) => c.key === STATUS).length;
    expect(asked).toBeGreaterThan(100);
    await pass(STATUS_POLL_MS * 3);
    expect(http.calls.filter((c) => c.key === STATUS).length).toBe(asked);
    expect(http.calls.filter((c) => c.key === INIT)).toHaveLength(1);
  });

  it('completes with 00 from the status', async () => {
    const first = mount({ status: () => ({ responseCode: '00' }) });
    await settle();
    await pass(STATUS_POLL_MS);
    await settle();
    expect(first.checkout.state.result?.responseCode).toBe('00');
  });

  it('completes empty when initialise answers 01', async () => {
    const { checkout, http } = mount({ init: () => ({ responseCode: '01' }) });
    await settle();
    expect(checkout.state.result?.responseCode).toBe('');
    expect(http.calls.filter((c) => c.key === STATUS)).toHaveLength(0);
  });

  it('offers Try again after a failed initialise, with no countdown running', async () => {
    const { checkout } = mount({
      init: () => {
        throw new HttpError('down', 'http', 500);
      },
    });
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Unable to initiate payment. Please try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    await pass(PAY_WINDOW_MS + 1_000);
    expect(checkout.state.result).toBeNull();
  });
});
