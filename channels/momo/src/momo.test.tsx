import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { availableChannels, HttpError, missingKeys, setServerOffset, validateChannel } from '@oja/core';
import { callContext, cardFixture, CheckoutHarness, fakeHttp, pass, sampleProps, settle, testCheckout, specMarkets } from '@oja/testing';
import type { FakeRoute } from '@oja/testing';
import momo from './index';
import { messages } from './messages';
import { screenMessages } from './screenMessages';
import { checkStatus, initiate } from './api';
import { validatePhone } from './rules';
import { authorizationProblem } from './approval';
import { PHONE_LENGTH, SUCCESS_REDIRECT_MS } from './constants';
import { APPROVED, INITIATE, INITIATED, PENDING, STATUS, WALLET_PAYMENT } from './fixtures';

describe('MoMo plugin', () => {
  it('is a valid channel on the spec route, without a method-list row, known to the wallet list as momo', () => {
    expect(validateChannel(momo)).toEqual([]);
    expect(momo).toMatchObject({ id: 'momo', code: 'MOMO', path: '/payment/momo', walletType: 'momo' });
    expect(momo.row).toBeUndefined();
    expect(momo.successView).toEqual({ deliverAfterMs: 5_000 });
    expect(SUCCESS_REDIRECT_MS).toBe(5_000);
  });

  it("is available when the merchant's customer-wallet option lists it, and kept out of the ZIB-only and UGX lists", () => {
    expect(momo.isAvailable(sampleProps(WALLET_PAYMENT))).toBe(true);
    // The option without this wallet among its providers, or with none: not offered.
    const others = [
      { providerCode: 'CUSTOMER_WALLET', enabled: true, additionalInformation: { providers: [{ id: '1', code: 'OPAY', description: 'OPay' }] } },
    ];
    expect(momo.isAvailable(sampleProps({ ...WALLET_PAYMENT, nonCardOptions: others }))).toBe(false);
    expect(momo.isAvailable(sampleProps({ ...WALLET_PAYMENT, nonCardOptions: [], paymentChannels: ['CARD', 'CUSTOMER_WALLET'] }))).toBe(false);
    expect(momo.isAvailable(sampleProps({ ...WALLET_PAYMENT, nonCardOptions: [{ providerCode: 'CUSTOMER_WALLET', enabled: false }] }))).toBe(false);
    expect(momo.isAvailable(sampleProps({ ...WALLET_PAYMENT, nonCardOptions: [], paymentChannels: ['CARD'] }))).toBe(false);
    const ugx = sampleProps({ ...WALLET_PAYMENT, currencyCode: '800' });
    expect(availableChannels([cardFixture, momo], ugx, undefined, specMarkets).map((c) => c.id)).toEqual(['card']);
    expect(
      availableChannels([cardFixture, momo], sampleProps(WALLET_PAYMENT), { channels: { only: ['CARD', 'TRANSFER'] } }).map((c) => c.id),
    ).toEqual(['card']);
  });

  it('has every string in en and fr', () => {
    for (const bundle of [messages, screenMessages]) {
      expect(missingKeys(bundle.en, bundle.fr)).toEqual([]);
      expect(missingKeys(bundle.fr, bundle.en)).toEqual([]);
    }
  });
});

describe('MoMo rules and calls', () => {
  it('needs exactly 11 digits (companion §5); spaces grouping them do not count', () => {
    expect(PHONE_LENGTH).toBe(11);
    for (const bad of ['', '   ', '0801234567', '080123456789', '0801234567a', '+2348012345678', '080-1234-5678']) {
      expect(validatePhone(bad), bad).toEqual({ errorKey: 'momo.phoneInvalid' });
    }
    expect(validatePhone('08012345678')).toEqual({ id: '08012345678' });
    expect(validatePhone(' 080 1234 5678 ')).toEqual({ id: '08012345678' });
  });

  it('initiates with the payment and the phone as partyId', async () => {
    const http = fakeHttp({ [INITIATE]: () => INITIATED });
    const props = sampleProps(WALLET_PAYMENT);
    await initiate(callContext(props, http), '08012345678');
    expect(http.calls[0].body).toEqual({
      merchantCode: props.merchantCode,
      payableCode: props.payableCode,
      currencyCode: '566',
      transactionReference: props.merchantTransactionReference,
      paymentId: props.paymentId,
      partyId: '08012345678',
    });
  });

  it('reads the status under data, and refuses an answer without a code', async () => {
    const props = sampleProps(WALLET_PAYMENT);
    const http = fakeHttp({ [STATUS]: () => APPROVED });
    expect(await checkStatus(callContext(props, http))).toEqual({ code: '00', response: APPROVED.data });
    expect(http.calls[0].body).toEqual({ merchantCode: props.merchantCode, transactionReference: props.merchantTransactionReference });
    for (const answer of [{}, { responseCode: '00' }, { data: {} }, { data: { responseCode: '' } }]) {
      await expect(checkStatus(callContext(props, fakeHttp({ [STATUS]: () => answer })))).rejects.toMatchObject({ code: 'invalid' });
    }
  });
});

