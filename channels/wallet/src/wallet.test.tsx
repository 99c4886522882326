import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeMethod, go, HttpError, missingKeys } from '@oja/core';
import { CheckoutHarness, fakeHttp, testCheckout } from '@oja/testing';
import type { FakeRoute } from '@oja/testing';
import card from '@oja/card';
import { hasCard, submitCard } from '@oja/card/steps';
import { openPin, openSecureData } from '../../card/src/sandboxCrypto';
import wallet from './index';
import { walletVisit } from './visit';
import { screenMessages } from './screenMessages';
import type { WalletAnswer, WalletCard } from './api';
import { visitOf } from '@oja/core/visit';

const SIGN_IN = 'POST /api/v1/wallets';
const BY_TOKEN = 'GET /api/v1/wallets/authenticationToken';
const BIN = 'POST /api/v1/merchantbins';
const PAY = 'POST /api/v1/pay';

const gateway = (g: Partial<WalletCard['cardTypeGatewayConfiguration']> = {}): WalletCard['cardTypeGatewayConfiguration'] => ({
  supportsExpiryDate: false,
  supportsCvv2: false,
  supportsPin: false,
  supportsCardinalAuthentication: false,
  supportThreeDsAuthentication: false,
  ...g,
});
const savedCard = (c: Partial<WalletCard> & Pick<WalletCard, 'name' | 'maskedPan' | 'cardTypeCode' | 'walletInstrumentIdentifier'>): WalletCard => ({
  cardHash: `hash-${c.walletInstrumentIdentifier}`,
  cardIdentifier: `id-${c.walletInstrumentIdentifier}`,
  expiryMonth: '09',
  expiryYear: '2031',
  cardTypeGatewayConfiguration: gateway(),
  ...c,
});
const CARDS: WalletCard[] = [
  savedCard({
    name: 'Verve debit',
    maskedPan: '506099******7499',
    cardTypeCode: 'VVC',
    walletInstrumentIdentifier: 'wi-verve',
    cardTypeGatewayConfiguration: gateway({ supportsPin: true }),
  }),
  savedCard({
    name: 'Visa',
    maskedPan: '400000******2503',
    cardTypeCode: 'VCC',
    walletInstrumentIdentifier: 'wi-visa',
    cardTypeGatewayConfiguration: gateway({ supportsExpiryDate: true, supportsCvv2: true }),
  }),
  savedCard({
    name: 'Mastercard',
    maskedPan: '512345******0008',
    cardTypeCode: 'MCN',
    walletInstrumentIdentifier: 'wi-mc',
    cardTypeGatewayConfiguration: gateway({ supportsExpiryDate: true }),
  }),
  savedCard({ name: 'Verve e-cash', maskedPan: '', cardTypeCode: 'QTM', walletInstrumentIdentifier: 'wi-ecash' }),
];
const WALLET: WalletAnswer = {
  responseCode: '00',
  walletId: 'W-2000000001',
  user: { firstName: 'Ada', lastName: 'Sandbox', mobileNo: '08000000000' },
  paymentMethods: CARDS,
};

beforeAll(async () => {
  // The lazily loaded screens (the wallet's, and the card's it hands over to), and the encryption chunk.
  await Promise.all([import('./Screen'), import('../../card/src/Screen'), import('../../card/src/Cardinal'), import('../../card/src/crypto')]);
});

function mount(path: string, routes: Record<string, FakeRoute> = {}, tokenSignIn?: Record<string, unknown>) {
  const http = fakeHttp(routes);
  const checkout = testCheckout({ channels: [card, wallet], http, props: { displayMode: 'POPUP' } });
  if (tokenSignIn) checkout.state.tokenSignIn = tokenSignIn;
  render(<CheckoutHarness checkout={checkout} path={path} />);
  const calls = (key: string) => http.calls.filter((call) => call.key === key);
  return { http, checkout, calls };
}

/** Lets promises, lazy imports and renders settle. */
const flush = async () => {
  for (let i = 0; i < 10; i++)
    await act(async () => {
      await new Promise((r) => setImmediate(r));
    });
};
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const usernameField = () => screen.getByLabelText('Email, phone number or username') as HTMLInputElement;
const passwordField = () => screen.getByLabelText('Password or PIN') as HTMLInputElement;
const signInButton = () => screen.getByRole('button', { name: 'Sign in' });

