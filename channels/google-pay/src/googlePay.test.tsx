import nodeConsole from 'node:console';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { changeMethod, missingKeys } from '@oja/core';
import type { PaymentProps } from '@oja/core';
import { CheckoutHarness, click, fakeHttp, settle, testCheckout } from '@oja/testing';
import type { FakeRoute } from '@oja/testing';
import card from '@oja/card';
import { openSecureData } from '../../card/src/sandboxCrypto';
import googlePay from './index';
import { googlePayVisit } from './flow';
import { screenMessages } from './screenMessages';
import { messages } from './messages';
import { visitOf } from '@oja/core/visit';
import { cardData, GOOGLE_PAY_OFFERED, GOOGLE_PAY_TOKEN, installFakeGoogle, removeFakeGoogle } from './fixtures';

const BIN = 'POST /api/v1/merchantbins';
const PAY = 'POST /api/v1/pay';
const OFFERED = GOOGLE_PAY_OFFERED;
const TOKEN = GOOGLE_PAY_TOKEN;
const INVALID = 'An error occurred, kindly use a different payment option';
const installGoogle = installFakeGoogle;

beforeAll(async () => {
  // The lazily loaded screens (Google Pay's and the card's steps behind it) and the encryption chunk.
  await Promise.all([
    import('./Screen'),
    import('../../card/src/Screen'),
    import('../../card/src/Cardinal'),
    import('../../card/src/crypto'),
    import('../../card/src/api'),
  ]);
});

beforeEach(() => {
  // React's scheduler keeps its real setImmediate: the 3-D Secure step renders with it.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  cleanup();
  removeFakeGoogle();
  vi.useRealTimers();
});

async function mount(routes: Record<string, FakeRoute> = {}, props: Partial<PaymentProps> = OFFERED, locale: 'en' | 'fr' = 'en') {
  const http = fakeHttp(routes);
  const checkout = testCheckout({ channels: [card, googlePay], http, props, env: { locale } });
  render(<CheckoutHarness checkout={checkout} path="/payment/google" />);
  await settle(8);
  const calls = (key: string) => http.calls.filter((c) => c.key === key);
  return { checkout, calls };
}

const googleButton = () => screen.getByRole('button', { name: 'Google Pay' });

/** Google's button, then the sheet's answer. */
async function authorize() {
  await click(googleButton());
  await settle(6);
}

async function typeCvvAndPay(cvv: string) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText('CVV'), { target: { value: cvv } });
  });
  await click(screen.getByTestId('card-pay'));
  await settle(10);
}

