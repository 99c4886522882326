import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { availableChannels, HttpError, missingKeys, serverNow, setServerOffset, validateChannel } from '@oja/core';
import { advance, callContext, cardFixture, CheckoutHarness, fakeHttp, sampleProps, settle, testCheckout } from '@oja/testing';
import type { FakeRoute } from '@oja/testing';
import { visitOf } from '@oja/core/visit';
import drcMobileMoney from './index';
import { messages } from './messages';
import { screenMessages } from './screenMessages';
import { checkStatus, loadProviders, paymentBody, readAnswer } from './api';
import { SELECTED_BILLER_KEY, USSD_STARTED_KEY } from './constants';
import { FIRST_QUERY_MS, ORANGE_FIRST_QUERY_MS, POLL_TIMEOUT_MS, QUERY_INTERVAL_MS } from './timing';
import { canPay, namesMerchantCountry, numberError, orderCurrency, walletNumber } from './rules';
import { drcVisit, recallWait, rememberBiller, rememberStart } from './visit';
import { DRC_PROPS, PAYMENT, PROMPT_SENT, PROVIDER_LIST, PROVIDERS, QUERY, WALLET_REFUSED, queried } from './fixtures';

const ORANGE = { id: '101', provider: 'ORANGE' };
const VODACOM = { id: '102', provider: 'VODACOM' };
const AFRIMONEY = { id: '104', provider: 'AFRIMONEY' };

describe('DRC mobile money plugin', () => {
  it('is a valid channel at its path, with every string in en and fr', () => {
    expect(validateChannel(drcMobileMoney)).toEqual([]);
    expect(drcMobileMoney.path).toBe('/payment/drc-mobile-money');
    expect(drcMobileMoney.code).toBe('DRC_MOBILE_MONEY');
    for (const bundle of [messages, screenMessages]) {
      expect(missingKeys(bundle.en, bundle.fr)).toEqual([]);
      expect(missingKeys(bundle.fr, bundle.en)).toEqual([]);
    }
    expect(screenMessages.en['drc-mobile-money'].ussd.message).toBe('Kindly check your mobile phone and enter your pin.');
    expect(screenMessages.en['drc-mobile-money'].numberPlaceholder).toBe('902345678');
  });

  it('is offered when the merchant offers it; a DRC payment keeps only card and DRC mobile money (core market rule)', () => {
    expect(drcMobileMoney.isAvailable(sampleProps(DRC_PROPS))).toBe(true);
    expect(drcMobileMoney.isAvailable(sampleProps({ ...DRC_PROPS, nonCardOptions: [], paymentChannels: ['CARD'] }))).toBe(false);
    const props = sampleProps({ ...DRC_PROPS, paymentChannels: ['CARD', 'DRC_MOBILE_MONEY', 'POLLED'] });
    expect(availableChannels([cardFixture, drcMobileMoney], props).map((c) => c.id)).toEqual(['card', 'drc-mobile-money']);
  });

  it('asks first 4 s after the wait began (23 minutes for ORANGE), every 4 s after, and gives up 30 s in (ORANGE: 30 s after its first query)', () => {
    // A still clock: every deadline below is read at the same instant.
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 24, 12) });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const status = drcMobileMoney.status!;
    const props = sampleProps(DRC_PROPS);
    const at = (biller: string, startedAt = serverNow()) => ({ props, params: { biller, startedAt } });
    const timing = (t: typeof status.firstDelayMs, ctx: ReturnType<typeof at>) => (typeof t === 'function' ? t(ctx) : t);
    expect([FIRST_QUERY_MS, ORANGE_FIRST_QUERY_MS, POLL_TIMEOUT_MS, QUERY_INTERVAL_MS]).toEqual([4_000, 1_380_000, 30_000, 4_000]);
    expect(status.intervalMs).toBe(QUERY_INTERVAL_MS);
    for (const biller of ['VODACOM', 'AIRTEL', 'AFRIMONEY']) {
      expect(timing(status.firstDelayMs, at(biller))).toBe(4_000);
      expect(timing(status.timeoutMs, at(biller))).toBe(30_000);
    }
    expect(timing(status.firstDelayMs, at('ORANGE'))).toBe(1_380_000);
    expect(timing(status.firstDelayMs, at('orange '))).toBe(1_380_000);
    expect(timing(status.timeoutMs, at('ORANGE'))).toBe(1_410_000);
    // From the wait's start, not from now: a reload 10 s in keeps the deadlines; past them, nothing is left.
    expect(timing(status.firstDelayMs, at('VODACOM', serverNow() - 10_000))).toBe(0);
    expect(timing(status.timeoutMs, at('VODACOM', serverNow() - 10_000))).toBe(20_000);
    expect(timing(status.timeoutMs, at('VODACOM', serverNow() - 60_000))).toBe(0);
    expect(timing(status.firstDelayMs, at('ORANGE', serverNow() - 600_000))).toBe(780_000);
  });
});

