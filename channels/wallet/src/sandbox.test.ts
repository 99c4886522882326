// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttp, HttpError } from '@oja/core';
import type { PaymentProps } from '@oja/core';
import { createSandbox, listenSandbox, SANDBOX_ACCESS_TOKEN } from '@oja/sandbox';
import type { Sandbox } from '@oja/sandbox';
import { callContext } from '@oja/testing';
import { SANDBOX_OTP, SANDBOX_PIN, sandbox as cardSandbox } from '@oja/card/sandbox';
// The page's own encryption, to pay a saved card as the page does (the card package exports no other way in).
import { encryptCard } from '../../card/src/crypto';
import { signIn, walletByToken } from './api';
import type { WalletCard } from './api';
import plugin, { SANDBOX_WALLET_ID, SANDBOX_WALLET_PASSWORD, SANDBOX_WALLET_USERNAMES, sandbox } from './sandbox';

let sb: Sandbox;
let close: () => Promise<void>;
let base: string;

beforeAll(async () => {
  sb = createSandbox([
    { id: 'card', part: cardSandbox },
    { id: 'wallet', part: sandbox },
  ]);
  ({ base, close } = await listenSandbox(sb));
});

afterAll(async () => {
  await close();
});

type Json = Record<string, any>;

async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

let ref = 0;
async function newPayment(): Promise<PaymentProps> {
  const { json } = await call('POST', '/api/v1/pay-page', {
    merchant_code: 'MX_DEMO',
    pay_item_id: 'Default_Payable_MX_DEMO',
    txn_ref: `WALLET-${++ref}`,
    amount: '250000',
    currency: '566',
    site_redirect_url: 'http://127.0.0.1:4401/return',
  });
  return json as PaymentProps;
}

async function refusal(p: Promise<unknown>): Promise<HttpError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(HttpError);
  return e as HttpError;
}

describe('wallet sandbox: sign-in', () => {
  it('is carried by the server build of the plugin', () => {
    expect(plugin.sandbox).toBe(sandbox);
    expect(plugin.id).toBe('wallet');
  });

  it.each(SANDBOX_WALLET_USERNAMES)('signs %s in and lists the saved cards', async (username) => {
    const props = await newPayment();
    const answer = await signIn(callContext(props, createHttp(base)), username, SANDBOX_WALLET_PASSWORD);
    expect(answer).toMatchObject({
      responseCode: '00',
      walletId: SANDBOX_WALLET_ID,
      user: { firstName: 'Ada', lastName: 'Sandbox', mobileNo: '08000000000' },
    });
    expect(answer.paymentMethods.map((c) => [c.cardTypeCode, c.maskedPan])).toEqual([
      ['VVC', '506099******7499'],
      ['VCC', '400000******2503'],
      ['MCN', '512345******0008'],
      ['QTM', ''],
    ]);
    for (const c of answer.paymentMethods) {
      expect(Object.keys(c).sort()).toEqual([
        'cardHash',
        'cardIdentifier',
        'cardTypeCode',
        'cardTypeGatewayConfiguration',
        'expiryMonth',
        'expiryYear',
        'maskedPan',
        'name',
        'walletInstrumentIdentifier',
      ]);
      expect(JSON.stringify(c)).not.toMatch(/\d{12}/);
    }
    const [verve, visa, mastercard] = answer.paymentMethods;
    expect(verve!.cardTypeGatewayConfiguration).toEqual({
      supportsPin: true,
      supportsExpiryDate: false,
      supportsCvv2: false,
      supportsCardinalAuthentication: false,
      supportThreeDsAuthentication: false,
    });
    expect(visa!.cardTypeGatewayConfiguration).toMatchObject({
      supportsPin: false,
      supportsExpiryDate: true,
      supportsCvv2: true,
      supportThreeDsAuthentication: true,
    });
    expect(mastercard!.cardTypeGatewayConfiguration).toMatchObject({
      supportsPin: false,
      supportsExpiryDate: true,
      supportsCvv2: true,
      supportThreeDsAuthentication: false,
    });
  });

  it.each([
    ['a wrong password', 'ada@oja.test', 'sandbox123'],
    ['an unknown user', 'bob@oja.test', SANDBOX_WALLET_PASSWORD],
    ['empty fields', '', ''],
  ])('refuses %s with HTTP 403', async (_, username, password) => {
    const e = await refusal(signIn(callContext(await newPayment(), createHttp(base)), username, password));
    expect(e.status).toBe(403);
    expect(e.body).toEqual({ responseCode: '403', responseDescription: 'Invalid login credentials' });
  });

  it('answers 404 for an unknown payment', async () => {
    const props = { ...(await newPayment()), paymentId: 'nope' };
    expect((await refusal(signIn(callContext(props, createHttp(base)), 'ada', SANDBOX_WALLET_PASSWORD))).status).toBe(404);
  });
});