async function signIn(routes: Record<string, FakeRoute>, username = 'ada@oja.test', password = 'Sandbox123') {
  const m = mount('/payment/wallet/login', routes);
  await flush();
  fireEvent.change(usernameField(), { target: { value: username } });
  fireEvent.change(passwordField(), { target: { value: password } });
  fireEvent.click(signInButton());
  await flush();
  return m;
}
const signedIn = () => signIn({ [SIGN_IN]: () => WALLET });

describe('wallet plugin', () => {
  it('has every screen string in en and fr', () => {
    expect(missingKeys(screenMessages.en, screenMessages.fr)).toEqual([]);
    expect(missingKeys(screenMessages.fr, screenMessages.en)).toEqual([]);
  });
});

describe('wallet sign-in', () => {
  it('asks for the username and the password, without a call', async () => {
    const { http } = mount('/payment/wallet/login');
    await flush();
    expect(alerts()).toEqual([]);
    fireEvent.click(signInButton());
    await flush();
    expect(alerts()).toEqual(['Username is required', 'Password is required']);
    fireEvent.change(usernameField(), { target: { value: '   ' } });
    fireEvent.change(passwordField(), { target: { value: 'x' } });
    expect(alerts()).toEqual(['Username is required']);
    fireEvent.click(signInButton());
    await flush();
    expect(http.calls).toEqual([]);
  });

  it('says the credentials are wrong on a 403', async () => {
    const { checkout } = await signIn({
      [SIGN_IN]: () => {
        throw new HttpError('HTTP 403', 'http', 403);
      },
    });
    expect(alerts()).toEqual(['Invalid login credentials. Please try again.']);
    expect(visitOf(checkout.visits, walletVisit).state.data).toBeNull();
    expect(screen.getByRole('heading', { name: 'Login to wallet' })).toBeTruthy();
  });

  it.each([
    ['a server error', new HttpError('HTTP 500', 'http', 500)],
    ['a network failure', new HttpError('Network error', 'network')],
    ['an unreadable answer', new HttpError('The server answered with no data', 'invalid', 200)],
  ])('says the wallet cannot be validated on %s', async (_, error) => {
    await signIn({
      [SIGN_IN]: () => {
        throw error;
      },
    });
    expect(alerts()).toEqual(['Unable to validate wallet at this point. Please try again.']);
  });

  it('SHOW / HIDE shows and hides the password', async () => {
    mount('/payment/wallet/login');
    await flush();
    expect(passwordField().type).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.textContent).toBe('SHOW');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(passwordField().type).toBe('text');
    expect(toggle.textContent).toBe('HIDE');
    expect(toggle.getAttribute('aria-label')).toBe('Hide password');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(passwordField().type).toBe('password');
    expect(toggle.textContent).toBe('SHOW');
  });

  it('signs in with the trimmed username and lists the saved cards: brand and last four, e-cash without', async () => {
    const { calls } = await signIn({ [SIGN_IN]: () => WALLET }, '  ada@oja.test ');
    expect(calls(SIGN_IN)).toHaveLength(1);
    expect(calls(SIGN_IN)[0].body).toEqual({ username: 'ada@oja.test', password: 'Sandbox123' });
    expect(calls(SIGN_IN)[0].opts?.params).toEqual({ merchantCode: 'MX_DEMO', payableCode: 'Default_Payable_MX_DEMO', paymentId: '4242001' });
    expect(screen.getByText('Signed in as Ada Sandbox')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Saved cards' });
    const labels = within(list)
      .getAllByRole('button')
      .map((b) => b.querySelector('span')?.textContent);
    expect(labels).toEqual(['Verve ending in 7499', 'Visa ending in 2503', 'Mastercard ending in 0008', 'Verve e-cash']);
    expect(screen.getByRole('button', { name: /Sign out/ })).toBeTruthy();
    expect(screen.queryByLabelText('Password or PIN')).toBeNull();
  });

  it('signs in once when the button is pressed twice', async () => {
    let answer!: (v: unknown) => void;
    const { calls } = mount('/payment/wallet/login', { [SIGN_IN]: () => new Promise((r) => (answer = r)) });
    await flush();
    fireEvent.change(usernameField(), { target: { value: 'ada' } });
    fireEvent.change(passwordField(), { target: { value: 'Sandbox123' } });
    fireEvent.click(screen.getByTestId('wallet-sign-in'));
    fireEvent.click(screen.getByTestId('wallet-sign-in'));
    await flush();
    expect(screen.getByTestId('wallet-sign-in').textContent).toBe('Signing in…');
    fireEvent.click(screen.getByTestId('wallet-sign-in'));
    await flush();
    expect(calls(SIGN_IN)).toHaveLength(1);
    answer(WALLET);
    await flush();
    expect(screen.getByText('Verve ending in 7499')).toBeTruthy();
  });

  it('says so when the wallet has no cards', async () => {
    await signIn({ [SIGN_IN]: () => ({ ...WALLET, paymentMethods: [] }) });
    expect(screen.getByText('There are no cards in your wallet yet.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Saved cards' })).toBeNull();
  });
});

