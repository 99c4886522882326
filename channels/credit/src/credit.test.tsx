import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, setServerOffset } from '@oja/core';
import { advance, cardFixture, CheckoutHarness, fakeHttp, settle, testCheckout } from '@oja/testing';
import type { FakeRoute } from '@oja/testing';
import { visitOf } from '@oja/core/visit';
import { openPin, openSecureData } from '../../card/src/sandboxCrypto';
import credit from './index';
import { creditVisit } from './visit';
import { OTP_RESEND_MS } from './constants';
import { CODE_SENT_MS } from '@oja/core/resend-code';
import { BANK_OFFER, BANKS, CREDIT_PROPS, INVALID_OTP, LENDER_OFFER, ok, OFFERS, PAID, ROUTES, SIGNED_IN, TOKEN_SENT } from './fixtures';

const PHONE = '08012345678';
const PAN = '5061050254756707864';

beforeAll(async () => {
  // The lazily loaded screen, its card steps' part and the card's encryption chunk.
  await Promise.all([import('./Screen'), import('./CardSteps'), import('../../card/src/crypto')]);
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  setServerOffset(0);
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

const DEFAULT_ROUTES: Record<string, FakeRoute> = {
  [ROUTES.generate]: () => ok({ otpRequestReference: 'OTP-1' }),
  [ROUTES.validate]: () => SIGNED_IN,
  [ROUTES.wallet]: () => ok({ walletId: '2000000001', user: { mobileNo: '08000000000' }, paymentMethods: [] }),
  [ROUTES.banks]: () => ({ responseCode: '00', banks: BANKS }),
  [ROUTES.offers]: () => ok({ offers: OFFERS }),
  [ROUTES.bankOtp]: () => ok({ otpRequestReference: 'BOTP-1' }),
  [ROUTES.token]: () => TOKEN_SENT,
  [ROUTES.tokenValidate]: () => ok(),
  [ROUTES.accept]: () => PAID,
};

function mount(routes: Record<string, FakeRoute> = {}) {
  const http = fakeHttp({ ...DEFAULT_ROUTES, ...routes });
  const checkout = testCheckout({ channels: [cardFixture, credit], http, props: { ...CREDIT_PROPS, displayMode: 'POPUP' } });
  render(<CheckoutHarness checkout={checkout} path="/payment/credit" />);
  const calls = (key: string) => http.calls.filter((c) => c.key === key);
  const state = () => visitOf(checkout.visits, creditVisit).state;
  return { http, checkout, calls, state };
}

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const h1 = () => screen.getByRole('heading', { level: 1 }).textContent;
const press = async (name: string | RegExp) => {
  fireEvent.click(screen.getByRole('button', { name }));
  await settle();
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function signedIn(routes: Record<string, FakeRoute> = {}) {
  const m = mount(routes);
  await settle();
  type('Phone number', PHONE);
  await press('Continue');
  type('OTP', '123456');
  await press('Verify');
  return m;
}
async function atOffers(routes: Record<string, FakeRoute> = {}) {
  const m = await signedIn(routes);
  await press('Skip');
  return m;
}
async function atPin(routes: Record<string, FakeRoute> = {}) {
  const m = await atOffers(routes);
  await press('See more options');
  fireEvent.click(screen.getByRole('radio', { name: /Oja Credit/ }));
  await press('Continue');
  await settle();
  type('Card number', PAN);
  type('Expiry date', '1230');
  type('CVV', '123');
  await press('Continue');
  return m;
}
async function tapPin(pin = '1111') {
  for (const d of pin) fireEvent.click(screen.getByRole('button', { name: `Digit ${d}` }));
  fireEvent.click(screen.getByTestId('pin-authorize'));
  // The encryption runs on real promises (node-forge), then the token request.
  for (let i = 0; i < 5; i++) await act(async () => vi.advanceTimersByTimeAsync(0));
  await settle();
}

describe('pay on credit: sign-in', () => {
  it('asks for the phone number, then all 11 digits, without a call', async () => {
    const { http } = mount();
    await settle();
    expect(h1()).toBe('Pay on Credit');
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).placeholder).toBe('080 XXXX XXXX');
    await press('Continue');
    expect(alerts()).toEqual(['Phone number is required']);
    type('Phone number', '0801-234');
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('0801234');
    await press('Continue');
    expect(alerts()).toEqual(['Phone number is incomplete']);
    expect(http.calls).toEqual([]);
  });

  it.each(['LS1', 'LS3'])('says "Invalid phone number provided" on %s; the generic message on a failed call', async (code) => {
    const { calls } = mount({ [ROUTES.generate]: () => ({ responseCode: code, responseDescription: 'no' }) });
    await settle();
    type('Phone number', PHONE);
    await press('Continue');
    expect(calls(ROUTES.generate)[0]!.body).toEqual({ paymentId: '4242001', customerId: PHONE });
    expect(alerts()).toEqual(['Invalid phone number provided. Please try again.']);
    expect(h1()).toBe('Pay on Credit');
  });

  it('a failed OTP generation (non-200) gives the generic message', async () => {
    mount({
      [ROUTES.generate]: () => {
        throw new HttpError('HTTP 500', 'http', 500);
      },
    });
    await settle();
    type('Phone number', PHONE);
    await press('Continue');
    expect(alerts()).toEqual(['Something went wrong. Please try again.']);
  });

  it('sends the OTP; the resend link shows 60 s after each send, "Code sent" for 3 s', async () => {
    const { calls } = mount();
    await settle();
    type('Phone number', PHONE);
    await press('Continue');
    expect(h1()).toBe('Verify your phone number');
    expect(screen.getByText(`Enter the OTP sent to ${PHONE}.`)).toBeTruthy();
    expect(screen.getByText('Resend OTP in 01:00')).toBeTruthy();
    await advance(OTP_RESEND_MS - 1_000);
    expect(screen.getByText('Resend OTP in 00:01')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend OTP' })).toBeNull();
    await advance(1_000);
    expect(screen.getByText('You can now resend the OTP.')).toBeTruthy();
    await press('Resend OTP');
    expect(calls(ROUTES.generate)).toHaveLength(2);
    expect(screen.getByText('Code sent')).toBeTruthy();
    await advance(CODE_SENT_MS);
    expect(screen.queryByText('Code sent')).toBeNull();
    expect(screen.getByText('Resend OTP in 00:57')).toBeTruthy();
  });

  it('validates the OTP: empty and short are refused without a call; T1 INVALID_TOKEN_SUPPLIED is worded and cleared', async () => {
    const { calls, state } = mount({ [ROUTES.validate]: () => INVALID_OTP });
    await settle();
    type('Phone number', PHONE);
    await press('Continue');
    await press('Verify');
    expect(alerts()).toEqual(['Kindly enter otp sent to your phone number']);
    type('OTP', '123');
    await press('Verify');
    expect(alerts()).toEqual(['OTP is incomplete']);
    expect(calls(ROUTES.validate)).toEqual([]);
    type('OTP', '000000');
    await press('Verify');
    expect(calls(ROUTES.validate)[0]!.body).toEqual({ paymentId: '4242001', otp: '000000', customerId: PHONE });
    expect(alerts()).toEqual(['OTP supplied is invalid. Please try again']);
    expect((screen.getByLabelText('OTP') as HTMLInputElement).value).toBe('');
    expect(state().customer).toBeNull();
  });

  it('signs in: the customer is authenticated, then bank details', async () => {
    const { state } = await signedIn();
    expect(h1()).toBe('Bank details');
    expect(state().customer).toMatchObject({ customerId: 'CUS-2001', mobileNo: PHONE });
  });

  it('the wallet sign-in: its rules, SHOW/HIDE, 403 refused, then the wallet names the customer', async () => {
    let refuse = true;
    const { calls, state } = mount({
      [ROUTES.wallet]: () => {
        if (refuse) throw new HttpError('HTTP 403', 'http', 403);
        return ok({ walletId: '2000000001', user: { mobileNo: '08000000000' }, paymentMethods: [] });
      },
    });
    await settle();
    await press('Sign in with your wallet instead');
    expect(h1()).toBe('Login to wallet');
    await press('Sign in');
    expect(alerts()).toEqual(['Username is required', 'Password is required']);
    type('Email, phone number or username', 'ada@oja.test');
    type('Password', 'Sandbox123');
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('password');
    await press('Show password');
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).textContent).toBe('HIDE');
    await press('Sign in');
    expect(alerts()).toEqual(['Invalid login credentials. Please try again.']);
    refuse = false;
    await press('Sign in');
    expect(calls(ROUTES.wallet)[1]!.body).toEqual({ username: 'ada@oja.test', password: 'Sandbox123' });
    expect(calls(ROUTES.wallet)[1]!.opts?.params).toEqual({ merchantCode: 'MX_DEMO', payableCode: 'Default_Payable_MX_DEMO', paymentId: '4242001' });
    expect(state().customer?.customerId).toBe('2000000001');
    expect(h1()).toBe('Bank details');
    // Phone sign-in is a toggle, not a step behind: Back from bank details returns to the wallet sign-in.
    await press('Back');
    expect(h1()).toBe('Login to wallet');
    await press('Sign in with your phone number instead');
    expect(h1()).toBe('Pay on Credit');
  });
});