describe('Google Pay screen (companion §2)', () => {
  it("shows the heading and its line, asks Google whether the payer can pay, and shows Google's button", async () => {
    const seen = installGoogle();
    await mount();
    expect(screen.getByRole('heading', { name: 'Pay with Google Pay' })).toBeTruthy();
    expect(screen.getByText('Click on the button below to start payment.')).toBeTruthy();
    expect(googleButton()).toBeTruthy();
    expect(seen.environments).toEqual(['TEST']);
    expect(seen.readyRequests).toHaveLength(1);
    expect(seen.buttons[0].buttonLocale).toBe('en');
    expect(screen.getByRole('link', { name: 'Change payment method' })).toBeTruthy();
  });

  it('says it is loading while the script loads, then that it could not load (no origin for it): Try again loads it', async () => {
    const { checkout } = await mount();
    expect(screen.getByRole('alert').textContent).toBe('Google Pay could not be loaded. Check your connection and try again.');
    expect(visitOf(checkout.visits, googlePayVisit).state.phase).toBe('failed');
    installGoogle();
    await click(screen.getByRole('button', { name: 'Try again' }));
    await settle(6);
    expect(googleButton()).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['Google says the payer cannot pay', { ready: false }],
    ['Google refuses the question', { ready: 'reject' as const }],
  ])('is not available when %s, with the way to other methods', async (_, o) => {
    installGoogle(o);
    await mount();
    expect(screen.getByRole('alert').textContent).toBe(
      'Google Pay is not available for this payment on this device. Please use a different payment option.',
    );
    expect(screen.queryByRole('button', { name: 'Google Pay' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Change payment method' })).toBeTruthy();
  });

  it("is not available without the merchant's gateway data (an acquirer forcing Google Pay on): no script asked for", async () => {
    const seen = installGoogle();
    await mount({}, { paymentChannels: ['GOOGLE_PAY'], nonCardOptions: [] });
    expect(screen.getByRole('alert').textContent).toContain('Google Pay is not available');
    expect(seen.environments).toEqual([]);
  });
});

describe("Google's sheet", () => {
  it('asks for the payment once however often the button is pressed while the sheet is open', async () => {
    let answer: (v: unknown) => void = () => {};
    const seen = installGoogle({ sheet: () => new Promise((r) => (answer = r)) });
    await mount();
    await click(googleButton());
    await click(googleButton());
    expect(seen.dataRequests).toHaveLength(1);
    expect(screen.getByText('Complete the payment in the Google Pay window.')).toBeTruthy();
    answer(cardData());
    await settle(6);
    expect(screen.getByText('Visa ending in 1111')).toBeTruthy();
  });

  it('closed by the payer: the button again, no error', async () => {
    installGoogle({ sheet: () => Promise.reject({ statusCode: 'CANCELED' }) });
    await mount();
    await authorize();
    expect(googleButton()).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('PAYMENT_DATA_INVALID: an answer without its token is refused in the sheet with the spec words, and the page says them too', async () => {
    const seen = installGoogle({ sheet: () => Promise.resolve(cardData('1111', 'VISA', '')) });
    const { calls } = await mount();
    await authorize();
    expect(seen.refusals).toEqual([
      { transactionState: 'ERROR', error: { reason: 'PAYMENT_DATA_INVALID', message: INVALID, intent: 'PAYMENT_AUTHORIZATION' } },
    ]);
    expect(screen.getByRole('alert').textContent).toBe(INVALID);
    expect(googleButton()).toBeTruthy();
    expect(calls(BIN)).toEqual([]);
  });

  it('a sheet that fails otherwise shows the same error, never a blank screen', async () => {
    installGoogle({ sheet: () => Promise.reject({ statusCode: 'INTERNAL_ERROR' }) });
    await mount();
    await authorize();
    expect(screen.getByRole('alert').textContent).toBe(INVALID);
    expect(googleButton()).toBeTruthy();
  });

  it('refuses in French on a French page', async () => {
    const seen = installGoogle({ sheet: () => Promise.resolve(cardData('11')) });
    await mount({}, OFFERED, 'fr');
    await click(screen.getByRole('button', { name: 'Google Pay' }));
    await settle(6);
    expect((seen.refusals[0] as { error: { message: string } }).error.message).toBe(
      "Une erreur s'est produite, veuillez utiliser un autre moyen de paiement",
    );
    expect(seen.buttons[0].buttonLocale).toBe('fr');
  });
});

describe('after authorization: the CVV, then the card steps (companion §4)', () => {
  it('shows the card and the CVV with Pay {amount}; the CVV rule speaks after the first click, and nothing is sent', async () => {
    installGoogle();
    const { calls } = await mount();
    await authorize();
    expect(screen.getByText('Visa ending in 1111')).toBeTruthy();
    expect(screen.getByTestId('card-pay').textContent).toBe('Pay NGN 1,500.00');
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByText('Provide card CVV')).toBeNull();
    await click(screen.getByTestId('card-pay'));
    expect(screen.getByText('Provide card CVV')).toBeTruthy();
    expect(calls(BIN)).toEqual([]);
  });

  it('pays directly: the padded card, the expiry 11/ five years ahead, sealed, the token on the lookup and the payment, then 00', async () => {
    vi.setSystemTime(Date.UTC(2026, 10, 24));
    installGoogle();
    const { checkout, calls } = await mount({
      [BIN]: () => ({ responseCode: '00', cardTypeGatewayConfiguration: {} }),
      [PAY]: () => ({ responseCode: '00' }),
    });
    await authorize();
    await typeCvvAndPay('123');
    const lookup = calls(BIN)[0].body as Record<string, string>;
    expect(lookup.googlePayToken).toBe(TOKEN);
    expect(openSecureData(lookup.secureData)).toEqual({ pan: '1111111111111111', exp: '3111', cvv: '123' });
    expect(calls(PAY)).toHaveLength(1);
    expect((calls(PAY)[0].body as Record<string, string>).googlePayToken).toBe(TOKEN);
    expect(checkout.state.result?.responseCode).toBe('00');
    expect(checkout.state.channel).toBe('google-pay');
  });

  it('supportsPin: the card PIN step', async () => {
    installGoogle({ sheet: () => Promise.resolve(cardData('0008', 'MASTERCARD')) });
    await mount({ [BIN]: () => ({ responseCode: '00', cardTypeGatewayConfiguration: { supportsPin: true } }) });
    await authorize();
    expect(screen.getByText('Mastercard ending in 0008')).toBeTruthy();
    await typeCvvAndPay('321');
    expect(screen.getByRole('heading', { name: 'Enter your card PIN' })).toBeTruthy();
  });

  it('supportsCardinalAuthentication: the card 3-D Secure step, Google Pay still the ongoing channel', async () => {
    // happy-dom reports each frame it does not load, on the console it was given.
    vi.spyOn(nodeConsole, 'error').mockImplementation(() => undefined);
    installGoogle({ sheet: () => Promise.resolve(cardData('2503')) });
    const { checkout, calls } = await mount({
      [BIN]: () => ({ responseCode: '00', cardTypeGatewayConfiguration: { supportsCardinalAuthentication: true } }),
      [PAY]: () => ({ responseCode: 'S0', requiresCentinelAuthorization: true, cardinalInfo: { url: 'https://issuer.example/challenge' } }),
      'GET /api/v1/payments/cardinalCallBackStatus': () => ({ responseCode: 'T1' }),
    });
    await authorize();
    await typeCvvAndPay('123');
    await settle(10);
    expect(screen.getByRole('heading', { name: 'Verify with your bank' })).toBeTruthy();
    expect(screen.getByTestId('issuer-frame').getAttribute('src')).toBe('https://issuer.example/challenge');
    expect(calls(BIN)).toHaveLength(1);
    expect((calls(PAY)[0].body as Record<string, string>).googlePayToken).toBe(TOKEN);
    expect(checkout.state.channel).toBe('google-pay');
    expect(screen.queryByLabelText('CVV')).toBeNull();
  });

  it('a token the API refuses sets the error state over the button: no result, no payment', async () => {
    installGoogle();
    const { checkout, calls } = await mount({ [BIN]: () => ({ responseCode: '14', responseDescription: 'No such Google Pay card' }) });
    await authorize();
    await typeCvvAndPay('123');
    expect(screen.getByRole('alert').textContent).toBe(INVALID);
    expect(googleButton()).toBeTruthy();
    expect(checkout.state.result).toBeNull();
    expect(calls(PAY)).toEqual([]);
    expect(visitOf(checkout.visits, googlePayVisit).secret.token).toBeNull();
  });

  it('"Use another Google Pay card" returns to the button and forgets the card; leaving forgets the token', async () => {
    installGoogle();
    const { checkout } = await mount();
    await authorize();
    const v = visitOf(checkout.visits, googlePayVisit);
    expect(v.secret.token).toBe(TOKEN);
    await click(screen.getByRole('button', { name: 'Use another Google Pay card' }));
    expect(googleButton()).toBeTruthy();
    expect(v.secret.token).toBeNull();
    await authorize();
    expect(v.secret.token).toBe(TOKEN);
    act(() => changeMethod(checkout));
    expect(v.ended).toBe(true);
    expect(v.secret.token).toBeNull();
  });
});

describe('messages', () => {
  it('are complete in French', () => {
    expect(missingKeys(screenMessages.en, screenMessages.fr)).toEqual([]);
    expect(missingKeys(messages.en, messages.fr)).toEqual([]);
  });
});
