import nodeConsole from 'node:console';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n, formatAmount, missingKeys, setServerOffset, validateChannel } from '@oja/core';
import type { PaymentProps } from '@oja/core';
import { CheckoutHarness, fakeHttp, pass, testCheckout } from '@oja/testing';
import type { FakeRoute } from '@oja/testing';
import card, { CARDINAL_POLL_MS } from './index';
import { seedFlow } from './flow';
import type { FlowSeed } from './flow';
import { frameUrl, DEVICE_COLLECTION_MS } from './Cardinal';
import { CODE_SENT_MS } from '@oja/core/resend-code';
import { OTP_RESEND_MS } from './Otp';
import { canVibrate, TAP_VIBRATION_MS } from './PinPad';
import { shuffledDigits } from './rules';
import { openPin, openSecureData } from './sandboxCrypto';
import { messages } from './messages';
import { screenMessages } from './screenMessages';

const VERVE = '5060990580000217499';
const MASTERCARD = '5123450000000008';
const VISA = '4000000000002503';

const BIN = 'POST /api/v1/merchantbins';
const PAY = 'POST /api/v1/pay';
const OTP = 'POST /api/v1/pay/authenticateToken';
const STATUS = 'GET /api/v1/payments/cardinalCallBackStatus';
const AUTH_CARDINAL = 'POST /api/v1/pay/authenticateCardinal';

const DDC = { referenceId: 'ref-1', deviceDataCollectionUrl: 'https://ddc.example/collect', accessToken: 'jwt' };
const ISSUER = 'https://acs.example/challenge';
const secret = (pan: string) => ({ pan, expiry: '3012', cvv: '123' });

beforeAll(async () => {
  // The lazily loaded screen, its 3-D Secure part and the encryption chunk, ready before any clock is faked.
  await Promise.all([import('./Screen'), import('./Cardinal'), import('./crypto')]);
  // Frames get a src but load nothing: no test reaches the network.
  const happyDOM: { settings: { disableIframePageLoading: boolean } } = Reflect.get(window, 'happyDOM');
  happyDOM.settings.disableIframePageLoading = true;
});

beforeEach(() => {
  setServerOffset(0);
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'vibrate');
});

function mount(path: string, routes: Record<string, FakeRoute> = {}, o: { props?: Partial<PaymentProps>; seed?: FlowSeed } = {}) {
  const http = fakeHttp(routes);
  // POPUP: a result goes to a parent window (there is none) rather than a form POST.
  const checkout = testCheckout({ channels: [card], http, props: { displayMode: 'POPUP', ...o.props } });
  if (o.seed) seedFlow(checkout, o.seed);
  const view = render(<CheckoutHarness checkout={checkout} path={path} />);
  const calls = (key: string) => http.calls.filter((call) => call.key === key);
  return { http, checkout, calls, container: view.container };
}

/** Lets promises, lazy imports and renders settle without moving a fake clock. */
const flush = async () => {
  for (let i = 0; i < 10; i++)
    await act(async () => {
      await new Promise((r) => setImmediate(r));
    });
};
const advance = async (ms: number) => {
  await pass(ms);
  await flush();
};

const numberField = () => screen.getByLabelText('Card number') as HTMLInputElement;
const expiryField = () => screen.getByLabelText('Expiry date') as HTMLInputElement;
const cvvField = () => screen.getByLabelText('CVV') as HTMLInputElement;
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });
const payButton = () => screen.getByTestId('card-pay');
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

/** A card valid for years to come. */
function fillCard(pan: string, expiry = '12 / 49', cvv = '123') {
  type(numberField(), pan);
  type(expiryField(), expiry);
  type(cvvField(), cvv);
}

describe('card plugin', () => {
  it('is a valid channel, always available, polling the 3-D Secure status every 2 s while T1', () => {
    expect(validateChannel(card)).toEqual([]);
    expect(card.isAvailable(testCheckout().state.props)).toBe(true);
    expect(card.status).toMatchObject({ intervalMs: 2_000, pendingCodes: ['T1'] });
  });

  it('has every string in en and fr', () => {
    for (const bundle of [messages, screenMessages]) {
      expect(missingKeys(bundle.en, bundle.fr)).toEqual([]);
      expect(missingKeys(bundle.fr, bundle.en)).toEqual([]);
    }
  });
});

