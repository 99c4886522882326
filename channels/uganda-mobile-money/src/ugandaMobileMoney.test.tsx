import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { availableChannels, CODE_ALREADY_PAID, HttpError, missingKeys, setServerOffset, validateChannel } from '@oja/core';
import { advance, callContext, cardFixture, CheckoutHarness, fakeHttp, sampleProps, settle, testCheckout } from '@oja/testing';
import type { FakeRoute } from '@oja/testing';
import ugandaMobileMoney from './index';
import { messages } from './messages';
import { screenMessages } from './screenMessages';
import { checkStatus, notifyPayment } from './api';
import { customerIdError, detailsOf } from './rules';
import { BILLERS, STATUS_POLL_MS } from './constants';
import { APPROVED, NOTIFY, PENDING, SENT, STATUS, UGX_PAYMENT } from './fixtures';

describe('Uganda mobile money plugin', () => {
  it("is a valid channel on the spec's route, with its own cancel wording", () => {
    expect(validateChannel(ugandaMobileMoney)).toEqual([]);
    expect(ugandaMobileMoney).toMatchObject({ id: 'uganda-mobile-money', code: 'UGANDA_MOBILE_MONEY', path: '/payment/uganda-mobile-money' });
    expect(ugandaMobileMoney.cancelDialog).toEqual({ subtitle: 'uganda-mobile-money.cancelSubtitle', close: 'uganda-mobile-money.cancelClose' });
    expect(messages.en['uganda-mobile-money'].row.title).toBe('Pay with Mobile Money');
  });

  it('is available for currency 800 when the merchant offers it, and disabled for every other currency (companion §5)', () => {
    expect(ugandaMobileMoney.isAvailable(sampleProps(UGX_PAYMENT))).toBe(true);
    expect(ugandaMobileMoney.isAvailable(sampleProps({ ...UGX_PAYMENT, nonCardOptions: [], paymentChannels: ['CARD', 'UGANDA_MOBILE_MONEY'] }))).toBe(
      true,
    );
    expect(
      ugandaMobileMoney.isAvailable(sampleProps({ ...UGX_PAYMENT, nonCardOptions: [{ providerCode: 'UGANDA_MOBILE_MONEY', enabled: false }] })),
    ).toBe(false);
    expect(ugandaMobileMoney.isAvailable(sampleProps({ ...UGX_PAYMENT, nonCardOptions: [], paymentChannels: ['CARD'] }))).toBe(false);
    for (const currencyCode of ['566', '840', '976', '404', '']) {
      expect(ugandaMobileMoney.isAvailable(sampleProps({ ...UGX_PAYMENT, currencyCode })), currencyCode).toBe(false);
    }
  });

  it('stays beside the card in the UGX market, and leaves the method list to the payer', () => {
    const props = sampleProps({ ...UGX_PAYMENT, paymentChannels: ['CARD', 'WALLET', 'TRANSFER', 'UGANDA_MOBILE_MONEY'] });
    expect(availableChannels([cardFixture, ugandaMobileMoney], props).map((c) => c.code)).toEqual(['CARD', 'UGANDA_MOBILE_MONEY']);
  });

  it('has every string in en and fr', () => {
    for (const bundle of [messages, screenMessages]) {
      expect(missingKeys(bundle.en, bundle.fr)).toEqual([]);
      expect(missingKeys(bundle.fr, bundle.en)).toEqual([]);
    }
  });

  it('polls every 2 s, pending only while the status answers 09 (companion §4, §9)', () => {
    expect(STATUS_POLL_MS).toBe(2_000);
    expect(ugandaMobileMoney.status?.intervalMs).toBe(STATUS_POLL_MS);
    expect(ugandaMobileMoney.status?.pendingCodes).toEqual(['09']);
  });
});