describe('pay on credit: bank details', () => {
  it('filters the institutions by name, says when none matches; Show loan deals needs a bank and 10 digits', async () => {
    const { calls } = await signedIn();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    type('Financial institution', 'TRUST');
    expect(screen.getAllByRole('radio').map((r) => r.parentElement!.textContent)).toEqual(['Guaranty Trust Bank']);
    type('Financial institution', ' xyz ');
    expect(screen.getByText("'xyz' not found")).toBeTruthy();
    type('Financial institution', 'zen');
    const deals = screen.getByRole('button', { name: 'Show loan deals' }) as HTMLButtonElement;
    expect(deals.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Zenith Bank' }));
    type('Account number', '01234567a89123');
    await settle();
    expect((screen.getByLabelText('Account number') as HTMLInputElement).value).toBe('0123456789');
    expect(deals.disabled).toBe(false);
    await press('Show loan deals');
    expect(calls(ROUTES.offers)[0]!.body).toEqual({
      amount: 150000,
      paymentId: '4242001',
      customerId: 'CUS-2001',
      merchantCode: 'MX_DEMO',
      payableCode: 'Default_Payable_MX_DEMO',
      merchantTransactionReference: 'TXN-0001',
      accountNumber: '0123456789',
      providerCode: 'ZENITH',
    });
  });

  it('says "Could not fetch banks" when the list fails or is empty; Try again loads it', async () => {
    let answer: FakeRoute = () => {
      throw new HttpError('HTTP 500', 'http', 500);
    };
    const { calls } = await signedIn({ [ROUTES.banks]: (b, o) => answer(b, o) });
    expect(screen.getByText('Could not fetch banks')).toBeTruthy();
    answer = () => ({ banks: [] });
    await press('Try again');
    expect(screen.getByText('Could not fetch banks')).toBeTruthy();
    answer = () => ({ banks: BANKS });
    await press('Try again');
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(calls(ROUTES.banks)).toHaveLength(3);
  });

  it('Back while the banks load, then on again: they are asked again, not shown as failed', async () => {
    const { calls } = await signedIn({ [ROUTES.banks]: () => new Promise(() => {}) });
    expect(screen.getByText('Loading the banks…')).toBeTruthy();
    await press('Back');
    type('OTP', '123456');
    await press('Verify');
    expect(screen.queryByText('Could not fetch banks')).toBeNull();
    expect(calls(ROUTES.banks)).toHaveLength(2);
  });

  it('Skip asks for the offers without an account', async () => {
    const { calls } = await atOffers();
    expect(calls(ROUTES.offers)[0]!.body).toMatchObject({ accountNumber: '', providerCode: '' });
  });
});

describe('pay on credit: offers', () => {
  it("shows the bank's offers first and only, then every offer; each with its amounts and tenure; Continue needs a choice", async () => {
    await atOffers();
    expect(h1()).toBe('Choose a loan offer');
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: /Zenith Bank/ })).toBeTruthy();
    await press('Continue');
    expect(alerts()).toEqual(['Kindly select an offer to continue']);
    await press('See more options');
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([BANK_OFFER.offerId, LENDER_OFFER.offerId]);
    expect(screen.queryByRole('button', { name: 'See more options' })).toBeNull();
    const lender = screen.getByRole('radio', { name: /Oja Credit/ }).parentElement!.textContent;
    expect(lender).toContain('Amount offeredNGN 1,500.00');
    expect(lender).toContain('Initial paymentNGN 150.00');
    expect(lender).toContain('Amount payableNGN 1,650.00');
    expect(lender).toContain('Tenure30 days');
  });

  it('no offer: "No Offer Available", and Try Other Payment Methods returns to the method list', async () => {
    const { checkout } = await atOffers({ [ROUTES.offers]: () => ok({ offers: [] }) });
    expect(h1()).toBe('No Offer Available');
    expect(screen.getByText('You curently do not have any offer available for the credit amount')).toBeTruthy();
    await press('Try Other Payment Methods');
    expect(checkout.state.channel).toBeNull();
  });

  it('a refusal with a description shows it, with the other methods; a failure "Failed to get offers" and Retry', async () => {
    let answer: FakeRoute = () => ({ responseCode: '25', responseDescription: 'Credit is not available for this merchant' });
    const { calls } = await atOffers({ [ROUTES.offers]: (b, o) => answer(b, o) });
    expect(screen.getByText('Credit is not available for this merchant')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Other Payment Methods' })).toBeTruthy();
    answer = () => {
      throw new HttpError('Network error', 'network');
    };
    await press('Back');
    await press('Skip');
    expect(h1()).toBe('Failed to get offers');
    expect(screen.getByText('Something went wrong, please try again')).toBeTruthy();
    answer = () => ok({ offers: OFFERS });
    await press('Retry');
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(calls(ROUTES.offers)).toHaveLength(3);
  });
});