describe('card entry', () => {
  it('groups the number in fours as typed, digits only, at most 30 characters', async () => {
    mount('/payment/card');
    await flush();
    const input = numberField();
    type(input, '5060');
    expect(input.value).toBe('5060');
    type(input, '50609');
    expect(input.value).toBe('5060 9');
    type(input, VERVE);
    expect(input.value).toBe('5060 9905 8000 0217 499');
    type(input, 'ab40-00x0000 0000 2503');
    expect(input.value).toBe('4000 0000 0000 2503');
    type(input, '1'.repeat(40));
    expect(input.value.length).toBeLessThanOrEqual(30);
    expect(input.value).toMatch(/^(\d{4} )*\d{1,4}$/);
    expect(input.maxLength).toBe(30);
  });

  it('formats the expiry as MM / YY, a first digit above 1 taking a leading 0', async () => {
    mount('/payment/card');
    await flush();
    const input = expiryField();
    expect(input.placeholder).toBe('MM / YY');
    expect(input.maxLength).toBe(7);
    type(input, '1');
    expect(input.value).toBe('1');
    type(input, '12');
    expect(input.value).toBe('12 / ');
    type(input, '12 / 3');
    expect(input.value).toBe('12 / 3');
    type(input, '12 / 34');
    expect(input.value).toBe('12 / 34');
    type(input, '');
    type(input, '5');
    expect(input.value).toBe('05 / ');
    type(input, '');
    type(input, '1230');
    expect(input.value).toBe('12 / 30');
    type(input, '');
    type(input, 'ab');
    expect(input.value).toBe('');
  });

  it('takes at most 4 CVV digits, digits only', async () => {
    mount('/payment/card');
    await flush();
    const input = cvvField();
    type(input, '12345');
    expect(input.value).toBe('1234');
    type(input, 'a1b2');
    expect(input.value).toBe('12');
    expect(input.maxLength).toBe(4);
    expect(input.type).toBe('password');
  });

  it('offers the browser card autofill and a numeric keyboard', async () => {
    mount('/payment/card');
    await flush();
    expect([numberField(), expiryField(), cvvField()].map((i) => [i.getAttribute('autocomplete'), i.getAttribute('inputmode')])).toEqual([
      ['cc-number', 'numeric'],
      ['cc-exp', 'numeric'],
      ['cc-csc', 'numeric'],
    ]);
  });

  it('says what is missing only after a submit attempt, word for word, and asks nothing', async () => {
    const { http } = mount('/payment/card');
    await flush();
    expect(alerts()).toEqual([]);
    fireEvent.click(payButton());
    await flush();
    expect(alerts()).toEqual(['Provide card number', 'Provide card expiry', 'Provide card CVV']);
    // The first field to fix has the focus.
    expect(document.activeElement).toBe(numberField());
    expect(numberField().getAttribute('aria-invalid')).toBe('true');
    expect(http.calls).toEqual([]);
  });

  it('says what is wrong: invalid number, invalid expiry, expired card, short CVV, and never calls the API', async () => {
    const { http } = mount('/payment/card');
    await flush();
    fillCard('4000000000002504', '13 / 30', '12');
    expect(alerts()).toEqual([]);
    fireEvent.click(payButton());
    await flush();
    expect(alerts()).toEqual(['Card number invalid', 'Invalid expiry date', 'Cvv is 3 or 4 digits long']);
    type(expiryField(), '0120');
    expect(expiryField().value).toBe('01 / 20');
    expect(alerts()).toContain('Card is expired');
    fireEvent.click(payButton());
    await flush();
    expect(http.calls).toEqual([]);
    // Fixed, the messages go.
    fillCard(VISA);
    expect(alerts()).toEqual([]);
  });

  it('names the brand as the number is typed', async () => {
    mount('/payment/card');
    await flush();
    expect(screen.queryByText(/ card$/)).toBeNull();
    type(numberField(), '4');
    expect(screen.getByText('Visa card')).toBeTruthy();
    type(numberField(), '5060 99');
    expect(screen.getByText('Verve card')).toBeTruthy();
    expect(screen.queryByText('Visa card')).toBeNull();
    type(numberField(), '5123');
    expect(screen.getByText('Mastercard card')).toBeTruthy();
  });

  it('"What\'s this?" shows and hides the CVV hint', async () => {
    mount('/payment/card');
    await flush();
    const toggle = screen.getByRole('button', { name: "What's this?" });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('3 or 4 digit code on the back of the card')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('3 or 4 digit code on the back of the card')).toBeTruthy();
    fireEvent.click(toggle);
    expect(screen.queryByText('3 or 4 digit code on the back of the card')).toBeNull();
  });

  it('shows the amount and currency on the pay button', async () => {
    mount('/payment/card', {}, { props: { checkoutAmount: 1_234_567 } });
    await flush();
    expect(formatAmount(1_234_567, '566')).toBe('NGN 12,345.67');
    expect(payButton().textContent).toBe('Pay NGN 12,345.67');
  });

  it.each([
    ['MUL', ['Visa', 'Mastercard']],
    ['ZIB', ['Verve', 'Visa', 'Mastercard']],
    ['', ['Verve', 'Visa', 'Mastercard', 'Discover', 'American Express']],
  ])('lists the brands acquirer %j accepts', async (acquiredBy, brands) => {
    mount('/payment/card', {}, { props: { acquiredBy } });
    await flush();
    const list = screen.getByRole('list', { name: 'Cards accepted' });
    // The icons are hidden from screen readers; the name beside each is what they read.
    const names = within(list)
      .getAllByRole('listitem')
      .map((item) =>
        [...item.children]
          .filter((child) => child.getAttribute('aria-hidden') !== 'true')
          .map((child) => child.textContent)
          .join(''),
      );
    expect(names).toEqual(brands);
  });

  it('a double press makes one BIN request, then a PIN card goes to the PIN pad and pays with its PIN block', async () => {
    let answerBin!: (v: unknown) => void;
    const { calls, checkout } = mount('/payment/card', {
      [BIN]: () => new Promise((r) => (answerBin = r)),
      [PAY]: () => ({ responseCode: '00', paymentReference: 'REF-1' }),
    });
    await flush();
    fillCard(VERVE, '12 / 49', '321');
    fireEvent.click(payButton());
    fireEvent.click(payButton());
    await flush();
    fireEvent.click(payButton());
    await flush();
    expect(calls(BIN)).toHaveLength(1);
    expect(payButton().textContent).toBe('Processing…');
    expect(payButton().getAttribute('aria-disabled')).toBe('true');
    expect(calls(BIN)[0].opts?.params).toBeUndefined();
    expect(openSecureData((calls(BIN)[0].body as Record<string, string>).secureData)).toEqual({ pan: VERVE, exp: '4912', cvv: '321' });
    answerBin({ responseCode: '00', cardTypeGatewayConfiguration: { supportsPin: true } });
    await flush();
    expect(screen.getByRole('heading', { name: 'Enter your card PIN' })).toBeTruthy();
    for (const d of ['1', '2', '3', '4']) fireEvent.click(screen.getByRole('button', { name: `Digit ${d}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Authorize' }));
    await flush();
    expect(calls(PAY)).toHaveLength(1);
    const body = calls(PAY)[0].body as Record<string, string>;
    expect(openPin(body.pinBlock, VERVE)).toBe('1234');
    expect(JSON.stringify(calls(PAY)[0].body)).not.toContain(VERVE);
    expect(checkout.state.result?.responseCode).toBe('00');
    // The result screen is a chunk of its own.
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
  });

  it('a card needing nothing more pays at once; a refusal at the BIN lookup shows its message', async () => {
    const { calls, checkout } = mount('/payment/card', { [BIN]: () => ({ responseCode: 'Z8' }) });
    await flush();
    fillCard('4000000000000002');
    fireEvent.click(payButton());
    await flush();
    expect(calls(PAY)).toEqual([]);
    expect(checkout.state.result?.responseCode).toBe('Z8');
    expect(await screen.findByText('Your card is not accepted by this merchant')).toBeTruthy();
  });
});

describe('PIN pad', () => {
  const PIN_SEED: FlowSeed = { card: secret(VERVE), config: { responseCode: '00', cardTypeGatewayConfiguration: { supportsPin: true } } };
  const digitButtons = () => screen.getAllByRole('button', { name: /^Digit \d$/ });
  const progress = () => screen.getByRole('status').textContent;
  const tap = (d: string) => fireEvent.click(screen.getByRole('button', { name: `Digit ${d}` }));

  function mountPin(routes: Record<string, FakeRoute> = {}) {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true, writable: true });
    return { vibrate, ...mount('/payment/card/pin', routes, { seed: PIN_SEED }) };
  }

  it('has ten digit buttons in a shuffled order', async () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    mountPin();
    await flush();
    random.mockRestore();
    const order = digitButtons().map((b) => b.textContent);
    expect(order).toEqual(shuffledDigits(() => 0));
    expect(order).not.toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect([...order].sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('vibrates only once the payer has touched the page (no blocked vibration for a scripted click)', () => {
    // Only userActivation is read; the last case is a browser without it.
    const nav = (hasBeenActive?: boolean) => (hasBeenActive === undefined ? {} : { userActivation: { hasBeenActive } });
    expect(canVibrate(nav(false))).toBe(false);
    expect(canVibrate(nav(true))).toBe(true);
    expect(canVibrate(nav())).toBe(true);
  });

  it('vibrates 30 ms per tap and takes at most 4 digits', async () => {
    const { vibrate } = mountPin();
    await flush();
    expect(progress()).toBe('0 of 4 digits entered');
    for (const d of ['9', '8', '7', '6', '5', '4']) tap(d);
    expect(vibrate).toHaveBeenCalledTimes(6);
    expect(vibrate.mock.calls.every((call: unknown[]) => call[0] === 30)).toBe(true);
    expect(TAP_VIBRATION_MS).toBe(30);
    expect(progress()).toBe('4 of 4 digits entered');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(progress()).toBe('3 of 4 digits entered');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(progress()).toBe('0 of 4 digits entered');
  });

  it('takes digits and Backspace from the keyboard, and Enter authorizes', async () => {
    const { calls } = mountPin({ [PAY]: () => ({ responseCode: '00' }) });
    await flush();
    const pad = screen.getByRole('group', { name: 'PIN pad' });
    for (const key of ['4', '3', 'x', '2']) fireEvent.keyDown(pad, { key });
    expect(progress()).toBe('3 of 4 digits entered');
    fireEvent.keyDown(pad, { key: 'Backspace' });
    expect(progress()).toBe('2 of 4 digits entered');
    fireEvent.keyDown(pad, { key: '2' });
    fireEvent.keyDown(pad, { key: '1' });
    fireEvent.keyDown(screen.getByRole('heading', { name: 'Enter your card PIN' }), { key: 'Enter' });
    await flush();
    expect(calls(PAY)).toHaveLength(1);
    expect(openPin((calls(PAY)[0].body as Record<string, string>).pinBlock, VERVE)).toBe('4321');
  });

  it('takes Delete and Escape from the keyboard as the Delete and Clear keys', async () => {
    mountPin();
    await flush();
    const pad = screen.getByRole('group', { name: 'PIN pad' });
    for (const key of ['4', '3', '2']) fireEvent.keyDown(pad, { key });
    fireEvent.keyDown(pad, { key: 'Delete' });
    expect(progress()).toBe('2 of 4 digits entered');
    fireEvent.keyDown(pad, { key: 'Escape' });
    expect(progress()).toBe('0 of 4 digits entered');
  });

  it('has Clear and Delete as keys of the pad, named in words, after the nine digits and around the tenth', async () => {
    mountPin();
    await flush();
    const keys = within(screen.getByRole('group', { name: 'PIN pad' })).getAllByRole('button');
    expect(keys).toHaveLength(12);
    expect(keys[9]!.textContent).toBe('Clear');
    expect(keys[11]!.textContent).toBe('Delete');
    expect(keys[10]!.getAttribute('aria-label')).toMatch(/^Digit \d$/);
  });

  it('asks for the PIN, then for all 4 digits, before paying', async () => {
    const { http } = mountPin();
    await flush();
    expect(alerts()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Authorize' }));
    await flush();
    expect(alerts()).toEqual(['Provide card Pin']);
    tap('1');
    tap('2');
    expect(alerts()).toEqual(['Card pin is 4 digits long']);
    fireEvent.click(screen.getByRole('button', { name: 'Authorize' }));
    await flush();
    expect(http.calls).toEqual([]);
  });

  it('is not shown after a reload: the card is gone, so the entry shows', async () => {
    const { http } = mount('/payment/card/pin');
    await flush();
    expect(screen.queryByTestId('pin-pad')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Enter your card details' })).toBeTruthy();
    expect(numberField()).toBeTruthy();
    expect(http.calls).toEqual([]);
  });
});

describe('OTP', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });

  async function mountOtp(routes: Record<string, FakeRoute> = {}, otpTarget = '0803***4567') {
    const m = mount('/payment/card/otp', routes, { seed: { card: secret(MASTERCARD), otpTarget, otpSentAt: Date.now() } });
    await flush();
    // The shell fetches its later parts (the result screen and its messages) once the page is idle.
    await advance(10);
    return m;
  }
  const otpField = () => screen.getByLabelText('OTP') as HTMLInputElement;
  const authorize = () => fireEvent.click(screen.getByRole('button', { name: 'Authorize' }));

  it('counts 60 s down to the resend link; a resend says "Code sent" for 3 s and counts again', async () => {
    const { calls } = await mountOtp({ [PAY]: () => ({ responseCode: 'T0', mobilePhoneNumber: '0803***4567' }) });
    expect(OTP_RESEND_MS).toBe(60_000);
    expect(CODE_SENT_MS).toBe(3_000);
    expect(screen.getByText('Enter the one-time password (OTP) sent to 0803***4567.')).toBeTruthy();
    expect(screen.getByText('Resend OTP in 01:00')).toBeTruthy();
    await advance(OTP_RESEND_MS - 10 - 1_000);
    expect(screen.getByText('Resend OTP in 00:01')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend OTP' })).toBeNull();
    await advance(1_000);
    const resend = screen.getByRole('button', { name: 'Resend OTP' });
    fireEvent.click(resend);
    await flush();
    expect(calls(PAY)).toHaveLength(1);
    expect(calls(PAY)[0].body).toMatchObject({ resendOtp: true });
    expect(screen.getByText('Code sent')).toBeTruthy();
    await advance(CODE_SENT_MS - 1);
    expect(screen.getByText('Code sent')).toBeTruthy();
    await advance(1);
    expect(screen.queryByText('Code sent')).toBeNull();
    expect(screen.getByText('Resend OTP in 00:57')).toBeTruthy();
  });

  it('asks for the code on an empty submit, and for all of it when short, without a call', async () => {
    const { http } = await mountOtp();
    authorize();
    await flush();
    expect(alerts()).toEqual(['Kindly enter otp sent to your phone number']);
    fireEvent.change(otpField(), { target: { value: '12a3' } });
    expect(otpField().value).toBe('123');
    expect(alerts()).toEqual(['OTP is incomplete']);
    authorize();
    await flush();
    expect(http.calls).toEqual([]);
  });

  it('asks for the card OTP in words of its own when the API named no phone (phone, email or token)', async () => {
    const { http } = await mountOtp({}, '');
    authorize();
    await flush();
    expect(alerts()).toEqual(['Provide card otp']);
    expect(http.calls).toEqual([]);
  });

  it('T1: "Invalid OTP provided" with the field cleared; then a right code completes', async () => {
    let code = 'T1';
    const { calls, checkout } = await mountOtp({ [OTP]: () => ({ responseCode: code }) });
    // The words of T1 come with the result screen's chunk, which the shell fetches once idle (see flow.test.ts).
    await vi.waitFor(() => expect(createI18n('en', []).t('core.code.invalidOtp')).toBe('Invalid OTP provided'));
    fireEvent.change(otpField(), { target: { value: '000000' } });
    authorize();
    await flush();
    expect(calls(OTP)).toHaveLength(1);
    expect(otpField().value).toBe('');
    expect(checkout.state.result).toBeNull();
    expect(alerts()).toEqual(['Invalid OTP provided']);
    code = '00';
    fireEvent.change(otpField(), { target: { value: '123456' } });
    authorize();
    await flush();
    expect(calls(OTP)[1].body).toMatchObject({ twoFactorAuthenticationCode: '123456' });
    expect(checkout.state.result?.responseCode).toBe('00');
  });

  it('after a reload there is no card to resend with, so no resend link', async () => {
    mount('/payment/card/otp');
    await flush();
    expect(screen.getByRole('heading', { name: 'Enter OTP' })).toBeTruthy();
    expect(screen.queryByText(/Resend OTP/)).toBeNull();
  });
});

describe('3-D Secure', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    // happy-dom reports each frame it does not load, on the console it was given.
    vi.spyOn(nodeConsole, 'error').mockImplementation(() => undefined);
  });

  const CHALLENGE = { responseCode: 'T0', requiresCentinelAuthorization: true, cardinalInfo: { url: ISSUER } };
  const cardinalSeed = (ddc?: typeof DDC): FlowSeed => ({
    card: secret(VISA),
    config: { responseCode: '00', cardTypeGatewayConfiguration: { supportsCardinalAuthentication: true }, cardinalAuthenticationInformation: ddc },
  });
  const ddcFrame = (container: HTMLElement) => container.querySelector<HTMLIFrameElement>(`iframe[src="${DDC.deviceDataCollectionUrl}"]`);
  const issuerFrame = () => screen.queryByTestId('issuer-frame') as HTMLIFrameElement | null;

  it('collects device data in a hidden frame, removed after 7 s, then pays once with its reference', async () => {
    const { container, calls } = mount(
      '/payment/card/cardinal',
      { [PAY]: () => CHALLENGE, [STATUS]: () => ({ responseCode: 'T1' }) },
      { seed: cardinalSeed(DDC) },
    );
    await flush();
    expect(DEVICE_COLLECTION_MS).toBe(7_000);
    const frame = ddcFrame(container);
    expect(frame).not.toBeNull();
    expect(frame!.getAttribute('aria-hidden')).toBe('true');
    expect(calls(PAY)).toEqual([]);
    await advance(DEVICE_COLLECTION_MS - 1);
    expect(ddcFrame(container)).not.toBeNull();
    expect(calls(PAY)).toEqual([]);
    await advance(1);
    expect(ddcFrame(container)).toBeNull();
    expect(calls(PAY)).toHaveLength(1);
    expect(calls(PAY)[0].body).toMatchObject({ cardinalReferenceId: 'ref-1' });
    expect(issuerFrame()?.getAttribute('src')).toBe(ISSUER);
  });

  it('pays when the collection page has loaded, and only once', async () => {
    const { container, calls } = mount(
      '/payment/card/cardinal',
      { [PAY]: () => CHALLENGE, [STATUS]: () => ({ responseCode: 'T1' }) },
      { seed: cardinalSeed(DDC) },
    );
    await flush();
    fireEvent.load(ddcFrame(container)!);
    await flush();
    expect(calls(PAY)).toHaveLength(1);
    fireEvent.load(ddcFrame(container)!);
    await advance(DEVICE_COLLECTION_MS);
    expect(ddcFrame(container)).toBeNull();
    expect(calls(PAY)).toHaveLength(1);
  });

  it("shows the issuer's page under a spinner and asks the status every 2 s while T1; T0 authenticates and completes", async () => {
    let status: Record<string, unknown> = { responseCode: 'T1' };
    const { calls, checkout } = mount(
      '/payment/card/cardinal',
      { [PAY]: () => CHALLENGE, [STATUS]: () => status, [AUTH_CARDINAL]: () => ({ responseCode: '00', paymentReference: 'REF-3DS' }) },
      { seed: cardinalSeed() },
    );
    // The first status request is due at once (a 0 ms timer).
    await advance(0);
    // No collection page: the payment goes at once.
    expect(calls(PAY)).toHaveLength(1);
    expect(calls(PAY)[0].body).not.toHaveProperty('cardinalReferenceId', expect.anything());
    const frame = issuerFrame()!;
    expect(frame.getAttribute('src')).toBe(ISSUER);
    expect(frame.parentElement!.getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByText('Connecting to your bank…').length).toBeGreaterThan(0);
    fireEvent.load(frame);
    expect(frame.parentElement!.getAttribute('aria-busy')).toBe('false');
    expect(CARDINAL_POLL_MS).toBe(2_000);
    expect(calls(STATUS)).toHaveLength(1);
    expect(calls(STATUS)[0].opts?.params).toEqual({ paymentId: '4242001' });
    await advance(CARDINAL_POLL_MS - 1);
    expect(calls(STATUS)).toHaveLength(1);
    await advance(1);
    expect(calls(STATUS)).toHaveLength(2);
    await advance(CARDINAL_POLL_MS);
    expect(calls(STATUS)).toHaveLength(3);
    status = { responseCode: 'T0', eciFlag: '05', transactionId: 'tx-9' };
    await advance(CARDINAL_POLL_MS);
    expect(calls(STATUS)).toHaveLength(4);
    expect(calls(AUTH_CARDINAL)).toHaveLength(1);
    expect(calls(AUTH_CARDINAL)[0].body).toMatchObject({ cardinalInfo: { eciFlag: '05', transactionId: 'tx-9' }, paymentId: '4242001' });
    expect(checkout.state.result).toMatchObject({ responseCode: '00', paymentReference: 'REF-3DS' });
    await advance(CARDINAL_POLL_MS * 3);
    expect(calls(STATUS)).toHaveLength(4);
  });

  it('another status code completes with it', async () => {
    const { calls, checkout } = mount(
      '/payment/card/cardinal',
      { [PAY]: () => CHALLENGE, [STATUS]: () => ({ responseCode: '05' }) },
      { seed: cardinalSeed() },
    );
    await advance(0);
    expect(checkout.state.result?.responseCode).toBe('05');
    expect(calls(AUTH_CARDINAL)).toEqual([]);
    await advance(CARDINAL_POLL_MS * 2);
    expect(calls(STATUS)).toHaveLength(1);
  });

  it('never gives a frame a javascript: URL', async () => {
    const { container, calls } = mount(
      '/payment/card/cardinal',
      { [PAY]: () => ({ ...CHALLENGE, cardinalInfo: { url: 'javascript:alert(document.domain)' } }), [STATUS]: () => ({ responseCode: 'T1' }) },
      { seed: cardinalSeed({ ...DDC, deviceDataCollectionUrl: 'javascript:alert(1)' }) },
    );
    await flush();
    // No collection page it may load: the payment goes at once.
    expect(calls(PAY)).toHaveLength(1);
    await advance(DEVICE_COLLECTION_MS);
    expect(issuerFrame()).toBeNull();
    for (const f of container.querySelectorAll('iframe')) expect(f.getAttribute('src') ?? '').toMatch(/^https?:/);
    expect(container.innerHTML).not.toContain('javascript:');
  });

  it('resolves a relative issuer URL against the API and refuses other schemes', () => {
    expect(frameUrl('/acs/challenge', 'https://api.example')).toBe('https://api.example/acs/challenge');
    expect(frameUrl('http://acs.example/a', '')).toBe('http://acs.example/a');
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' javascript:alert(1)', 'data:text/html,x', 'vbscript:x', '', undefined]) {
      expect(frameUrl(bad, 'https://api.example')).toBeNull();
    }
  });

  it('after a reload there is no card, so the entry shows and nothing is paid', async () => {
    const { http } = mount('/payment/card/cardinal');
    await flush();
    expect(screen.getByRole('heading', { name: 'Enter your card details' })).toBeTruthy();
    expect(http.calls).toEqual([]);
  });
});