describe('wallet sandbox: token sign-in', () => {
  it('opens the wallet with a token the merchant sign-in issued', async () => {
    const props = await newPayment();
    const issued = await call('POST', '/api/v1/pay-page/token-authentication', {
      merchantCode: props.merchantCode,
      payableCode: props.payableCode,
      accessToken: SANDBOX_ACCESS_TOKEN,
      accessTokenType: 'Bearer',
    });
    const answer = await walletByToken(callContext(props, createHttp(base)), issued.json.token);
    expect(answer).toMatchObject({ responseCode: '00', walletId: SANDBOX_WALLET_ID, user: { firstName: 'Ada' } });
    expect(answer.paymentMethods).toHaveLength(4);
  });

  it.each(['', 'made-up-token'])('refuses the token %j with HTTP 401', async (token) => {
    expect((await refusal(walletByToken(callContext(await newPayment(), createHttp(base)), token))).status).toBe(401);
  });
});

describe('wallet sandbox: paying with a saved card', () => {
  async function savedCards(props: PaymentProps): Promise<Record<string, WalletCard>> {
    const { paymentMethods } = await signIn(callContext(props, createHttp(base)), 'ada', SANDBOX_WALLET_PASSWORD);
    return Object.fromEntries(paymentMethods.map((c) => [c.cardTypeCode, c]));
  }

  const ids = (p: PaymentProps) => ({ merchantCode: p.merchantCode, payableCode: p.payableCode, paymentId: p.paymentId });

  async function bin(p: PaymentProps, c: WalletCard, sealed: { secureData: string; pinBlock: string }, cardHash = c.cardHash) {
    return (await call('POST', '/api/v1/merchantbins', { ...sealed, ...ids(p), walletInstrumentIdentifier: c.walletInstrumentIdentifier, cardHash }))
      .json;
  }

  async function pay(p: PaymentProps, c: WalletCard, sealed: { secureData: string; pinBlock: string }) {
    return (
      await call('POST', '/api/v1/pay', {
        ...sealed,
        ...ids(p),
        amount: p.checkoutAmount,
        currencyCode: p.currencyCode,
        transactionReference: p.merchantTransactionReference,
        sessionId: p.paymentId,
        instrumentIdentifier: c.walletInstrumentIdentifier,
        walletInfo: { walletId: SANDBOX_WALLET_ID, walletCardName: c.name, walletIdentifier: SANDBOX_WALLET_ID },
      })
    ).json;
  }

  it.each(['VVC', 'QTM'])('a saved Verve (%s) pays with PIN 1111', async (code) => {
    const p = await newPayment();
    const c = (await savedCards(p))[code]!;
    // A saved card has no PAN on the page: the PIN block is formatted without one, and no expiry or CVV is asked.
    const sealed = encryptCard({ pan: '', expiry: '', cvv: '' }, SANDBOX_PIN);
    expect(await bin(p, c, sealed)).toMatchObject({
      responseCode: '00',
      cardType: { typeName: 'Verve' },
      cardTypeGatewayConfiguration: { supportsPin: true, supportsExpiryDate: false },
    });
    expect(await pay(p, c, sealed)).toMatchObject({ responseCode: '00', amount: 250000, paymentReference: `OJA|CRD|${p.paymentId}` });
  });

  it('a saved Verve with a wrong PIN gives 55', async () => {
    const p = await newPayment();
    const c = (await savedCards(p)).VVC!;
    expect((await pay(p, c, encryptCard({ pan: '', expiry: '', cvv: '' }, '1112'))).responseCode).toBe('55');
  });

  it('a saved Mastercard takes expiry and CVV, then OTP 123456', async () => {
    const p = await newPayment();
    const c = (await savedCards(p)).MCN!;
    const sealed = encryptCard({ pan: '', expiry: '3012', cvv: '123' });
    expect(await bin(p, c, sealed)).toMatchObject({ responseCode: '00', cardType: { typeName: 'MasterCard' } });
    expect((await pay(p, c, sealed)).responseCode).toBe('T0');
    const done = await call('POST', '/api/v1/pay/authenticateToken', { twoFactorAuthenticationCode: SANDBOX_OTP, ...ids(p) });
    expect(done.json.responseCode).toBe('00');
  });

  it('a saved Visa goes to 3-D Secure', async () => {
    const p = await newPayment();
    const c = (await savedCards(p)).VCC!;
    const sealed = encryptCard({ pan: '', expiry: '3012', cvv: '123' });
    expect((await bin(p, c, sealed)).cardinalAuthenticationInformation).toBeDefined();
    expect(await pay(p, c, sealed)).toMatchObject({ responseCode: 'S0', requiresCentinelAuthorization: true });
  });

  it('refuses a saved card whose hash does not match with 14', async () => {
    const p = await newPayment();
    const c = (await savedCards(p)).VVC!;
    expect((await bin(p, c, encryptCard({ pan: '', expiry: '', cvv: '' }), 'wrong')).responseCode).toBe('14');
  });
});