describe('pay on credit: accepting an offer', () => {
  it("a bank's offer goes straight to its OTP, then is accepted: the transaction completes the payment", async () => {
    const { calls, checkout } = await atOffers();
    fireEvent.click(screen.getByRole('radio', { name: /Zenith Bank/ }));
    await press('Continue');
    expect(calls(ROUTES.bankOtp)[0]!.body).toEqual({
      paymentId: '4242001',
      customerId: 'CUS-2001',
      offerId: BANK_OFFER.offerId,
      providerCode: 'ZENITH',
      accountNumber: '',
      bankCode: '',
    });
    expect(h1()).toBe('Authorize the offer');
    type('OTP', '123456');
    await press('Authorize');
    expect(calls(ROUTES.token)).toEqual([]);
    expect(calls(ROUTES.accept)[0]!.body).toMatchObject({ isBankOffer: true, otp: '123456', otpRequestReference: 'BOTP-1' });
    expect(checkout.state.result).toMatchObject({ responseCode: '00', paymentReference: 'OJA|CREDIT|4242001' });
  });

  it('a wrong OTP on a bank offer keeps the payer there with the invalid OTP message', async () => {
    const { checkout } = await atOffers({ [ROUTES.accept]: () => INVALID_OTP });
    fireEvent.click(screen.getByRole('radio', { name: /Zenith Bank/ }));
    await press('Continue');
    type('OTP', '000000');
    await press('Authorize');
    expect(alerts()).toEqual(['OTP supplied is invalid. Please try again']);
    expect(checkout.state.result).toBeNull();
  });

  it("another lender's offer: the card, its PIN sealed in the token request (T0), the OTP authorizes the token, then the offer is accepted", async () => {
    const { calls, checkout, state } = await atPin();
    expect(screen.getByTestId('pin-pad')).toBeTruthy();
    await tapPin();
    const body = calls(ROUTES.token)[0]!.body as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(
      ['pinBlock', 'paymentId', 'payableCode', 'merchantCode', 'secureData', 'offerId', 'customerId', 'providerCode', 'transactionRef'].sort(),
    );
    expect(body).toMatchObject({ offerId: LENDER_OFFER.offerId, customerId: 'CUS-2001', providerCode: 'OJACREDIT', transactionRef: 'TXN-0001' });
    // Only encrypted on the wire: the sandbox's key opens it.
    expect(JSON.stringify(body)).not.toContain(PAN);
    expect(openSecureData(body.secureData)).toEqual({ pan: PAN, exp: '3012', cvv: '123' });
    expect(openPin(body.pinBlock, PAN)).toBe('1111');
    expect(JSON.stringify(state())).not.toContain(PAN);
    expect(h1()).toBe('Authorize the offer');
    expect(screen.getByText('The OTP was sent to 080******78.')).toBeTruthy();
    type('OTP', '123456');
    await press('Authorize');
    expect(calls(ROUTES.tokenValidate)[0]!.body).toEqual({
      paymentId: '4242001',
      otp: '123456',
      customerId: 'CUS-2001',
      offerId: LENDER_OFFER.offerId,
      transactionRef: 'TXN-0001',
    });
    expect(calls(ROUTES.accept)[0]!.body).toEqual({
      customerId: 'CUS-2001',
      offerId: LENDER_OFFER.offerId,
      providerCode: 'OJACREDIT',
      merchantCode: 'MX_DEMO',
      paymentId: '4242001',
      isBankOffer: false,
    });
    expect(checkout.state.result?.responseCode).toBe('00');
  });

  it('a token OTP the API refuses stays on the OTP step; the accept is not called', async () => {
    const { calls } = await atPin({ [ROUTES.tokenValidate]: () => INVALID_OTP });
    await tapPin();
    type('OTP', '000000');
    await press('Authorize');
    expect(alerts()).toEqual(['OTP supplied is invalid. Please try again']);
    expect(calls(ROUTES.accept)).toEqual([]);
  });

  it('LS3 on the token request: "Error generating OTP" and the transaction completes with LS3', async () => {
    const { checkout } = await atPin({ [ROUTES.token]: () => ({ responseCode: 'LS3', responseDescription: 'Error generating OTP' }) });
    await tapPin();
    expect(checkout.state.result).toMatchObject({ responseCode: 'LS3', messageKey: 'credit.error.tokenOtp' });
  });

  it('another refusal of the token shows its description on the PIN step, with a fresh pad', async () => {
    const { checkout } = await atPin({ [ROUTES.token]: () => ({ responseCode: '55', responseDescription: 'Incorrect PIN' }) });
    await tapPin('2222');
    expect(alerts()).toEqual(['Incorrect PIN']);
    expect(screen.getByText('0 of 4 digits entered')).toBeTruthy();
    expect(checkout.state.result).toBeNull();
  });

  it('the PIN without a customer, an offer or the payment: the permission message, no call (companion §6)', async () => {
    const { calls, state } = await atPin();
    state().customer = null;
    await tapPin();
    expect(alerts()).toEqual(['Sorry you do not have sufficient permission to perform this operation.']);
    expect(calls(ROUTES.token)).toEqual([]);
  });

  it('resends the token OTP with the card as sealed, without a new PIN', async () => {
    const { calls } = await atPin();
    await tapPin();
    await advance(OTP_RESEND_MS);
    await press('Resend OTP');
    expect(calls(ROUTES.token)).toHaveLength(2);
    expect(calls(ROUTES.token)[1]!.body).toEqual(calls(ROUTES.token)[0]!.body);
  });
});

describe('pay on credit: Back', () => {
  it('moves one step at a time, from the PIN to the phone sign-in; the card is forgotten before its details', async () => {
    const { checkout, state } = await atPin();
    const secret = () => visitOf(checkout.visits, creditVisit).secret;
    expect(secret().card?.pan).toBe(PAN);
    const titles: string[] = [];
    for (let i = 0; i < 5; i++) {
      await press('Back');
      titles.push(h1() ?? '');
    }
    expect(titles).toEqual(['Card details', 'Choose a loan offer', 'Bank details', 'Verify your phone number', 'Pay on Credit']);
    expect(secret().card).toBeNull();
    expect(state().customer).toBeNull();
    expect(state().offers.status).toBe('idle');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });
});
