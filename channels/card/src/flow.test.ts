import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CODE_ALREADY_PAID, coreMessages, createI18n, HttpError } from '@oja/core';
import { buildResult } from '@oja/core/completion';
import type { PaymentProps } from '@oja/core';
import { fakeHttp, testCheckout } from '@oja/testing';
import type { FakeRoute } from '@oja/testing';
import card from './index';
import {
  cardFlow,
  CARDINAL_PATH,
  CODE_OTP,
  finishCardinal,
  forgetCard,
  hasCard,
  lendCardSteps,
  needsCardinal,
  OTP_PATH,
  pay,
  PIN_PATH,
  resendOtp,
  seedFlow,
  submitCard,
  submitOtp,
  submitPin,
} from './flow';
import type { BinConfiguration, PayResponse } from './api';
import type { CardSecret } from './crypto';
import { openPin, openSecureData } from './sandboxCrypto';
import { messages } from './messages';
import { screenMessages } from './screenMessages';
import { retry } from '@oja/core/attempt';

const VERVE = '5060990580000217499';
const MASTERCARD = '5123450000000008';
const VISA = '4000000000002503';
const secret = (pan: string): CardSecret => ({ pan, expiry: '3012', cvv: '123' });

const BIN = 'POST /api/v1/merchantbins';
const PAY = 'POST /api/v1/pay';
const BULK = 'POST /api/v1/payments';
const OTP = 'POST /api/v1/pay/authenticateToken';
const AUTH_CARDINAL = 'POST /api/v1/pay/authenticateCardinal';

const bin =
  (g: BinConfiguration['cardTypeGatewayConfiguration'] = {}, extra: Partial<BinConfiguration> = {}): FakeRoute =>
  () => ({
    responseCode: '00',
    cardTypeGatewayConfiguration: g,
    ...extra,
  });
const DDC = { referenceId: 'ref-1', deviceDataCollectionUrl: 'https://ddc.example/collect', accessToken: 'jwt' };

/** A checkout on the card channel whose navigation is recorded. */
function setup(routes: Record<string, FakeRoute>, props: Partial<PaymentProps> = {}) {
  const http = fakeHttp(routes);
  const c = testCheckout({ channels: [card], http, props });
  const navigate = vi.fn();
  c.navigate = navigate;
  const calls = (key: string) => http.calls.filter((call) => call.key === key);
  return { c, http, navigate, calls };
}

const to = (path: string, replace = false) => [`${path}?p=test-session`, { replace }];