describe('Uganda mobile money rules and calls', () => {
  it('needs a biller and a number or wallet ID (spaces around it do not count), and knows MTN and Airtel only', () => {
    expect(BILLERS.map((b) => b.telco)).toEqual(['MTN', 'Airtel']);
    expect(detailsOf({ telco: '', customerId: '' })).toBeNull();
    expect(detailsOf({ telco: 'MTN', customerId: '' })).toBeNull();
    expect(detailsOf({ telco: 'MTN', customerId: '   ' })).toBeNull();
    expect(detailsOf({ telco: '', customerId: '0772123456' })).toBeNull();
    expect(detailsOf({ telco: 'Vodafone' as never, customerId: '0772123456' })).toBeNull();
    expect(detailsOf({ telco: 'MTN', customerId: ' 0772123456 ' })).toEqual({ telco: 'MTN', customerId: '0772123456' });
    expect(detailsOf({ telco: 'Airtel', customerId: 'wallet-7' })).toEqual({ telco: 'Airtel', customerId: 'wallet-7' });
  });

  it('says "Wallet ID is required" once the payer has left the number or wallet ID empty (spaces do not count)', () => {
    expect(customerIdError({ customerId: '', customerIdLeft: false })).toBeNull();
    expect(customerIdError({ customerId: '', customerIdLeft: true })).toBe('uganda-mobile-money.idRequired');
    expect(customerIdError({ customerId: '  ', customerIdLeft: true })).toBe('uganda-mobile-money.idRequired');
    expect(customerIdError({ customerId: '0772123456', customerIdLeft: true })).toBeNull();
    expect(screenMessages.en['uganda-mobile-money'].idRequired).toBe('Wallet ID is required');
  });

  it('posts the notification with the telco, the number, the payment and the checkout amount (surcharge included)', async () => {
    const props = sampleProps(UGX_PAYMENT);
    const http = fakeHttp({ [NOTIFY]: () => SENT });
    expect(await notifyPayment(callContext(props, http), { telco: 'Airtel', customerId: '0752123456' })).toEqual({ code: '09', response: SENT });
    expect(http.calls[0].body).toEqual({
      telco: 'Airtel',
      customerId: '0752123456',
      merchantCode: 'MX_DEMO',
      payableCode: 'Default_Payable_MX_DEMO',
      transactionReference: 'TXN-0001',
      amount: 520_000,
    });
  });

  it('refuses a notification or status answer without a code', async () => {
    const props = sampleProps(UGX_PAYMENT);
    const details = { telco: 'MTN', customerId: '0772123456' } as const;
    for (const answer of [{}, { responseCode: '' }, { responseCode: 9 }]) {
      await expect(notifyPayment(callContext(props, fakeHttp({ [NOTIFY]: () => answer })), details)).rejects.toMatchObject({ code: 'invalid' });
      await expect(checkStatus(callContext(props, fakeHttp({ [STATUS]: () => answer })))).rejects.toMatchObject({ code: 'invalid' });
    }
  });

  it('posts the status request with the merchant code and transaction reference', async () => {
    const http = fakeHttp({ [STATUS]: () => APPROVED });
    expect(await checkStatus(callContext(sampleProps(UGX_PAYMENT), http))).toEqual({ code: '00', response: APPROVED });
    expect(http.calls).toEqual([expect.objectContaining({ key: STATUS, body: { merchantCode: 'MX_DEMO', transactionReference: 'TXN-0001' } })]);
  });
});