describe('wallet cards', () => {
  it('"Pay with a new card" opens the card entry', async () => {
    await signedIn();
    fireEvent.click(screen.getByRole('link', { name: 'Pay with a new card' }));
    await flush();
    expect(screen.getByRole('heading', { name: 'Enter your card details' })).toBeTruthy();
    expect(screen.getByLabelText('Card number')).toBeTruthy();
  });

  const choose = async (label: string) => {
    fireEvent.click(screen.getByText(label).closest('button')!);
    await flush();
  };

  it('asks expiry and CVV only where the card type supports them', async () => {
    await signedIn();
    await choose('Visa ending in 2503');
    expect(screen.getByText('Visa ending in 2503')).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.getByLabelText('Expiry date')).toBeTruthy();
    expect(screen.getByLabelText('CVV')).toBeTruthy();
    fireEvent.click(screen.getByTestId('card-pay'));
    await flush();
    expect(alerts()).toEqual(['Provide card expiry', 'Provide card CVV']);

    fireEvent.click(screen.getByRole('link', { name: 'Select a card' }));
    await flush();
    await choose('Mastercard ending in 0008');
    expect(screen.getByLabelText('Expiry date')).toBeTruthy();
    expect(screen.queryByLabelText('CVV')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Select a card' }));
    await flush();
    await choose('Verve ending in 7499');
    expect(screen.queryByLabelText('Expiry date')).toBeNull();
    expect(screen.queryByLabelText('CVV')).toBeNull();
    expect(screen.getByText('No more details are needed for this card.')).toBeTruthy();
  });

  it('a Visa card pays with its expiry and CVV and the wallet identifiers', async () => {
    const { calls, checkout } = await signIn({
      [SIGN_IN]: () => WALLET,
      [BIN]: () => ({ responseCode: '00', cardTypeGatewayConfiguration: {} }),
      [PAY]: () => ({ responseCode: '00' }),
    });
    await choose('Visa ending in 2503');
    fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '1249' } });
    fireEvent.change(screen.getByLabelText('CVV'), { target: { value: '456' } });
    fireEvent.click(screen.getByTestId('card-pay'));
    await flush();
    expect(calls(BIN)[0].body).toMatchObject({ walletInstrumentIdentifier: 'wi-visa', cardHash: 'hash-wi-visa' });
    expect(openSecureData((calls(PAY)[0].body as Record<string, string>).secureData)).toEqual({ pan: '', exp: '4912', cvv: '456' });
    expect(checkout.state.result?.responseCode).toBe('00');
  });

  it('a Verve card pays through the card flow: BIN lookup with its instrument, then its PIN', async () => {
    const { calls, checkout } = await signIn({
      [SIGN_IN]: () => WALLET,
      [BIN]: () => ({ responseCode: '00', cardTypeGatewayConfiguration: { supportsPin: true } }),
      [PAY]: () => ({ responseCode: '00' }),
    });
    await choose('Verve ending in 7499');
    fireEvent.click(screen.getByTestId('card-pay'));
    await flush();
    expect(calls(BIN)).toHaveLength(1);
    expect(calls(BIN)[0].opts?.params).toBeUndefined();
    expect(calls(BIN)[0].body).toMatchObject({ walletInstrumentIdentifier: 'wi-verve', cardHash: 'hash-wi-verve', paymentId: '4242001' });
    expect(openSecureData((calls(BIN)[0].body as Record<string, string>).secureData)).toEqual({ pan: '', exp: '', cvv: '' });
    expect(screen.getByRole('heading', { name: 'Enter your card PIN' })).toBeTruthy();
    for (const d of ['1', '2', '3', '4']) fireEvent.click(screen.getByRole('button', { name: `Digit ${d}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Authorize' }));
    await flush();
    const body = calls(PAY)[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      instrumentIdentifier: 'wi-verve',
      walletInfo: { walletId: 'W-2000000001', walletCardName: 'Verve debit', walletIdentifier: 'id-wi-verve' },
    });
    expect(openPin(body.pinBlock, '')).toBe('1234');
    expect(checkout.state.result?.responseCode).toBe('00');
  });

  it('sign out forgets the wallet and any card of it, and returns to the sign-in', async () => {
    const { checkout } = await signIn({
      [SIGN_IN]: () => WALLET,
      [BIN]: () => ({ responseCode: '00', cardTypeGatewayConfiguration: { supportsPin: true } }),
    });
    // A saved card's details taken (the card's steps hold it in memory), then the payer signs out instead.
    await act(() => submitCard(checkout, { pan: '', expiry: '3012', cvv: '123' }));
    expect(hasCard(checkout)).toBe(true);
    // Back to the list (the browser's back button), where Sign out is.
    act(() => go(checkout, '/payment/wallet'));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await flush();
    expect(visitOf(checkout.visits, walletVisit).state).toMatchObject({ data: null, selected: null, error: null });
    expect(hasCard(checkout)).toBe(false);
    expect(screen.getByRole('heading', { name: 'Login to wallet' })).toBeTruthy();
    expect(usernameField().value).toBe('');
    expect(screen.queryByText(/ending in/)).toBeNull();
  });

  it('the card list and a card need a signed-in wallet: otherwise the sign-in shows', async () => {
    for (const path of ['/payment/wallet', '/payment/wallet/card']) {
      const { http } = mount(path);
      await flush();
      expect(screen.getByRole('heading', { name: 'Login to wallet' })).toBeTruthy();
      expect(http.calls).toEqual([]);
      cleanup();
    }
  });
});

describe("merchant's token sign-in", () => {
  it('opens the wallet with the token and lists the cards, with no form', async () => {
    let answer!: (v: unknown) => void;
    const { calls } = mount('/payment/wallet', { [BY_TOKEN]: () => new Promise((r) => (answer = r)) }, { token: 't' });
    await flush();
    expect(screen.getByText('Loading your wallet…')).toBeTruthy();
    expect(calls(BY_TOKEN)).toHaveLength(1);
    expect(calls(BY_TOKEN)[0].opts?.params).toEqual({
      token: 't',
      merchantCode: 'MX_DEMO',
      payableCode: 'Default_Payable_MX_DEMO',
      paymentId: '4242001',
    });
    answer(WALLET);
    await flush();
    expect(screen.getByText('Verve ending in 7499')).toBeTruthy();
    expect(screen.getByText('Verve e-cash')).toBeTruthy();
    expect(screen.queryByLabelText('Password or PIN')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(calls(SIGN_IN)).toEqual([]);
  });

  it('sign out of a token wallet stays signed out when the wallet is opened again', async () => {
    const { calls, checkout } = mount('/payment/wallet', { [BY_TOKEN]: () => WALLET }, { token: 't' });
    await flush();
    expect(screen.getByText('Verve ending in 7499')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await flush();
    expect(screen.getByRole('heading', { name: 'Login to wallet' })).toBeTruthy();
    // The payer comes back to the wallet (the method list's row, or Back).
    act(() => go(checkout, '/payment/wallet'));
    await flush();
    expect(calls(BY_TOKEN)).toHaveLength(1);
    expect(screen.queryByText('Verve ending in 7499')).toBeNull();
    expect(usernameField()).toBeTruthy();
    // Another method, then the wallet again: a new visit, and still no token sign-in.
    act(() => changeMethod(checkout));
    await flush();
    act(() => go(checkout, '/payment/wallet'));
    await flush();
    expect(calls(BY_TOKEN)).toHaveLength(1);
    expect(usernameField()).toBeTruthy();
  });

  it('a refused token says so once, and offers the sign-in', async () => {
    mount(
      '/payment/wallet',
      {
        [BY_TOKEN]: () => {
          throw new HttpError('HTTP 401', 'http', 401);
        },
      },
      { token: 't' },
    );
    await flush();
    expect(alerts()).toEqual(['Unable to validate wallet at this point. Please try again.']);
    expect(usernameField()).toBeTruthy();
  });
});