/** An answer the test releases when it likes. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

beforeAll(async () => {
  // The encryption chunk, as the page loads it at the first keystroke.
  await import('./crypto');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('submitCard', () => {
  it('asks the BIN configuration with the sealed card, never the PAN, then opens the PIN step', async () => {
    const { c, http, navigate, calls } = setup({ [BIN]: bin({ supportsPin: true }) });
    await submitCard(c, secret(VERVE));
    expect(calls(BIN)).toHaveLength(1);
    // In the body, never the URL (access logs).
    expect(calls(BIN)[0].opts?.params).toBeUndefined();
    const params = calls(BIN)[0].body as Record<string, string>;
    expect(params).toMatchObject({ merchantCode: 'MX_DEMO', payableCode: 'Default_Payable_MX_DEMO', paymentId: '4242001', pinBlock: '' });
    expect(params.secureData).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(openSecureData(params.secureData)).toEqual({ pan: VERVE, exp: '3012', cvv: '123' });
    expect(JSON.stringify(http.calls)).not.toContain(VERVE);
    expect(navigate).toHaveBeenCalledWith(...to(PIN_PATH));
    expect(hasCard(c)).toBe(true);
    expect(calls(PAY)).toEqual([]);
    expect(c.state.result).toBeNull();
  });

  it.each([
    ['supportsCardinalAuthentication', { supportsCardinalAuthentication: true }],
    ['supportThreeDsAuthentication', { supportThreeDsAuthentication: true }],
  ])('opens the 3-D Secure step when the card type has %s', async (_, g) => {
    const { c, navigate, calls } = setup({ [BIN]: bin(g) });
    await submitCard(c, secret(VISA));
    expect(navigate).toHaveBeenCalledWith(...to(CARDINAL_PATH));
    expect(calls(PAY)).toEqual([]);
  });

  it('runs device data collection for a Visa card paying in Kenyan shillings (404)', async () => {
    const { c, navigate, calls } = setup({ [BIN]: bin({}, { cardinalAuthenticationInformation: DDC }) }, { currencyCode: '404' });
    await submitCard(c, secret(VISA));
    expect(navigate).toHaveBeenCalledWith(...to(CARDINAL_PATH));
    expect(calls(PAY)).toEqual([]);
  });

  it('pays directly otherwise: a Kenyan Mastercard, a Visa in naira, a card needing nothing', async () => {
    const cases: Array<[string, string, BinConfiguration['cardinalAuthenticationInformation']]> = [
      ['404', MASTERCARD, DDC],
      ['566', VISA, DDC],
      ['404', VISA, undefined],
      ['566', MASTERCARD, undefined],
    ];
    for (const [currencyCode, pan, ddc] of cases) {
      const { c, navigate, calls } = setup(
        { [BIN]: bin({}, { cardinalAuthenticationInformation: ddc }), [PAY]: () => ({ responseCode: '00' }) },
        { currencyCode },
      );
      await submitCard(c, secret(pan));
      expect(navigate, `${currencyCode} ${pan}`).not.toHaveBeenCalled();
      expect(calls(PAY), `${currencyCode} ${pan}`).toHaveLength(1);
      expect(c.state.result?.responseCode).toBe('00');
    }
  });

  it('needsCardinal follows the card type, and the Kenyan Visa rule only with collection information', () => {
    const c = testCheckout({ channels: [card], props: { currencyCode: '404' } });
    expect(needsCardinal(c, null, VISA)).toBe(false);
    expect(needsCardinal(c, { responseCode: '00', cardinalAuthenticationInformation: DDC }, VISA)).toBe(true);
    expect(needsCardinal(c, { responseCode: '00', cardinalAuthenticationInformation: DDC }, VERVE)).toBe(false);
    expect(needsCardinal(c, { responseCode: '00', cardTypeGatewayConfiguration: { supportThreeDsAuthentication: true } }, VERVE)).toBe(true);
  });

  it('completes with the BIN lookup code and its message when it is not 00 (Z8: card not accepted)', async () => {
    const { c, navigate, calls } = setup({ [BIN]: () => ({ responseCode: 'Z8', responseDescription: 'Card not accepted' }) });
    await submitCard(c, secret('4000000000000002'));
    expect(c.state.result).toMatchObject({ responseCode: 'Z8', messageKey: 'core.code.notAccepted', responseDescription: 'Card not accepted' });
    expect(navigate).not.toHaveBeenCalled();
    expect(calls(PAY)).toEqual([]);
    expect(hasCard(c)).toBe(false);
  });

  it.each([
    ['a network failure', new HttpError('Network error', 'network')],
    ['an HTTP error', new HttpError('HTTP 500', 'http', 500)],
    ['a timeout', new HttpError('Request timed out', 'timeout')],
  ])('completes with an empty response code and the default message on %s of the BIN lookup', async (_, error) => {
    const { c, navigate, calls } = setup({
      [BIN]: () => {
        throw error;
      },
    });
    await submitCard(c, secret(VERVE));
    expect(c.state.result).toEqual({ responseCode: '', messageKey: 'core.error.default' });
    expect(navigate).not.toHaveBeenCalled();
    expect(calls(PAY)).toEqual([]);
  });

  it('makes one BIN request when Pay is pressed twice', async () => {
    const answer = deferred<unknown>();
    const { c, calls } = setup({ [BIN]: () => answer.promise, [PAY]: () => ({ responseCode: '00' }) });
    const first = submitCard(c, secret(MASTERCARD));
    const second = submitCard(c, secret(MASTERCARD));
    await second;
    expect(cardFlow(c).busy).toBe(true);
    answer.resolve({ responseCode: '00' });
    await first;
    expect(calls(BIN)).toHaveLength(1);
    expect(calls(PAY)).toHaveLength(1);
  });
});

describe('pay', () => {
  async function payWith(answer: FakeRoute, props: Partial<PaymentProps> = {}) {
    const s = setup({ [BIN]: bin(), [PAY]: answer, [BULK]: answer }, props);
    await submitCard(s.c, secret(MASTERCARD));
    return s;
  }

  it('sends the sealed card with the payment, and 00 completes with the answer', async () => {
    const { c, http, calls, navigate } = await payWith(() => ({
      responseCode: '00',
      responseDescription: 'Approved',
      paymentReference: 'FBN|WEB|1',
      amount: 150000,
    }));
    const body = calls(PAY)[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      merchantCode: 'MX_DEMO',
      paymentId: '4242001',
      amount: 150000,
      currencyCode: '566',
      transactionReference: 'TXN-0001',
      sessionId: '4242001',
      pinBlock: '',
    });
    expect(openSecureData(body.secureData)).toEqual({ pan: MASTERCARD, exp: '3012', cvv: '123' });
    expect(body.deviceInformation).toMatchObject({ channelBrowser: 'WEB' });
    expect(JSON.stringify(http.calls)).not.toContain(MASTERCARD);
    expect(navigate).not.toHaveBeenCalled();
    expect(c.state.result).toEqual({ responseCode: '00', responseDescription: 'Approved', paymentReference: 'FBN|WEB|1', amount: 150000 });
    // What the merchant receives.
    expect(buildResult(c.state.props, c.state.result!)).toMatchObject({ resp: '00', payRef: 'FBN|WEB|1', amount: '150000', desc: 'Approved' });
  });

  it('T0 without cardinal authorization opens the OTP step in place of the current one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T10:00:00Z'));
    const { c, navigate } = await payWith(() => ({ responseCode: 'T0', mobilePhoneNumber: '0803***4567' }));
    expect(navigate).toHaveBeenCalledWith(...to(OTP_PATH, true));
    expect(c.state.result).toBeNull();
    expect(cardFlow(c)).toMatchObject({ otpTarget: '0803***4567', otpSentAt: Date.parse('2030-01-01T10:00:00Z') });
  });

  it('cardinal information opens the 3-D Secure step with the issuer page', async () => {
    const cardinalInfo = { url: 'https://acs.example/challenge', transactionId: 'tx-1' };
    const { c, navigate } = await payWith(() => ({ responseCode: 'T0', requiresCentinelAuthorization: true, cardinalInfo }));
    expect(navigate).toHaveBeenCalledWith(...to(CARDINAL_PATH, true));
    expect(cardFlow(c).cardinal).toEqual(cardinalInfo);
    expect(c.state.result).toBeNull();
  });

  it.each([
    ['51', 'core.code.insufficientFunds'],
    ['S3', 'core.code.declinedUseAnotherCard'],
    ['Z8', 'core.code.notAccepted'],
    ['91', 'core.code.unableTryLater'],
    ['T0', 'core.error.default'],
    ['QQ', 'core.error.default'],
  ])('%s completes with its message', async (code, messageKey) => {
    const { c, navigate } = await payWith(() => ({ responseCode: code, requiresCentinelAuthorization: true }));
    expect(c.state.result).toMatchObject({ responseCode: code, messageKey });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a failed payment call completes with an empty code', async () => {
    const { c } = await payWith(() => {
      throw new HttpError('Network error', 'network');
    });
    expect(c.state.result).toEqual({ responseCode: '', messageKey: 'core.error.default' });
  });

  it('a payment paid meanwhile (another tab): the refusal completes with its code and the already-paid message', async () => {
    const { c } = await payWith(() => {
      throw new HttpError('HTTP 409', 'http', 409, { responseCode: CODE_ALREADY_PAID, responseDescription: 'already paid' });
    });
    expect(c.state.result).toEqual({ responseCode: CODE_ALREADY_PAID, messageKey: 'core.error.alreadyPaid' });
    expect(createI18n('en', [coreMessages]).t('core.error.alreadyPaid')).toMatch(/already been paid/);
    expect(createI18n('fr', [coreMessages]).t('core.error.alreadyPaid')).toMatch(/déjà été effectué/);
  });

  it('a card entered after the payment was paid meanwhile is told so, not "something went wrong"', async () => {
    const { c } = setup({
      [BIN]: () => {
        throw new HttpError('HTTP 409', 'http', 409, { responseCode: CODE_ALREADY_PAID });
      },
    });
    await submitCard(c, secret(VERVE));
    expect(cardFlow(c).error ?? c.state.result?.messageKey).toBe('core.error.alreadyPaid');
  });

  it('a bulk payment goes to the bulk service and completes with 09 on 00', async () => {
    const item = { currencyCode: '566', payableCode: 'Default_Payable_MX_DEMO', merchantCode: 'MX_DEMO' };
    const payItems = [
      { ...item, name: 'Fees', amount: 100000, transactionReference: 'TXN-0001-A' },
      { ...item, name: 'Levy', amount: 50000, transactionReference: 'TXN-0001-B' },
    ];
    const { c, calls } = await payWith(() => ({ responseCode: '00', paymentReference: 'BULK-1' }), { isBulkPayment: true, payItems });
    expect(calls(PAY)).toEqual([]);
    expect(calls(BULK)).toHaveLength(1);
    const body = calls(BULK)[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ paymentId: '4242001', amount: 150000, payItems });
    expect(openSecureData(body.secureData)?.pan).toBe(MASTERCARD);
    expect(c.state.result).toMatchObject({ responseCode: '09', paymentReference: 'BULK-1' });
    expect(c.state.result).not.toHaveProperty('messageKey');
  });

  it('a bulk payment completes with the error code otherwise', async () => {
    const { c } = await payWith(() => ({ responseCode: '51' }), { isBulkPayment: true });
    expect(c.state.result).toMatchObject({ responseCode: '51', messageKey: 'core.code.insufficientFunds' });
  });

  it('a second press while paying makes no second request, and a payment made answers again without one', async () => {
    const answer = deferred<unknown>();
    const { c, calls } = setup({ [BIN]: bin({ supportsPin: true }), [PAY]: () => answer.promise });
    await submitCard(c, secret(VERVE));
    const first = pay(c);
    expect(await pay(c)).toBeUndefined();
    await submitPin(c, '1234');
    answer.resolve({ responseCode: 'T0', mobilePhoneNumber: '080' });
    const r = await first;
    expect(r).toEqual({ responseCode: 'T0', mobilePhoneNumber: '080' });
    expect(calls(PAY)).toHaveLength(1);
    expect(await pay(c)).toEqual(r);
    expect(calls(PAY)).toHaveLength(1);
  });

  it('does nothing without a card', async () => {
    const { c, http } = setup({});
    expect(await pay(c)).toBeUndefined();
    expect(http.calls).toEqual([]);
  });
});

describe('submitPin', () => {
  it('seals the PIN with the card and pays', async () => {
    const { c, calls } = setup({ [BIN]: bin({ supportsPin: true }), [PAY]: () => ({ responseCode: '00' }) });
    await submitCard(c, secret(VERVE));
    await submitPin(c, '1234');
    const body = calls(PAY)[0].body as Record<string, string>;
    expect(openPin(body.pinBlock, VERVE)).toBe('1234');
    expect(openSecureData(body.secureData)?.pan).toBe(VERVE);
    expect(c.state.result?.responseCode).toBe('00');
  });

  it('goes on to 3-D Secure when the card needs both, in place of the PIN step', async () => {
    const { c, navigate, calls } = setup({ [BIN]: bin({ supportsPin: true, supportsCardinalAuthentication: true }) });
    await submitCard(c, secret(VERVE));
    expect(navigate).toHaveBeenLastCalledWith(...to(PIN_PATH));
    await submitPin(c, '1234');
    expect(navigate).toHaveBeenLastCalledWith(...to(CARDINAL_PATH, true));
    expect(calls(PAY)).toEqual([]);
  });
});

describe('OTP', () => {
  async function atOtp(routes: Record<string, FakeRoute>) {
    const s = setup({ [BIN]: bin(), [PAY]: () => ({ responseCode: 'T0', mobilePhoneNumber: '0803***4567' }), ...routes });
    await submitCard(s.c, secret(MASTERCARD));
    expect(s.navigate).toHaveBeenCalledWith(...to(OTP_PATH, true));
    return s;
  }

  it('T1 is an invalid OTP: the message, and no completion; then 00 completes', async () => {
    let code = 'T1';
    const { c, calls } = await atOtp({ [OTP]: () => ({ responseCode: code }) });
    await submitOtp(c, '000000');
    expect(calls(OTP)[0].body).toEqual({
      twoFactorAuthenticationCode: '000000',
      merchantCode: 'MX_DEMO',
      payableCode: 'Default_Payable_MX_DEMO',
      paymentId: '4242001',
    });
    expect(cardFlow(c).error).toBe('card.otp.invalid');
    expect(c.state.result).toBeNull();
    code = '00';
    await submitOtp(c, '123456');
    expect(cardFlow(c).error).toBeNull();
    expect(c.state.result?.responseCode).toBe('00');
  });

  it('another code completes with its message', async () => {
    const { c } = await atOtp({ [OTP]: () => ({ responseCode: 'S3' }) });
    await submitOtp(c, '123456');
    expect(c.state.result).toMatchObject({ responseCode: 'S3', messageKey: 'core.code.declinedUseAnotherCard' });
  });

  it('a failed OTP call keeps the payer on the step with a message', async () => {
    let error = new HttpError('Network error', 'network');
    const { c } = await atOtp({
      [OTP]: () => {
        throw error;
      },
    });
    await submitOtp(c, '123456');
    expect(cardFlow(c).error).toBe('core.error.default');
    error = new HttpError('Request timed out', 'timeout');
    await submitOtp(c, '123456');
    expect(cardFlow(c).error).toBe('card.error.timeout');
    expect(c.state.result).toBeNull();
  });

  it('resend asks for a fresh code for the same payment and restarts the countdown', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T10:00:00Z'));
    const { c, calls } = await atOtp({});
    const sentAt = cardFlow(c).otpSentAt;
    vi.setSystemTime(new Date('2030-01-01T10:01:05Z'));
    expect(await resendOtp(c)).toBe(true);
    expect(calls(PAY)).toHaveLength(2);
    expect(calls(PAY)[0].body).not.toHaveProperty('resendOtp', true);
    expect(calls(PAY)[1].body).toMatchObject({ resendOtp: true });
    expect((calls(PAY)[1].body as Record<string, string>).secureData).toBe((calls(PAY)[0].body as Record<string, string>).secureData);
    expect(cardFlow(c).otpSentAt).toBe(sentAt + 65_000);
    expect(c.state.result).toBeNull();
  });

  it('resend without a card in memory asks nothing', async () => {
    const { c, http } = setup({});
    expect(await resendOtp(c)).toBe(false);
    expect(http.calls).toEqual([]);
  });
});

describe('finishCardinal', () => {
  it("authenticates with the issuer's ECI flag and transaction id, then completes", async () => {
    const { c, calls } = setup({ [AUTH_CARDINAL]: () => ({ responseCode: '00', paymentReference: 'REF-3DS' }) });
    seedFlow(c, {
      card: secret(VISA),
      sealed: { secureData: 'sealed-card', pinBlock: '' },
      cardinal: { url: 'https://acs.example/challenge', transactionId: 'old' },
    });
    await finishCardinal(c, { responseCode: 'T0', eciFlag: '05', transactionId: 'tx-9' } as PayResponse);
    expect(calls(AUTH_CARDINAL)[0].body).toEqual({
      merchantCode: 'MX_DEMO',
      payableCode: 'Default_Payable_MX_DEMO',
      paymentId: '4242001',
      cardinalInfo: { eciFlag: '05', transactionId: 'tx-9' },
      secureData: 'sealed-card',
      pinBlock: '',
    });
    expect(c.state.result).toMatchObject({ responseCode: '00', paymentReference: 'REF-3DS' });
  });

  it('a refused authentication completes with its code', async () => {
    const { c } = setup({ [AUTH_CARDINAL]: () => ({ responseCode: '05' }) });
    seedFlow(c, { card: secret(VISA), cardinal: { url: 'https://acs.example/challenge', eciFlag: '07', transactionId: 'tx-1' } });
    await finishCardinal(c, { responseCode: 'T0' });
    expect(c.state.result).toMatchObject({ responseCode: '05', messageKey: 'core.code.declined' });
  });
});

describe('the flow of an attempt', () => {
  it('a retry starts a fresh flow with no card', async () => {
    const { c } = setup({ [BIN]: bin({ supportsPin: true }) });
    await submitCard(c, secret(VERVE));
    const before = cardFlow(c);
    expect(before.config).not.toBeNull();
    expect(hasCard(c)).toBe(true);
    retry(c);
    const after = cardFlow(c);
    expect(after).not.toBe(before);
    expect(after).toMatchObject({ busy: false, error: null, config: null, payment: null, cardinal: null, loan: null });
    expect(hasCard(c)).toBe(false);
    expect(cardFlow(c)).toBe(after);
  });

  it('forgetCard drops the card: a PIN then pays nothing', async () => {
    const { c, calls } = setup({ [BIN]: bin({ supportsPin: true }), [PAY]: () => ({ responseCode: '00' }) });
    await submitCard(c, secret(VERVE));
    forgetCard(c);
    expect(hasCard(c)).toBe(false);
    await submitPin(c, '1234');
    expect(calls(PAY)).toEqual([]);
  });

  it('keeps card data out of the flow state', async () => {
    const { c } = setup({ [BIN]: bin({ supportsPin: true }) });
    await submitCard(c, secret(VERVE));
    expect(JSON.stringify(cardFlow(c))).not.toContain(VERVE);
    expect(JSON.stringify(c.state)).not.toContain(VERVE);
  });

  it("a channel borrowing the steps sends its fields with the BIN lookup and every payment call, never over the card's", async () => {
    const { c, calls } = setup({ [BIN]: bin(), [PAY]: () => ({ responseCode: CODE_OTP, mobilePhoneNumber: '080****1234' }) });
    lendCardSteps(c, { channel: 'wallet', lookupFields: { cardHash: 'h1' }, paymentFields: { walletInfo: { walletId: 'W1' }, paymentId: 'forged' } });
    await submitCard(c, { pan: '', expiry: '3012', cvv: '123' });
    expect(calls(BIN)[0].body).toMatchObject({ cardHash: 'h1' });
    expect(calls(PAY)[0].body).toMatchObject({ walletInfo: { walletId: 'W1' }, paymentId: c.state.props.paymentId });
    await resendOtp(c);
    expect(calls(PAY)[1].body).toMatchObject({ walletInfo: { walletId: 'W1' }, resendOtp: true });
  });

  it("answers a refused lookup to a borrower that keeps refusals, and completes nothing; the card's own refusals complete", async () => {
    const refused = () => ({ responseCode: '14', responseDescription: 'Token refused' });
    const kept = setup({ [BIN]: refused });
    lendCardSteps(kept.c, { channel: 'google-pay', lookupFields: { googlePayToken: 't' }, keepsRefusal: true });
    expect(await submitCard(kept.c, secret(VISA))).toEqual({ responseCode: '14', responseDescription: 'Token refused' });
    expect(kept.c.state.result).toBeNull();
    expect(hasCard(kept.c)).toBe(false);
    expect(kept.navigate).not.toHaveBeenCalled();

    const typed = setup({ [BIN]: refused });
    expect(await submitCard(typed.c, secret(VISA))).toBeUndefined();
    expect(typed.c.state.result?.responseCode).toBe('14');
  });

  it('ends with the visit: Retry wipes the card and the loan, and aborts the call in flight', async () => {
    let answer: (v: unknown) => void = () => {};
    const { c } = setup({ [BIN]: () => new Promise((resolve) => (answer = resolve)) });
    lendCardSteps(c, { channel: 'wallet' });
    const submitting = submitCard(c, secret(VERVE));
    await vi.waitFor(() => expect(cardFlow(c).busy).toBe(true));
    retry(c);
    answer({ responseCode: '00', cardTypeGatewayConfiguration: { supportsPin: true } });
    await submitting;
    expect(hasCard(c)).toBe(false);
    expect(cardFlow(c)).toMatchObject({ busy: false, loan: null, config: null });
  });
});

describe('step messages', () => {
  it("are worded by core's first-screen strings and the card's own, without the result screen's chunk", () => {
    // What the PIN, OTP and 3-D Secure screens have when they show a step's error: the result screen (and the
    // strings it registers) is a separate chunk, fetched once the page is idle and perhaps not at all.
    const i18n = createI18n('en', [coreMessages, messages, screenMessages]);
    expect(i18n.t('core.error.default')).toBe('Something went wrong. Please try again.');
    expect(i18n.t('card.error.timeout')).toBe('This is taking longer than expected. Please try again.');
    expect(i18n.t('card.otp.invalid')).toBe('Invalid OTP provided');
  });
});