describe('Uganda mobile money screen', () => {
  beforeAll(async () => {
    // The lazily loaded screen and result screen, ready before the clock is faked.
    await Promise.all([import('./Screen'), import('../../../core/src/ui/ResultScreen')]);
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    setServerOffset(0);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function mount(r: { notify?: FakeRoute; status?: FakeRoute } = {}, locale: 'en' | 'fr' = 'en') {
    const http = fakeHttp({ [NOTIFY]: r.notify ?? (() => SENT), [STATUS]: r.status ?? (() => PENDING) });
    const checkout = testCheckout({ channels: [cardFixture, ugandaMobileMoney], http, props: UGX_PAYMENT, env: { locale } });
    render(<CheckoutHarness checkout={checkout} path="/payment/uganda-mobile-money" />);
    return { http, checkout };
  }
  const count = (http: ReturnType<typeof fakeHttp>, key: string) => http.calls.filter((c) => c.key === key).length;
  const billerSelect = () => screen.getByRole('combobox', { name: 'Biller' }) as HTMLSelectElement;
  const numberField = () => screen.getByRole('textbox', { name: 'Mobile Number or Wallet ID' }) as HTMLInputElement;
  const payButton = () => screen.getByRole('button', { name: 'Pay UGX 5200' }) as HTMLButtonElement;
  /** Chooses the biller and types the number, then lets the form re-render (Pay follows the rule). */
  const fill = async (telco: string, number: string) => {
    fireEvent.change(billerSelect(), { target: { value: telco } });
    fireEvent.change(numberField(), { target: { value: number } });
    await settle();
  };
  /** Pay, its answer, then the poller's first request (a 0 ms timer). */
  const pressPay = async () => {
    fireEvent.click(payButton());
    await advance(0);
    await advance(0);
  };

  it('says "Wallet ID is required" under the field left empty, tied to it, and no more once it is filled', async () => {
    mount();
    await settle();
    expect(screen.queryByText('Wallet ID is required')).toBeNull();
    fireEvent.focus(numberField());
    fireEvent.blur(numberField());
    await settle();
    const message = screen.getByText('Wallet ID is required');
    expect(numberField().getAttribute('aria-invalid')).toBe('true');
    expect(numberField().getAttribute('aria-describedby')).toBe(message.id);
    await fill('MTN', '0772123456');
    expect(screen.queryByText('Wallet ID is required')).toBeNull();
  });

  it('shows the form of the spec, with Pay enabled only once a biller and a number are both given', async () => {
    const { http } = mount();
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Pay with Mobile Money' })).toBeTruthy();
    expect(screen.getByText('Enter your mobile money details below to continue.')).toBeTruthy();
    expect([...billerSelect().options].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Select your biller...'],
      ['MTN', 'MTN Mobile Money'],
      ['Airtel', 'Airtel Mobile Money'],
    ]);
    expect(numberField().placeholder).toBe('01023456789');
    expect(screen.getByRole('link', { name: 'Change payment method' })).toBeTruthy();

    expect(payButton().disabled).toBe(true);
    await fill('MTN', '');
    expect(payButton().disabled).toBe(true);
    await fill('', '0772123456');
    expect(payButton().disabled).toBe(true);
    await fill('MTN', '   ');
    expect(payButton().disabled).toBe(true);
    // Enter in the field while the rule is not met sends nothing either.
    fireEvent.submit(numberField().form!);
    await settle();
    await fill('Airtel', '0752123456');
    expect(payButton().disabled).toBe(false);
    expect(http.calls).toEqual([]);
  });

  it('sends the notification once, waits on 09 with the status every 2 s, and completes with the approval', async () => {
    let code = '09';
    const { http, checkout } = mount({ status: () => (code === '00' ? APPROVED : PENDING) });
    await settle();
    await fill('Airtel', ' 0752123456 ');
    await pressPay();
    expect(http.calls.filter((c) => c.key === NOTIFY).map((c) => c.body)).toEqual([
      expect.objectContaining({ telco: 'Airtel', customerId: '0752123456', amount: 520_000, transactionReference: 'TXN-0001' }),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Approve the payment on your phone' })).toBeTruthy();
    expect(
      screen.getByText(
        'We have sent a request for UGX 5200 to 0752123456 (Airtel Mobile Money). Enter your mobile money PIN on your phone to approve it: this page updates by itself.',
      ),
    ).toBeTruthy();
    expect(checkout.state.result).toBeNull();

    expect(count(http, STATUS)).toBe(1);
    await advance(STATUS_POLL_MS - 1);
    expect(count(http, STATUS)).toBe(1);
    await advance(1);
    expect(count(http, STATUS)).toBe(2);
    await advance(STATUS_POLL_MS);
    expect(count(http, STATUS)).toBe(3);
    code = '00';
    await advance(STATUS_POLL_MS);
    expect(checkout.state.result).toMatchObject({ responseCode: '00', paymentReference: 'OJA|UGMM|4242001' });
    await advance(STATUS_POLL_MS * 3);
    expect(count(http, STATUS)).toBe(4);
    expect(count(http, NOTIFY)).toBe(1);
  });

  it('completes with any other status code, S0 included: only 09 keeps it waiting', async () => {
    for (const code of ['05', 'S0', 'XS1']) {
      const { checkout } = mount({ status: () => ({ responseCode: code }) });
      await settle();
      await fill('MTN', '0772123456');
      await pressPay();
      expect(checkout.state.result?.responseCode, code).toBe(code);
      document.body.innerHTML = '';
    }
  });

  it('completes at once with any notification code but 09, asking no status', async () => {
    for (const code of ['14', '00', 'Z1']) {
      const { http, checkout } = mount({ notify: () => ({ responseCode: code, responseDescription: 'Refused' }) });
      await settle();
      await fill('MTN', '0772123456');
      await pressPay();
      expect(checkout.state.result).toMatchObject({ responseCode: code, responseDescription: 'Refused' });
      await advance(STATUS_POLL_MS * 2);
      expect(count(http, STATUS), code).toBe(0);
      document.body.innerHTML = '';
    }
  });

  it('completes with an empty code when the notification fails: network, 5xx, timeout or an answer without a code', async () => {
    const failures: FakeRoute[] = [
      () => {
        throw new HttpError('Network error', 'network');
      },
      () => {
        throw new HttpError('HTTP 500', 'http', 500, { responseCode: '96' });
      },
      () => {
        throw new HttpError('Timed out', 'timeout');
      },
      () => ({ responseDescription: 'no code' }),
    ];
    for (const notify of failures) {
      const { http, checkout } = mount({ notify });
      await settle();
      await fill('MTN', '0772123456');
      await pressPay();
      expect(checkout.state.result?.responseCode).toBe('');
      expect(count(http, STATUS)).toBe(0);
      document.body.innerHTML = '';
    }
    // The result says what the spec's default says, and offers Retry.
    const { checkout } = mount({
      notify: () => {
        throw new HttpError('Network error', 'network');
      },
    });
    await settle();
    await fill('MTN', '0772123456');
    await pressPay();
    await settle();
    expect(checkout.state.result?.responseCode).toBe('');
    expect(screen.getByRole('button', { name: 'Retry payment' })).toBeTruthy();
  });

  it('sends one notification however often Pay is pressed, and shows that it is sending', async () => {
    let answer!: (v: unknown) => void;
    const { http } = mount({ notify: () => new Promise((r) => (answer = r)) });
    await settle();
    await fill('MTN', '0772123456');
    const button = payButton();
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(button.form!);
    await settle();
    expect(screen.getByRole('heading', { name: 'Sending the payment request to your phone…' })).toBeTruthy();
    expect(count(http, NOTIFY)).toBe(1);
    answer(SENT);
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Approve the payment on your phone' })).toBeTruthy();
    expect(count(http, NOTIFY)).toBe(1);
  });

  it('a payer who changes method while the notification is on its way leaves nothing behind: no result, no polling', async () => {
    let answer!: (v: unknown) => void;
    const { http, checkout } = mount({ notify: () => new Promise((r) => (answer = r)) });
    await settle();
    await fill('MTN', '0772123456');
    fireEvent.click(payButton());
    await settle();
    fireEvent.click(screen.getByRole('link', { name: 'Change payment method' }));
    await settle();
    expect(http.calls.find((c) => c.key === NOTIFY)?.opts?.signal?.aborted).toBe(true);
    answer(SENT);
    await advance(STATUS_POLL_MS * 2);
    expect(checkout.state.result).toBeNull();
    expect(count(http, STATUS)).toBe(0);
  });

  it('refused because the payment was paid meanwhile: completes with its success', async () => {
    const { checkout } = mount({
      notify: () => {
        throw new HttpError('HTTP 409', 'http', 409, { responseCode: CODE_ALREADY_PAID });
      },
      status: () => APPROVED,
    });
    await settle();
    await fill('MTN', '0772123456');
    await pressPay();
    await settle();
    expect(checkout.state.result?.responseCode).toBe('00');
  });

  it('backs off on failing status requests, says it is still trying, and completes once an answer comes', async () => {
    // Half the jitter: core's backoff is then 1.25 x 2 s after one failure, 1.25 x 4 s after two.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    let fail = true;
    const { http, checkout } = mount({
      status: () => {
        if (fail) throw new HttpError('HTTP 503', 'http', 503);
        return APPROVED;
      },
    });
    await settle();
    await fill('MTN', '0772123456');
    await pressPay();
    expect(count(http, STATUS)).toBe(1);
    await advance(2_499);
    expect(count(http, STATUS)).toBe(1);
    await advance(1);
    expect(count(http, STATUS)).toBe(2);
    expect(screen.getByText(/We are having trouble confirming your payment/)).toBeTruthy();
    await advance(4_999);
    expect(count(http, STATUS)).toBe(2);
    fail = false;
    await advance(1);
    expect(count(http, STATUS)).toBe(3);
    expect(checkout.state.result?.responseCode).toBe('00');
  });

  it('speaks French', async () => {
    mount({}, 'fr');
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Payer par Mobile Money' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Opérateur' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Numéro de mobile ou identifiant de portefeuille' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Sélectionnez votre opérateur...' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Payer UGX 5200' })).toBeTruthy();
  });
});