describe('DRC mobile money rules (companion §5, §7, §9)', () => {
  it('upper-cases the number and prefixes it 243 for ORANGE, +243 for the other billers', () => {
    expect(walletNumber('ORANGE', '902345678')).toBe('243902345678');
    expect(walletNumber('Orange', '902345678')).toBe('243902345678');
    expect(walletNumber('VODACOM', '902345678')).toBe('+243902345678');
    expect(walletNumber('AIRTEL', '902345678')).toBe('+243902345678');
    expect(walletNumber('AFRIMONEY', '902345678')).toBe('+243902345678');
    expect(walletNumber('VODACOM', 'ab12cd')).toBe('+243AB12CD');
    expect(walletNumber('ORANGE', ' wallet-x9 ')).toBe('243WALLETX9');
  });

  it('never puts the country code twice, and drops the trunk 0 of a national number', () => {
    for (const typed of ['+243902345678', '00243902345678', '243902345678', '0902345678', '0902 345 678', '+243 902-345-678']) {
      expect(walletNumber('ORANGE', typed), typed).toBe('243902345678');
      expect(walletNumber('VODACOM', typed), typed).toBe('+243902345678');
    }
    // Not a DRC number's shape: kept as typed, prefixed.
    expect(walletNumber('VODACOM', '24390')).toBe('+24324390');
  });

  it('orders in USD for currency 840, CDF for anything else', () => {
    expect(orderCurrency('840')).toBe('USD');
    expect(orderCurrency('976')).toBe('CDF');
    expect(orderCurrency('566')).toBe('CDF');
  });

  it('names the merchant country for every biller but AFRIMONEY', () => {
    expect(namesMerchantCountry('ORANGE')).toBe(true);
    expect(namesMerchantCountry('VODACOM')).toBe(true);
    expect(namesMerchantCountry('AFRIMONEY')).toBe(false);
    expect(namesMerchantCountry('afrimoney')).toBe(false);
  });

  it('enables Pay once a biller is chosen and a number typed', () => {
    expect(canPay('', '')).toBe(false);
    expect(canPay('101', '')).toBe(false);
    expect(canPay('101', '   ')).toBe(false);
    expect(canPay('', '902345678')).toBe(false);
    expect(canPay('101', '902345678')).toBe(true);
  });

  it('says "Wallet ID is required" once the payer has left the number or wallet ID empty (spaces do not count)', () => {
    expect(numberError({ number: '', numberLeft: false })).toBeNull();
    expect(numberError({ number: '', numberLeft: true })).toBe('drc-mobile-money.idRequired');
    expect(numberError({ number: ' ', numberLeft: true })).toBe('drc-mobile-money.idRequired');
    expect(numberError({ number: '902345678', numberLeft: true })).toBeNull();
    expect(screenMessages.en['drc-mobile-money'].idRequired).toBe('Wallet ID is required');
  });
});

