import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, missingKeys, setServerOffset, validateChannel } from '@oja/core';
import { callContext, cardFixture, CheckoutHarness, fakeHttp, pass, sampleProps, settle, testCheckout } from '@oja/testing';
import type { FakeRoute } from '@oja/testing';
import pocket from './index';
import { messages } from './messages';
import { screenMessages } from './screenMessages';
import { checkStatus, initiate } from './api';
import { validatePocketId } from './rules';
import { SUCCESS_REDIRECT_MS } from './constants';
import { APPROVED, INITIATE, INITIATED, PENDING, STATUS, WALLET_PAYMENT } from './fixtures';

describe('Pocket plugin', () => {
  it('is a valid channel on the spec route, without a method-list row, known to the wallet list as pocket', () => {
    expect(validateChannel(pocket)).toEqual([]);
    expect(pocket).toMatchObject({ id: 'pocket', code: 'POCKET', path: '/payment/pocket', walletType: 'pocket' });
    expect(pocket.row).toBeUndefined();
    expect(pocket.successView).toEqual({ deliverAfterMs: 5_000 });
    expect(SUCCESS_REDIRECT_MS).toBe(5_000);
  });

  it("is available when the merchant's customer-wallet option lists it", () => {
    expect(pocket.isAvailable(sampleProps(WALLET_PAYMENT))).toBe(true);
    const others = [
      { providerCode: 'CUSTOMER_WALLET', enabled: true, additionalInformation: { providers: [{ id: '1', code: 'OPAY', description: 'OPay' }] } },
    ];
    expect(pocket.isAvailable(sampleProps({ ...WALLET_PAYMENT, nonCardOptions: others }))).toBe(false);
    expect(pocket.isAvailable(sampleProps({ ...WALLET_PAYMENT, nonCardOptions: [{ providerCode: 'CUSTOMER_WALLET', enabled: false }] }))).toBe(false);
    expect(pocket.isAvailable(sampleProps({ ...WALLET_PAYMENT, nonCardOptions: [], paymentChannels: ['CARD'] }))).toBe(false);
  });

  it('has every string in en and fr', () => {
    for (const bundle of [messages, screenMessages]) {
      expect(missingKeys(bundle.en, bundle.fr)).toEqual([]);
      expect(missingKeys(bundle.fr, bundle.en)).toEqual([]);
    }
  });
});

describe('Pocket rules and calls', () => {
  it('needs a Pocket ID, not empty once trimmed (companion §5)', () => {
    for (const bad of ['', '   ', '\t']) expect(validatePocketId(bad), JSON.stringify(bad)).toEqual({ errorKey: 'pocket.idRequired' });
    expect(validatePocketId(' @ada ')).toEqual({ id: '@ada' });
    expect(validatePocketId('ada')).toEqual({ id: 'ada' });
  });

  it('initiates with the payment and the Pocket ID as walletId', async () => {
    const http = fakeHttp({ [INITIATE]: () => INITIATED });
    const props = sampleProps(WALLET_PAYMENT);
    await initiate(callContext(props, http), '@ada');
    expect(http.calls[0].body).toEqual({
      merchantCode: props.merchantCode,
      payableCode: props.payableCode,
      currencyCode: '566',
      transactionReference: props.merchantTransactionReference,
      paymentId: props.paymentId,
      walletId: '@ada',
    });
  });

  it('asks the status by merchant code and reference, and refuses an answer without a code', async () => {
    const props = sampleProps(WALLET_PAYMENT);
    const http = fakeHttp({ [STATUS]: () => APPROVED });
    expect(await checkStatus(callContext(props, http))).toEqual({ code: '00', response: APPROVED });
    expect(http.calls[0].body).toEqual({ merchantCode: props.merchantCode, reference: props.merchantTransactionReference });
    for (const answer of [{}, { responseCode: '' }, { data: { responseCode: '00' } }]) {
      await expect(checkStatus(callContext(props, fakeHttp({ [STATUS]: () => answer })))).rejects.toMatchObject({ code: 'invalid' });
    }
  });
});

describe('Pocket screen', () => {
  let submit: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    await import('./Screen');
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    setServerOffset(0);
    submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
    sessionStorage.clear();
  });

  function mount(r: { initiate?: FakeRoute; status?: FakeRoute } = {}) {
    const http = fakeHttp({ [INITIATE]: r.initiate ?? (() => INITIATED), [STATUS]: r.status ?? (() => PENDING) });
    const checkout = testCheckout({ channels: [cardFixture, pocket], http, props: WALLET_PAYMENT });
    render(<CheckoutHarness checkout={checkout} path="/payment/pocket" />);
    return { http, checkout };
  }
  const idField = () => screen.getByRole('textbox', { name: 'Pocket ID' }) as HTMLInputElement;
  const next = async (value: string) => {
    fireEvent.change(idField(), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await settle();
  };

  it('refuses an empty Pocket ID, calling nothing', async () => {
    const { http } = mount();
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Pay with Pocket' })).toBeTruthy();
    expect(idField().placeholder).toBe('@pocketId');
    await next('   ');
    expect(screen.getByRole('alert').textContent).toBe('Please enter your Pocket ID');
    expect(http.calls).toEqual([]);
  });

  it('says "Failed to initiate payment" when initiate fails', async () => {
    mount({
      initiate: () => {
        throw new HttpError('HTTP 502', 'http', 502);
      },
    });
    await settle();
    await next('@fail');
    expect(screen.getByRole('alert').textContent).toBe('Failed to initiate payment');
  });

  it('initiates, shows the authorization failure when the status is not 00, then its success and the return 5 s later', async () => {
    let answer: FakeRoute = () => PENDING;
    const { http, checkout } = mount({ status: (b, o) => answer(b, o) });
    await settle();
    await next(' @ada ');
    expect((http.calls[0].body as Record<string, unknown>).walletId).toBe('@ada');
    expect(screen.getByRole('heading', { level: 1, name: 'Authorize the payment on your phone' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have authorized this payment' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong...Please go to the previous page and retry.');
    // The check itself failing is no fault of the payer's: Pocket's own words say to press again.
    answer = () => {
      throw new HttpError('HTTP 503', 'http', 503);
    };
    fireEvent.click(screen.getByRole('button', { name: 'I have authorized this payment' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Unable to requery payment. Please try again');
    answer = () => APPROVED;
    fireEvent.click(screen.getByRole('button', { name: 'I have authorized this payment' }));
    await settle();
    expect(checkout.state.result).toMatchObject({ responseCode: '00' });
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeTruthy();
    // The result screen's receipt: the amount, the merchant, the payment's reference.
    expect(screen.getByTestId('receipt').textContent).toContain(checkout.state.props.merchantName);
    await pass(SUCCESS_REDIRECT_MS - 1);
    expect(submit).not.toHaveBeenCalled();
    await pass(1);
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('shows its own how-to-pay steps and returns to the first view', async () => {
    mount();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'How to pay' }));
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'How to pay with Pocket' })).toBeTruthy();
    expect(screen.getByText(/Download the Pocket app/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await settle();
    expect(idField()).toBeTruthy();
  });
});