describe('MoMo screen', () => {
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

  function mount(r: { initiate?: FakeRoute; status?: FakeRoute } = {}, locale: 'en' | 'fr' = 'en') {
    const http = fakeHttp({ [INITIATE]: r.initiate ?? (() => INITIATED), [STATUS]: r.status ?? (() => PENDING) });
    const checkout = testCheckout({ channels: [cardFixture, momo], http, props: WALLET_PAYMENT, env: { locale } });
    render(<CheckoutHarness checkout={checkout} path="/payment/momo" />);
    return { http, checkout };
  }
  const phone = () => screen.getByRole('textbox', { name: 'MTN MoMo phone number' }) as HTMLInputElement;
  const count = (http: ReturnType<typeof fakeHttp>, key: string) => http.calls.filter((c) => c.key === key).length;
  const next = async (value: string) => {
    fireEvent.change(phone(), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await settle();
  };
  const authorized = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'I have authorized this payment' }));
    await settle();
  };

  it('shows the validation view: the phone field with its placeholder, How to pay and Next', async () => {
    mount();
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Pay with MoMo' })).toBeTruthy();
    expect(phone().placeholder).toBe('080 XXXX XXXX');
    expect(screen.getByRole('button', { name: 'How to pay' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change payment method' })).toBeTruthy();
  });

  it('refuses a number that is not 11 digits, calling nothing, until it is corrected', async () => {
    const { http } = mount();
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    await next('0801234567');
    expect(screen.getByRole('alert').textContent).toBe('Phone number must be 11 digits');
    expect(phone().getAttribute('aria-invalid')).toBe('true');
    expect(http.calls).toEqual([]);
    fireEvent.change(phone(), { target: { value: '08012345678' } });
    await settle();
    expect(screen.queryByText('Phone number must be 11 digits')).toBeNull();
  });

  it('moves to authorization once initiate answers 200; Cancel returns to validation', async () => {
    const { http } = mount();
    await settle();
    await next('080 1234 5678');
    expect(count(http, INITIATE)).toBe(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Authorize the payment on your phone' })).toBeTruthy();
    // The focus goes with the payer to the view's one action.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'I have authorized this payment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Pay with MoMo' }));
    expect(phone().value).toBe('080 1234 5678');
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
  });

  it('says "Failed to initiate payment" when initiate fails, and stays on validation', async () => {
    const failures: FakeRoute[] = [
      () => {
        throw new HttpError('HTTP 502', 'http', 502, { responseCode: '06' });
      },
      () => {
        throw new HttpError('Network error', 'network');
      },
    ];
    for (const failure of failures) {
      const { checkout } = mount({ initiate: failure });
      await settle();
      await next('08000000000');
      expect(screen.getByRole('alert').textContent).toBe('Failed to initiate payment');
      expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
      expect(checkout.state.result).toBeNull();
      document.body.innerHTML = '';
    }
  });

  it('shows the authorization failure when the status is not 00, "Unable to requery" when the check fails; a later 00 succeeds', async () => {
    let answer: FakeRoute = () => PENDING;
    const { checkout } = mount({ status: (b, o) => answer(b, o) });
    await settle();
    await next('08012345678');
    await authorized();
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong...Please go to the previous page and retry.');
    // The check itself failing (a 5xx, a timeout, no connection) is no fault of the payer's: press again.
    answer = () => {
      throw new HttpError('HTTP 500', 'http', 500);
    };
    await authorized();
    expect(screen.getByRole('alert').textContent).toBe('Unable to requery payment. Please try again');
    answer = () => {
      throw new HttpError('timeout', 'timeout');
    };
    await authorized();
    expect(screen.getByRole('alert').textContent).toBe('Unable to requery payment. Please try again');
    expect(checkout.state.result).toBeNull();
    answer = () => APPROVED;
    await authorized();
    expect(checkout.state.result).toMatchObject({ responseCode: '00', paymentReference: 'OJA|MOMO|4242001' });
  });

  it('words the authorization by what the check came to (companion §8): not 00 "failed", the check failing "requeryFailed"', () => {
    expect(authorizationProblem({ status: 'idle', response: null })).toBeNull();
    expect(authorizationProblem({ status: 'pending', response: null })).toBeNull();
    expect(authorizationProblem({ status: 'success', response: { code: '00', response: {} } })).toBeNull();
    expect(authorizationProblem({ status: 'success', response: { code: '09', response: {} } })).toBe('failed');
    expect(authorizationProblem({ status: 'error', response: null })).toBe('requeryFailed');
    expect(screenMessages.en.momo.authorization.requeryFailed).toBe('Unable to requery payment. Please try again');
  });

  it('shows its own success on 00, then returns the result to the merchant once, 5 s later', async () => {
    const { checkout } = mount({ status: () => APPROVED });
    await settle();
    await next('08012345678');
    await authorized();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.getByText('Please do not close this page.')).toBeTruthy();
    // The merchant site's URL (companion §2), as the payer reads it: its host.
    expect(screen.getByText(`You are being redirected to the merchant site, ${new URL(checkout.state.props.siteRedirectUrl).host}.`)).toBeTruthy();
    // The result screen's receipt: the amount, the merchant, the payment's reference.
    const receipt = screen.getByTestId('receipt').textContent;
    expect(receipt).toContain(checkout.state.props.merchantName);
    expect(receipt).toContain('OJA|MOMO|4242001');
    expect(receipt).toContain('Amount');
    await pass(SUCCESS_REDIRECT_MS - 1);
    expect(submit).not.toHaveBeenCalled();
    await pass(1);
    expect(submit).toHaveBeenCalledTimes(1);
    await pass(SUCCESS_REDIRECT_MS * 2);
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('shows how to pay with its two steps, and returns to the first view', async () => {
    mount();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'How to pay' }));
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'How to pay with MoMo' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Pay with MoMo' })).toBeTruthy();
  });

  it('speaks French', async () => {
    mount({}, 'fr');
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Payer avec MoMo' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Le numéro de téléphone doit comporter 11 chiffres');
  });
});