describe('DRC mobile money api', () => {
  const props = sampleProps(DRC_PROPS);

  it("asks for CD's list and keeps every biller's well-formed providers, once each", async () => {
    const http = fakeHttp({
      [PROVIDERS]: () => ({
        code: '00',
        data: [
          {
            providers: [
              { id: '101', provider: ' ORANGE ' },
              { id: 102, provider: 'VODACOM' },
              { id: '101', provider: 'ORANGE again' },
            ],
          },
          {
            providers: [
              { id: '', provider: 'No id' },
              { id: '105', provider: '' },
              { id: 'x y', provider: 'Space' },
              null,
              { id: '103', provider: 'AIRTEL' },
            ],
          },
          { name: 'no providers' },
        ],
      }),
    });
    expect(await loadProviders(callContext(props, http))).toEqual([ORANGE, VODACOM, { id: '103', provider: 'AIRTEL' }]);
    expect(http.calls[0].opts?.params).toEqual({ country: 'CD' });
  });

  it('takes a bare list too, and refuses an answer without a list or without a wallet', async () => {
    const of = (answer: unknown) => loadProviders(callContext(props, fakeHttp({ [PROVIDERS]: () => answer })));
    expect(await of([{ providers: [ORANGE] }])).toEqual([ORANGE]);
    await expect(of({ code: '00' })).rejects.toMatchObject({ code: 'invalid' });
    await expect(of({ code: '00', data: [] })).rejects.toMatchObject({ code: 'invalid' });
    await expect(of({ code: '00', data: [{ providers: [{ id: '1' }] }] })).rejects.toMatchObject({ code: 'invalid' });
  });

  it('sends the payment as the spec lists it: string paymentId, timestamp orderId, prefixed number, the provider as merchantId', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 24, 12) });
    setServerOffset(0);
    try {
      expect(paymentBody({ props }, { provider: ORANGE, number: '902345678' })).toEqual({
        merchantCode: 'MX_DEMO',
        payableCode: 'Default_Payable_MX_DEMO',
        transactionReference: 'TXN-0001',
        paymentId: '4242001',
        orderId: String(Date.UTC(2026, 10, 24, 12)),
        orderAmount: 150000,
        orderCurrency: 'CDF',
        customerMobileNumber: '243902345678',
        mobileWalletProvider: 'ORANGE',
        merchantId: '101',
        transType: 'PURCHASE',
        merchantCountry: 'CD',
      });
      expect(paymentBody({ props: { ...props, currencyCode: '840' } }, { provider: VODACOM, number: 'ab1' })).toMatchObject({
        orderCurrency: 'USD',
        customerMobileNumber: '+243AB1',
        merchantId: '102',
        merchantCountry: 'CD',
      });
      const afrimoney = paymentBody({ props }, { provider: AFRIMONEY, number: '902345678' });
      expect(afrimoney).not.toHaveProperty('merchantCountry');
      expect(afrimoney).toMatchObject({ customerMobileNumber: '+243902345678', merchantId: '104' });
    } finally {
      vi.useRealTimers();
    }
  });

  it("reads code and data into a result: the data's fields, the description, the code", () => {
    expect(readAnswer(queried('00'))).toEqual({
      code: '00',
      response: {
        paymentReference: 'OJA|DRC|4242001',
        retrievalReferenceNumber: 'RR42420011',
        amount: 150000,
        responseDescription: 'Approved by Financial Institution',
        responseCode: '00',
      },
    });
    expect(readAnswer({ code: '51', data: { responseCode: 'x' } }).response.responseCode).toBe('51');
    expect(readAnswer({ responseCode: '09' }).code).toBe('09');
    expect(() => readAnswer({ data: {} })).toThrow(HttpError);
    expect(() => readAnswer(null)).toThrow(HttpError);
  });

  it("queries with the payment's id as a string and the visit's biller upper-cased", async () => {
    const http = fakeHttp({ [QUERY]: () => queried('09') });
    const c = testCheckout({ channels: [drcMobileMoney], props: DRC_PROPS, http });
    const visit = visitOf(c.visits, drcVisit);
    const ctx = { props: c.state.props, http, signal: new AbortController().signal, visits: c.visits, visit };
    await expect(checkStatus(ctx)).rejects.toMatchObject({ code: 'invalid' });
    visit.state.biller = 'Orange';
    expect(await checkStatus(ctx)).toMatchObject({ code: '09' });
    expect(http.calls.map((x) => x.body)).toEqual([{ paymentId: '4242001', mobileWalletProvider: 'ORANGE' }]);
  });
});

describe("the tab's storage", () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps the chosen biller as selectedBiller, and the wait for its own payment only', () => {
    rememberBiller('ORANGE');
    expect(sessionStorage.getItem(SELECTED_BILLER_KEY)).toBe('ORANGE');
    expect(recallWait('4242001')).toEqual({ biller: 'ORANGE', startedAt: null });
    rememberStart('4242001', 1_700_000_000_000);
    expect(recallWait('4242001')).toEqual({ biller: 'ORANGE', startedAt: 1_700_000_000_000 });
    expect(recallWait('999')).toEqual({ biller: 'ORANGE', startedAt: null });
    sessionStorage.setItem(USSD_STARTED_KEY, '{broken');
    expect(recallWait('4242001')).toEqual({ biller: '', startedAt: null });
  });
});

describe('DRC mobile money screens', () => {
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

  interface Routes {
    providers?: FakeRoute;
    payment?: FakeRoute;
    query?: FakeRoute;
  }
  function mount(r: Routes = {}, path = '/payment/drc-mobile-money') {
    const http = fakeHttp({
      [PROVIDERS]: r.providers ?? (() => PROVIDER_LIST),
      [PAYMENT]: r.payment ?? (() => PROMPT_SENT),
      [QUERY]: r.query ?? (() => queried('09')),
    });
    // POPUP: a result is never form-posted away from the test's document.
    const checkout = testCheckout({ channels: [cardFixture, drcMobileMoney], http, props: { ...DRC_PROPS, displayMode: 'POPUP' } });
    render(<CheckoutHarness checkout={checkout} path={path} />);
    return { http, checkout };
  }
  const count = (http: ReturnType<typeof fakeHttp>, key: string) => http.calls.filter((c) => c.key === key).length;
  const billerSelect = () => screen.getByRole('combobox', { name: 'Biller' }) as HTMLSelectElement;
  const numberInput = () => screen.getByRole('textbox', { name: 'Mobile Number or Wallet ID' }) as HTMLInputElement;
  const payButton = () => screen.getByRole('button', { name: 'Pay CDF 1500' }) as HTMLButtonElement;
  /** Changes a field's value; the form re-renders from the visit's state. */
  async function choose(el: HTMLElement, value: string) {
    fireEvent.change(el, { target: { value } });
    await settle();
  }
  /** Fills the form and presses Pay; the answer and the USSD page's first render settle. */
  async function payWith(biller: { id: string }, number = '902345678') {
    await choose(billerSelect(), biller.id);
    await choose(numberInput(), number);
    fireEvent.click(payButton());
    await settle();
    await settle();
  }

  it('says "Wallet ID is required" under the number left empty, tied to it, and no more once it is typed', async () => {
    mount();
    await settle();
    expect(screen.queryByText('Wallet ID is required')).toBeNull();
    fireEvent.blur(numberInput());
    await settle();
    const message = screen.getByText('Wallet ID is required');
    expect(numberInput().getAttribute('aria-invalid')).toBe('true');
    expect(numberInput().getAttribute('aria-describedby')).toContain(message.id);
    await choose(numberInput(), '902345678');
    expect(screen.queryByText('Wallet ID is required')).toBeNull();
  });

  it('loads the providers with a spinner, then the form; Pay waits for a biller and a number', async () => {
    let answer!: (v: unknown) => void;
    const { http } = mount({ providers: () => new Promise((r) => (answer = r)) });
    await settle();
    expect(screen.getByRole('heading', { name: 'Loading the mobile money providers…' })).toBeTruthy();
    answer(PROVIDER_LIST);
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Pay with Mobile Money' })).toBeTruthy();
    expect(screen.getByText('Enter your mobile money details below to continue.')).toBeTruthy();
    expect([...billerSelect().options].map((o) => o.textContent)).toEqual(['Select your biller...', 'ORANGE', 'VODACOM', 'AIRTEL', 'AFRIMONEY']);
    expect(numberInput().placeholder).toBe('902345678');
    expect(payButton().disabled).toBe(true);
    expect(payButton().getAttribute('aria-describedby')).toBe('drc-pay-hint');
    await choose(billerSelect(), '101');
    expect(sessionStorage.getItem(SELECTED_BILLER_KEY)).toBe('ORANGE');
    expect(payButton().disabled).toBe(true);
    await choose(numberInput(), '  ');
    expect(payButton().disabled).toBe(true);
    await choose(numberInput(), '902345678');
    expect(payButton().disabled).toBe(false);
    expect(payButton().getAttribute('aria-describedby')).toBeNull();
    await choose(billerSelect(), '');
    expect(payButton().disabled).toBe(true);
    expect(count(http, PAYMENT)).toBe(0);
  });

  it('says "Something went wrong" when the list fails, and Retry loads it again', async () => {
    let fail = true;
    const { http } = mount({
      providers: () => {
        if (fail) throw new HttpError('HTTP 500', 'http', 500);
        return PROVIDER_LIST;
      },
    });
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    expect(screen.getByRole('link', { name: 'Change payment method' })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(billerSelect()).toBeTruthy();
    expect(count(http, PROVIDERS)).toBe(2);
  });

  it('sends one payment however often Pay is pressed; 00 opens the USSD page, which asks 4 s later, again on 09, and completes on 00', async () => {
    let answer!: (v: unknown) => void;
    let code = '09';
    const { http, checkout } = mount({ payment: () => new Promise((r) => (answer = r)), query: () => queried(code) });
    await settle();
    await choose(billerSelect(), '102');
    await choose(numberInput(), '902345678');
    const form = payButton().closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await settle();
    expect(screen.getByRole('heading', { name: 'Sending the payment request to your phone…' })).toBeTruthy();
    expect(count(http, PAYMENT)).toBe(1);
    expect(http.calls.find((c) => c.key === PAYMENT)?.body).toMatchObject({ customerMobileNumber: '+243902345678', mobileWalletProvider: 'VODACOM' });
    answer(PROMPT_SENT);
    await settle();

    expect(screen.getByRole('heading', { name: 'USSD Notification' })).toBeTruthy();
    expect(screen.getByText('Kindly check your mobile phone and enter your pin.')).toBeTruthy();
    expect(screen.getByText('We have sent a request for CDF 1500 to VODACOM number +243902345678.')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('00:30');
    expect(JSON.parse(sessionStorage.getItem(USSD_STARTED_KEY)!)).toMatchObject({ paymentId: '4242001' });
    await advance(FIRST_QUERY_MS - 1);
    expect(count(http, QUERY)).toBe(0);
    await advance(1);
    expect(count(http, QUERY)).toBe(1);
    await advance(QUERY_INTERVAL_MS);
    expect(count(http, QUERY)).toBe(2);
    code = '00';
    await advance(QUERY_INTERVAL_MS);
    expect(checkout.state.result).toMatchObject({ responseCode: '00', paymentReference: 'OJA|DRC|4242001' });
    expect(screen.getByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    await advance(60_000);
    expect(count(http, QUERY)).toBe(3);
    expect(count(http, PAYMENT)).toBe(1);
  });

  it('a payment answered 02 completes with 02 and the wallet failure message', async () => {
    const { http, checkout } = mount({ payment: () => WALLET_REFUSED });
    await settle();
    await payWith(VODACOM);
    expect(checkout.state.result).toMatchObject({ responseCode: '02', responseDescription: 'Mobile wallet payment failed' });
    expect(screen.getByText('Your mobile wallet could not complete the payment. Try again, or use another payment method.')).toBeTruthy();
    expect(count(http, QUERY)).toBe(0);
  });

  it('another code completes with the whole response', async () => {
    const { checkout } = mount({
      payment: () => ({ code: '51', description: 'Insufficient funds in the mobile wallet', data: { status: 'FAILED' } }),
    });
    await settle();
    await payWith(ORANGE);
    expect(checkout.state.result).toEqual({ responseCode: '51', responseDescription: 'Insufficient funds in the mobile wallet', status: 'FAILED' });
    expect(screen.getByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
  });

  it('a network error completes with an empty code and says why', async () => {
    const { checkout } = mount({
      payment: () => {
        throw new HttpError('Network error', 'network');
      },
    });
    await settle();
    await payWith(VODACOM);
    expect(checkout.state.result?.responseCode).toBe('');
    expect(screen.getByText('We could not reach the payment service. Check your connection and try again.')).toBeTruthy();
  });

  it('gives up 30 s after the prompt: "Oops…" with Retry back to the method list, and asks no more', async () => {
    const { http, checkout } = mount();
    await settle();
    await payWith(VODACOM);
    await advance(POLL_TIMEOUT_MS - 1);
    expect(screen.getByRole('heading', { name: 'USSD Notification' })).toBeTruthy();
    const asked = count(http, QUERY);
    expect(asked).toBe(7);
    await advance(1);
    expect(screen.getByRole('alert').textContent).toContain('Oops, something went wrong. Please try again.');
    await advance(60_000);
    expect(count(http, QUERY)).toBe(asked);
    expect(checkout.state.result).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(checkout.state.channel).toBeNull();
    expect(screen.getByRole('link', { name: /Mobile Money/ })).toBeTruthy();
  });

  it('ORANGE: nothing asked for 23 minutes; "Transaction in Progress" from the 30 s mark, counting down; then the query completes', async () => {
    let code = '09';
    const { http, checkout } = mount({ query: () => queried(code) });
    await settle();
    await payWith(ORANGE);
    expect(http.calls.find((c) => c.key === PAYMENT)?.body).toMatchObject({ customerMobileNumber: '243902345678', merchantCountry: 'CD' });
    await advance(POLL_TIMEOUT_MS);
    expect(screen.getByRole('heading', { name: 'Transaction in Progress' })).toBeTruthy();
    expect(screen.getByText(/ORANGE is confirming your payment/)).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('22:30');
    expect(screen.queryByRole('alert')).toBeNull();
    await advance(ORANGE_FIRST_QUERY_MS - POLL_TIMEOUT_MS - 1);
    expect(count(http, QUERY)).toBe(0);
    await advance(1);
    expect(http.calls.filter((c) => c.key === QUERY).map((c) => c.body)).toEqual([{ paymentId: '4242001', mobileWalletProvider: 'ORANGE' }]);
    expect(screen.getByRole('heading', { name: 'Transaction in Progress' })).toBeTruthy();
    code = '00';
    await advance(QUERY_INTERVAL_MS);
    expect(checkout.state.result?.responseCode).toBe('00');
  });

  it('ORANGE: still 09 30 s after its first query, the wait ends with "Oops…"', async () => {
    const { http } = mount();
    await settle();
    await payWith(ORANGE);
    await advance(ORANGE_FIRST_QUERY_MS + POLL_TIMEOUT_MS - 1);
    expect(screen.getByRole('heading', { name: 'Transaction in Progress' })).toBeTruthy();
    await advance(1);
    expect(screen.getByRole('alert').textContent).toContain('Oops, something went wrong. Please try again.');
    expect(count(http, QUERY)).toBe(8);
  });

  it('a query answered 02 completes with 02 and stops', async () => {
    const { http, checkout } = mount({ query: () => queried('02') });
    await settle();
    await payWith(VODACOM);
    await advance(FIRST_QUERY_MS);
    expect(checkout.state.result).toMatchObject({ responseCode: '02', messageKey: 'drc-mobile-money.walletFailed' });
    await advance(60_000);
    expect(count(http, QUERY)).toBe(1);
  });

  it('after a reload the USSD page waits on the kept biller with the kept deadlines', async () => {
    sessionStorage.setItem(SELECTED_BILLER_KEY, 'ORANGE');
    rememberStart('4242001', Date.now() - 10 * 60_000);
    const { http } = mount({}, '/payment/drc-mobile-money/ussd');
    await settle();
    expect(screen.getByRole('heading', { name: 'Transaction in Progress' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('13:00');
    await advance(13 * 60_000 - 1);
    expect(count(http, QUERY)).toBe(0);
    await advance(1);
    expect(count(http, QUERY)).toBe(1);
    expect(count(http, PROVIDERS)).toBe(0);
  });

  it('the USSD page with nothing to wait on goes to the form', async () => {
    mount({}, '/payment/drc-mobile-money/ussd');
    await settle();
    await settle();
    expect(billerSelect()).toBeTruthy();
  });
});
