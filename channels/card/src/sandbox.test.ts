// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, listenSandbox, styleHash, TEST_PAGE_BANNER } from '@oja/sandbox';
import type { Sandbox } from '@oja/sandbox';
import { createMemoryStore } from '@oja/store';
import { encryptCard } from './crypto';
import type { CardSecret, Encrypted } from './crypto';
import { sri } from '@oja/server';
import plugin, {
  AUTHENTICATED_ECI,
  CARDINAL_DECLINED_CODE,
  CARD_DATA_IN_URL_CODE,
  CHALLENGE_PATH,
  COLLECT_PATH,
  cardRecord,
  FINGERPRINT_PATH,
  FINGERPRINT_STAND_IN,
  NOT_BULK_CODE,
  SANDBOX_CHALLENGE_CODE,
  SANDBOX_OTP,
  SANDBOX_PIN,
  sandbox,
} from './sandbox';
import { FINGERPRINT_INTEGRITY_SETTING } from './sources';
import { openPin, openSecureData } from './sandboxCrypto';
import { TEST_CARDS, TOKEN_CARDS, tokenCardPan } from './sandboxCards';
import { validateCardNumber } from './rules';

let sb: Sandbox;
let close: () => Promise<void>;
let base: string;
/** The sandbox's second origin, where the issuer's pages and the fingerprint script are. */
let outside: string;

/** Everything the sandbox wrote to its store, as the JSON a shared store (Redis) would hold. */
const written: string[] = [];

beforeAll(async () => {
  const store = createMemoryStore({ maxEntries: 10_000 });
  const set = store.set.bind(store);
  store.set = (key, value, options) => {
    written.push(`${key} ${JSON.stringify(value)}`);
    return set(key, value, options);
  };
  sb = createSandbox([{ id: 'card', part: sandbox }], { store });
  ({ base, outsideBase: outside, close } = await listenSandbox(sb));
});

afterAll(async () => {
  await close();
});

type Json = Record<string, any>;

/** A call to the API's origin, or to an absolute URL (the second origin's). */
async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(/^https?:/.test(path) ? path : base + path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    json: (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined) as Json,
    text,
    headers: res.headers,
  };
}

async function postForm(path: string, fields: Record<string, string>, at = outside) {
  const res = await fetch(at + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

let ref = 0;
async function newPayment(fields: Record<string, string> = {}): Promise<Json> {
  const { json } = await call('POST', '/api/v1/pay-page', {
    merchant_code: 'MX_DEMO',
    pay_item_id: 'Default_Payable_MX_DEMO',
    txn_ref: `CARD-${++ref}`,
    amount: '150000',
    currency: '566',
    site_redirect_url: 'http://127.0.0.1:4401/return',
    cust_mobile_no: '08031234567',
    ...fields,
  });
  expect(json.responseCode).toBe('00');
  return json;
}

/** A typed card, sealed by the page's own encryption; any future expiry, any CVV. */
const seal = (pan: string, pin?: string, expiry = '3012', cvv = '123'): Encrypted => encryptCard({ pan, expiry, cvv } satisfies CardSecret, pin);

const ids = (p: Json) => ({ merchantCode: p.merchantCode, payableCode: p.payableCode, paymentId: p.paymentId });

async function bin(p: Json, sealed: Encrypted) {
  return (await call('POST', '/api/v1/merchantbins', { ...sealed, ...ids(p) })).json;
}

async function pay(p: Json, sealed: Encrypted, extra: Json = {}) {
  return (
    await call('POST', '/api/v1/pay', {
      ...sealed,
      ...ids(p),
      amount: p.checkoutAmount,
      currencyCode: p.currencyCode,
      transactionReference: p.merchantTransactionReference,
      deviceInformation: { channelBrowser: 'WEB' },
      sessionId: p.paymentId,
      ...extra,
    })
  ).json;
}

async function otp(p: Json, code: string) {
  return (await call('POST', '/api/v1/pay/authenticateToken', { twoFactorAuthenticationCode: code, ...ids(p) })).json;
}

/** The payment as the sandbox keeps it, and the card's record on it. */
const kept = async (p: Json) => (await sb.readPayment({ paymentId: p.paymentId }))!;
const record = async (p: Json) => cardRecord(await kept(p));

const APPROVED = { responseCode: '00', responseDescription: 'Approved by Financial Institution', amount: 150000 };

describe('card sandbox', () => {
  it('is carried by the server build of the plugin', () => {
    expect(plugin.sandbox).toBe(sandbox);
    expect(plugin.id).toBe('card');
  });

  it("opens what the page's encryption sealed, and nothing else", () => {
    const sealed = seal('5060990580000217499', '1111', '3012', '321');
    expect(openSecureData(sealed.secureData)).toEqual({ pan: '5060990580000217499', exp: '3012', cvv: '321' });
    expect(openPin(sealed.pinBlock, '5060990580000217499')).toBe('1111');
    // A saved card's PIN block is formatted without the PAN.
    const saved = encryptCard({ pan: '', expiry: '', cvv: '' }, '4321');
    expect(openPin(saved.pinBlock, '')).toBe('4321');
    for (const garbage of ['', 'not base64 at all', 'AAAA', undefined, 42]) {
      expect(openSecureData(garbage)).toBeNull();
      expect(openPin(garbage, '5060990580000217499')).toBeNull();
    }
    expect(openSecureData(seal('5060990580000217499').pinBlock)).toBeNull();
  });

  it('knows only Luhn-valid test cards', () => {
    for (const c of TEST_CARDS) expect(validateCardNumber(c.pan)).toBeNull();
    expect(validateCardNumber('5060990580000217498')).toBe('card.validation.numberInvalid');
  });

  it('refuses the card lookup as a GET: card data never goes in a URL', async () => {
    const p = await newPayment();
    const res = await call('GET', `/api/v1/merchantbins?${new URLSearchParams({ ...seal('5123450000000008'), ...ids(p) })}`);
    expect(res.status).toBe(405);
    expect(res.json).toEqual({ responseCode: CARD_DATA_IN_URL_CODE, responseDescription: expect.stringMatching(/POST .*body/) });
    // Refused before reading anything: no lookup counted, no card held.
    expect((await record(p)).binLookups).toBe(0);
    expect((await record(p)).card).toBeUndefined();
    // The same lookup POSTed is answered.
    expect(await bin(p, seal('5123450000000008'))).toMatchObject({ responseCode: '00', cardType: { typeName: 'MasterCard' } });
  });

  it('answers 404 for an unknown payment', async () => {
    const unknown = { merchantCode: 'MX_DEMO', payableCode: 'x', paymentId: 'nope' };
    expect((await call('POST', '/api/v1/merchantbins', { ...seal('5123450000000008'), ...unknown })).status).toBe(404);
    expect((await call('POST', '/api/v1/pay', { ...seal('5123450000000008'), ...unknown })).status).toBe(404);
  });
});

describe('card sandbox: PIN and OTP cards', () => {
  it('5061050254756707864: PIN, then OTP, then 00', async () => {
    const p = await newPayment();
    const config = await bin(p, seal('5061050254756707864'));
    expect(config).toMatchObject({
      responseCode: '00',
      cardType: { typeName: 'Verve' },
      cardTypeGatewayConfiguration: { supportsPin: true, supportThreeDsAuthentication: false },
    });
    expect(config.cardinalAuthenticationInformation).toBeUndefined();
    const sent = await pay(p, seal('5061050254756707864', SANDBOX_PIN));
    expect(sent).toMatchObject({ responseCode: 'T0', requiresCentinelAuthorization: false, smsSent: true, mobilePhoneNumber: '080****4567' });
    expect(await otp(p, SANDBOX_OTP)).toMatchObject({
      ...APPROVED,
      paymentReference: `OJA|CRD|${p.paymentId}`,
      retrievalReferenceNumber: expect.any(String),
    });
    expect((await record(p)).final?.responseCode).toBe('00');
  });

  it.each([
    ['5060990580000217499', '00'],
    ['5060990580000000390', '51'],
    ['5061830100001895', '91'],
  ])('%s: PIN 1111 answers %s', async (pan, code) => {
    const p = await newPayment();
    expect((await bin(p, seal(pan))).cardTypeGatewayConfiguration.supportsPin).toBe(true);
    const answer = await pay(p, seal(pan, SANDBOX_PIN));
    expect(answer.responseCode).toBe(code);
    expect(answer.responseDescription).toEqual(expect.any(String));
    expect(await record(p)).toMatchObject({ payRequests: 1, charges: 1, final: { responseCode: code } });
  });

  it('5123450000000008: no PIN, OTP 123456, then 00', async () => {
    const p = await newPayment({ cust_mobile_no: '' });
    expect((await bin(p, seal('5123450000000008'))).cardTypeGatewayConfiguration).toMatchObject({
      supportsPin: false,
      supportsExpiryDate: true,
      supportsCvv2: true,
    });
    // Without the merchant's customer number, the OTP goes to the sandbox phone.
    expect(await pay(p, seal('5123450000000008'))).toMatchObject({ responseCode: 'T0', smsSent: true, mobilePhoneNumber: '080****0000' });
    expect(await otp(p, SANDBOX_OTP)).toMatchObject(APPROVED);
  });

  it('a wrong PIN, or none, gives 55', async () => {
    const wrong = await newPayment();
    expect((await pay(wrong, seal('5060990580000217499', '1234'))).responseCode).toBe('55');
    const none = await newPayment();
    expect((await pay(none, seal('5060990580000217499'))).responseCode).toBe('55');
    const garbage = await newPayment();
    expect((await pay(garbage, { secureData: seal('5060990580000217499').secureData, pinBlock: 'AAAA' })).responseCode).toBe('55');
    // The PIN comes before the OTP.
    const otpCard = await newPayment();
    expect((await pay(otpCard, seal('5061050254756707864', '9999'))).responseCode).toBe('55');
  });

  it('a wrong OTP gives T1 and the payer may try again', async () => {
    const p = await newPayment();
    await pay(p, seal('5123450000000008'));
    expect(await otp(p, '000000')).toEqual({ responseCode: 'T1', responseDescription: 'Invalid OTP provided' });
    expect(await otp(p, '')).toMatchObject({ responseCode: 'T1' });
    expect(await otp(p, SANDBOX_OTP)).toMatchObject(APPROVED);
    expect(await record(p)).toMatchObject({ otpFailures: 2, charges: 1 });
    // A repeated submit gets the same answer.
    expect(await otp(p, SANDBOX_OTP)).toMatchObject(APPROVED);
  });

  it('an OTP for a payment awaiting none answers 25', async () => {
    const p = await newPayment();
    expect((await otp(p, SANDBOX_OTP)).responseCode).toBe('25');
  });

  it('resending the OTP makes no new payment', async () => {
    const p = await newPayment();
    const sealed = seal('5061050254756707864', SANDBOX_PIN);
    await pay(p, sealed);
    expect(await pay(p, sealed, { resendOtp: true })).toMatchObject({ responseCode: 'T0', smsSent: true });
    expect(await record(p)).toMatchObject({ payRequests: 2, charges: 1, otpSends: 2, stage: 'otp' });
    expect(await otp(p, SANDBOX_OTP)).toMatchObject(APPROVED);
  });
});

describe('card sandbox: cards held in Google Pay', () => {
  /** The payment token the stand-in of Google's sheet hands over (gateway tokenization). */
  const token = (tokenId: string, gatewayMerchantId = 'MX_DEMO') =>
    JSON.stringify({ protocolVersion: 'ECv2', signature: 'sandbox', signedMessage: JSON.stringify({ tokenId, gatewayMerchantId }) });
  const card = (does: string) => TOKEN_CARDS.find((c) => c.does === does)!;
  /** The card as the page sends it: last digits padded with 1, expiry November five years ahead. */
  const sealedFor = (does: string, pin?: string) => seal(tokenCardPan(card(does).last4), pin, '3111', '123');
  const lookup = async (p: Json, does: string, googlePayToken = token(card(does).tokenId), sealed = sealedFor(does)) =>
    (await call('POST', '/api/v1/merchantbins', { ...sealed, ...ids(p), googlePayToken })).json;

  it('"pays at once": a configuration asking nothing, then 00 on the payment', async () => {
    const p = await newPayment();
    const c = card('pays at once');
    expect(await lookup(p, 'pays at once')).toMatchObject({
      responseCode: '00',
      cardType: { typeName: 'Visa' },
      cardTypeGatewayConfiguration: { supportsPin: false, supportsCardinalAuthentication: false },
    });
    expect(await pay(p, sealedFor('pays at once'), { googlePayToken: token(c.tokenId) })).toMatchObject(APPROVED);
    expect((await kept(p)).outcome).toMatchObject({ value: 'success' });
  });

  it('"PIN": asks the PIN, refuses a wrong one (55) and pays with 1111', async () => {
    const c = card('PIN');
    const p = await newPayment();
    expect(await lookup(p, 'PIN')).toMatchObject({
      responseCode: '00',
      cardType: { typeName: 'MasterCard' },
      cardTypeGatewayConfiguration: { supportsPin: true },
    });
    expect(await pay(p, sealedFor('PIN', SANDBOX_PIN), { googlePayToken: token(c.tokenId) })).toMatchObject(APPROVED);
    const wrong = await newPayment();
    await lookup(wrong, 'PIN');
    expect((await pay(wrong, sealedFor('PIN', '9999'), { googlePayToken: token(c.tokenId) })).responseCode).toBe('55');
  });

  it('"3-D Secure": device data collection, then the challenge page', async () => {
    const c = card('3-D Secure');
    const p = await newPayment();
    const answer = await lookup(p, '3-D Secure');
    expect(answer.cardTypeGatewayConfiguration).toMatchObject({ supportsCardinalAuthentication: true });
    expect(answer.cardinalAuthenticationInformation.deviceDataCollectionUrl).toContain(`${outside}${COLLECT_PATH}`);
    const paid = await pay(p, sealedFor('3-D Secure'), { googlePayToken: token(c.tokenId) });
    expect(paid).toMatchObject({ responseCode: 'S0', requiresCentinelAuthorization: true });
    expect(paid.cardinalInfo.url).toContain(`${outside}${CHALLENGE_PATH}`);
  });

  it('refuses (14) a token it cannot read, an unknown card, another merchant, and card data that does not match', async () => {
    const p = await newPayment();
    const c = card('pays at once');
    const refusals = [
      await lookup(p, 'pays at once', 'not json'),
      await lookup(p, 'pays at once', token('sbx-gp-unknown')),
      await lookup(p, 'pays at once', token(c.tokenId, 'OTHER_MERCHANT')),
      await lookup(p, 'pays at once', token(c.tokenId), seal(tokenCardPan('9999'), undefined, '3111')),
      await lookup(p, 'pays at once', token(c.tokenId), seal(tokenCardPan(c.last4), undefined, '3012')),
    ];
    expect(refusals.map((r) => r.responseCode)).toEqual(['14', '14', '14', '14', '14']);
    expect(refusals.map((r) => r.responseDescription)).toEqual([
      'The Google Pay token could not be read',
      'No such Google Pay card in the sandbox',
      'The Google Pay token was made for another merchant',
      'The card data does not match the Google Pay card',
      'The card data does not match the Google Pay card',
    ]);
    expect((await kept(p)).outcome).toBeNull();
  });
});

describe('card sandbox: one payment per payment id', () => {
  it('a double click makes one payment, and both get its answer', async () => {
    const p = await newPayment();
    const sealed = seal('5060990580000217499', SANDBOX_PIN);
    const [a, b] = await Promise.all([pay(p, sealed), pay(p, sealed)]);
    expect(a).toEqual(b);
    expect(a.responseCode).toBe('00');
    expect(await record(p)).toMatchObject({ payRequests: 2, charges: 1 });
  });

  it('a final answer is the answer to every later pay request, whatever it carries', async () => {
    const p = await newPayment();
    const declined = await pay(p, seal('5060990580000000390', SANDBOX_PIN));
    expect(declined.responseCode).toBe('51');
    expect(await pay(p, seal('5060990580000217499', SANDBOX_PIN))).toEqual(declined);
    expect(await record(p)).toMatchObject({ payRequests: 2, charges: 1 });
  });

  it('a second pay while the OTP is awaited repeats the OTP answer', async () => {
    const p = await newPayment();
    const first = await pay(p, seal('5123450000000008'));
    expect(await pay(p, seal('5123450000000008'))).toEqual(first);
    expect(await record(p)).toMatchObject({ payRequests: 2, charges: 1, otpSends: 1 });
  });
});

describe('card sandbox: refusals', () => {
  it('4000000000000002: Z8 at the BIN lookup, and at payment', async () => {
    const p = await newPayment();
    expect(await bin(p, seal('4000000000000002'))).toEqual({ responseCode: 'Z8', responseDescription: 'Your card is not accepted by this merchant' });
    expect((await pay(p, seal('4000000000000002'))).responseCode).toBe('Z8');
  });

  it('an expired card gives 54', async () => {
    const p = await newPayment();
    expect((await pay(p, seal('5060990580000217499', SANDBOX_PIN, '2001'))).responseCode).toBe('54');
    const malformed = await newPayment();
    expect((await pay(malformed, seal('5123450000000008', undefined, '3013'))).responseCode).toBe('54');
  });

  it('a card not in the table gives 14, at the BIN lookup and at payment', async () => {
    const p = await newPayment();
    const description = 'No such card in the sandbox; use a test card from the README';
    expect(await bin(p, seal('4111111111111111'))).toEqual({ responseCode: '14', responseDescription: description });
    expect(await pay(p, seal('4111111111111111'))).toMatchObject({ responseCode: '14', responseDescription: description });
    const luhn = await newPayment();
    expect(await bin(luhn, seal('4111111111111112'))).toEqual({ responseCode: '14', responseDescription: 'Invalid card number' });
  });

  it('unreadable card data gives 14', async () => {
    const p = await newPayment();
    expect(await bin(p, { secureData: 'garbage', pinBlock: '' })).toMatchObject({
      responseCode: '14',
      responseDescription: 'Card data could not be read',
    });
    expect((await pay(p, { secureData: '', pinBlock: '' })).responseCode).toBe('14');
  });

  it('keeps the card number out of everything it shows', async () => {
    const p = await newPayment();
    await bin(p, seal('5061050254756707864'));
    await pay(p, seal('5061050254756707864', SANDBOX_PIN));
    // The card is held by its place among the test cards: its number is in nothing the store keeps.
    expect(TEST_CARDS[(await record(p)).card!.testCard].pan).toBe('5061050254756707864');
    expect(written.filter((w) => w.includes(p.paymentId)).length).toBeGreaterThan(0);
    expect(written.join('\n')).not.toContain('6707864');
    const seen = await call('GET', `/sandbox/payments?merchant_code=MX_DEMO&txn_ref=${p.merchantTransactionReference}`);
    expect(seen.json.channels.card).toMatchObject({ payRequests: 1, stage: 'otp' });
    expect(seen.text).not.toContain('6707864');
  });
});

describe('card sandbox: 3-D Secure', () => {
  const VISA = '4000000000002503';

  it('4000000000002503: collection, challenge (wrong code, then right), status, authentication, 00', async () => {
    const p = await newPayment();
    const config = await bin(p, seal(VISA));
    expect(config).toMatchObject({
      responseCode: '00',
      cardType: { typeName: 'Visa' },
      cardTypeGatewayConfiguration: { supportsPin: false, supportsCardinalAuthentication: true, supportThreeDsAuthentication: true },
    });
    const info = config.cardinalAuthenticationInformation;
    // On the second origin, as a 3-D Secure service's page is on its own (CONTRACT §5).
    expect(info.deviceDataCollectionUrl).toBe(`${outside}${COLLECT_PATH}?ref=${info.referenceId}`);
    expect(info.accessToken).toEqual(expect.any(String));

    const collected = await call('GET', info.deviceDataCollectionUrl);
    expect(collected.status).toBe(200);
    expect(collected.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect((await record(p)).collect?.ranAt).toEqual(expect.any(Number));

    const started = await pay(p, seal(VISA), { cardinalReferenceId: info.referenceId });
    expect(started).toMatchObject({ responseCode: 'S0', requiresCentinelAuthorization: true });
    const ci = started.cardinalInfo;
    expect(ci.url.startsWith(`${outside}${CHALLENGE_PATH}?ref=`)).toBe(true);
    expect(new URL(ci.url).searchParams.get('ref')).toMatch(/^[\w.]+$/);
    expect(ci).toMatchObject({
      callBackUrl: expect.any(String),
      payLoad: expect.any(String),
      accessToken: expect.any(String),
      transactionId: expect.any(String),
    });
    for (const url of [ci.url, ci.callBackUrl, info.deviceDataCollectionUrl])
      expect(new URL(url, base).pathname + new URL(url, base).search).not.toMatch(/\d{12}/);
    expect((await record(p)).cardinalReferenceId).toBe(info.referenceId);

    const status = () => call('GET', `/api/v1/payments/cardinalCallBackStatus?paymentId=${p.paymentId}`).then((r) => r.json);
    expect((await status()).responseCode).toBe('T1');

    const challenge = await call('GET', ci.url);
    expect(challenge.status).toBe(200);
    // Framed by the checkout, another origin now; its one style element allowed by hash, nothing else.
    const style = `'${styleHash(/<style>([\s\S]*?)<\/style>/.exec(challenge.text)![1])}'`;
    expect(challenge.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src ${style}; form-action 'self'; frame-ancestors 'self' ${base}`,
    );
    expect(challenge.text).toContain(TEST_PAGE_BANNER);
    expect(challenge.text).toContain('<html lang="en">');
    expect(challenge.text).toMatch(/<title>[^<]+<\/title>/);
    expect(challenge.text).toContain('Oja Sandbox Bank — verify your payment');
    expect(challenge.text).toContain('NGN 1,500.00');
    expect(challenge.text).toContain('<label for="code">Enter the code 123456</label>');
    expect(challenge.text).toContain(`<form method="post" action="${CHALLENGE_PATH}">`);
    expect(challenge.text).not.toMatch(/<script|style=/i);
    expect(challenge.text).not.toContain('role="alert"');
    const ref = new URL(ci.url).searchParams.get('ref')!;

    const wrong = await postForm(CHALLENGE_PATH, { ref, code: '000000' });
    expect(wrong.status).toBe(200);
    expect(wrong.text).toContain('<p id="code-error" role="alert">Incorrect code. Try again.</p>');
    expect(wrong.text).toContain('aria-describedby="code-error"');
    expect((await status()).responseCode).toBe('T1');

    const right = await postForm(CHALLENGE_PATH, { ref, code: SANDBOX_CHALLENGE_CODE });
    expect(right.text).toContain('Verification complete. You can return to the checkout.');
    expect((await record(p)).challenge).toMatchObject({ failures: 1, completedAt: expect.any(Number) });

    const done = await status();
    expect(done).toMatchObject({ responseCode: 'T0', eciFlag: AUTHENTICATED_ECI, transactionId: ci.transactionId });
    // A second pay while authenticating repeats the first answer.
    expect(await pay(p, seal(VISA))).toEqual(started);

    const authenticated = await call('POST', '/api/v1/pay/authenticateCardinal', {
      paymentId: p.paymentId,
      cardinalInfo: { eciFlag: done.eciFlag, transactionId: done.transactionId },
      ...seal(VISA),
      merchantCode: p.merchantCode,
      payableCode: p.payableCode,
    });
    expect(authenticated.json).toMatchObject({ ...APPROVED, paymentReference: `OJA|CRD|${p.paymentId}` });
    expect(await record(p)).toMatchObject({ charges: 1, payRequests: 2, final: { responseCode: '00' } });
  });

  it(`declines with ${CARDINAL_DECLINED_CODE} an authentication whose challenge was not passed`, async () => {
    const p = await newPayment();
    const started = await pay(p, seal(VISA));
    const answer = await call('POST', '/api/v1/pay/authenticateCardinal', {
      paymentId: p.paymentId,
      cardinalInfo: { eciFlag: '05', transactionId: started.cardinalInfo.transactionId },
      ...seal(VISA),
    });
    expect(answer.json.responseCode).toBe(CARDINAL_DECLINED_CODE);
    expect((await pay(p, seal(VISA))).responseCode).toBe(CARDINAL_DECLINED_CODE);
  });

  it('lets the merchant page around an INLINE checkout frame the challenge', async () => {
    const p = await newPayment({ display_mode: 'INLINE' });
    const { cardinalInfo } = await pay(p, seal(VISA));
    const page = await call('GET', cardinalInfo.url);
    expect(page.headers.get('content-security-policy')).toMatch(
      new RegExp(`; form-action 'self'; frame-ancestors 'self' ${base} http://127\\.0\\.0\\.1:4401$`),
    );
  });

  it('answers 404 pages for a reference it did not make', async () => {
    const p = await newPayment();
    await pay(p, seal(VISA));
    expect((await call('GET', `${outside}${CHALLENGE_PATH}?ref=${p.paymentId}.0000`)).status).toBe(404);
    expect((await call('GET', `${outside}${CHALLENGE_PATH}`)).status).toBe(404);
    expect((await postForm(CHALLENGE_PATH, { ref: 'x', code: SANDBOX_CHALLENGE_CODE })).status).toBe(404);
    expect((await call('GET', `${outside}${COLLECT_PATH}?ref=${p.paymentId}.0000`)).status).toBe(404);
  });

  it("serves the issuer's pages on the second origin only, and refuses a form posted from another site", async () => {
    const p = await newPayment();
    const { cardinalInfo } = await pay(p, seal(VISA));
    const path = new URL(cardinalInfo.url).pathname + new URL(cardinalInfo.url).search;
    expect((await call('GET', path)).status).toBe(404);
    expect((await call('POST', `${outside}/api/v1/pay`, { paymentId: p.paymentId })).status).toBe(404);
    const ref = new URL(cardinalInfo.url).searchParams.get('ref')!;
    const forged = await fetch(`${outside}${CHALLENGE_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
      body: new URLSearchParams({ ref, code: SANDBOX_CHALLENGE_CODE }).toString(),
    });
    expect(forged.status).toBe(403);
    expect((await record(p)).challenge?.completedAt).toBeNull();
  });

  it('collects device data for a Visa card paying in KES (404), and not for others', async () => {
    const kes = await newPayment({ currency: '404', country: 'KE' });
    expect((await bin(kes, seal(VISA))).cardinalAuthenticationInformation).toBeDefined();
    expect((await bin(kes, seal('5123450000000008'))).cardinalAuthenticationInformation).toBeUndefined();
  });

  it('answers 25 to the status of a payment with no challenge', async () => {
    const p = await newPayment();
    expect((await call('GET', `/api/v1/payments/cardinalCallBackStatus?paymentId=${p.paymentId}`)).json.responseCode).toBe('25');
  });
});

describe('card sandbox: bulk payments', () => {
  const bulk = (p: Json, sealed: Encrypted) =>
    call('POST', '/api/v1/payments', {
      payItems: p.payItems ?? [],
      ...sealed,
      ...ids(p),
      amount: p.checkoutAmount,
      deviceInformation: { channelBrowser: 'WEB' },
    });

  it('pays every item at once with a PIN card', async () => {
    const p = await newPayment({ bulk: '1' });
    const { status, json } = await bulk(p, seal('5060990580000217499', SANDBOX_PIN));
    expect(status).toBe(200);
    expect(json).toMatchObject({ ...APPROVED, paymentReference: `OJA|BLK|${p.paymentId}` });
    expect((await bulk(p, seal('5060990580000217499', SANDBOX_PIN))).json).toEqual(json);
    expect(await record(p)).toMatchObject({ payRequests: 2, charges: 1 });
  });

  it('checks the PIN, and goes straight to the answer for OTP and 3-D Secure cards', async () => {
    expect((await bulk(await newPayment({ bulk: '1' }), seal('5060990580000217499', '0000'))).json.responseCode).toBe('55');
    expect((await bulk(await newPayment({ bulk: '1' }), seal('5060990580000000390', SANDBOX_PIN))).json.responseCode).toBe('51');
    expect((await bulk(await newPayment({ bulk: '1' }), seal('5123450000000008'))).json.responseCode).toBe('00');
    expect((await bulk(await newPayment({ bulk: '1' }), seal('4000000000002503'))).json.responseCode).toBe('00');
  });

  it('refuses a payment that is not a bulk one with HTTP 400', async () => {
    const p = await newPayment();
    const { status, json } = await bulk(p, seal('5060990580000217499', SANDBOX_PIN));
    expect(status).toBe(400);
    expect(json.responseCode).toBe(NOT_BULK_CODE);
    expect((await record(p)).charges).toBe(0);
  });
});

describe('a paid payment stays paid (card sandbox)', () => {
  const PIN_ONLY = '5060990580000217499';

  it('settles the payment 00 for every channel once a card is approved: no cancellation, no simulate afterwards', async () => {
    const p = await newPayment();
    await bin(p, seal(PIN_ONLY, SANDBOX_PIN));
    expect(await pay(p, seal(PIN_ONLY, SANDBOX_PIN))).toMatchObject(APPROVED);
    expect((await kept(p)).outcome).toMatchObject({ value: 'success', paymentReference: `OJA|CRD|${p.paymentId}` });
    const cancel = await call('POST', '/api/v1/pay/customerCancellation', {
      paymentId: p.paymentId,
      customerCancellationReason: 'Return to merchant Site',
    });
    expect(cancel.status).toBe(409);
    expect((await kept(p)).cancellation).toBeNull();
    const simulate = await call('POST', '/sandbox/simulate', {
      merchant_code: p.merchantCode,
      txn_ref: p.merchantTransactionReference,
      outcome: 'failed',
    });
    expect(simulate.status).toBe(409);
    expect((await kept(p)).outcome?.value).toBe('success');
    // The same approval, asked again (a double click, another tab's repeat), is answered as it was: nothing charged.
    expect(await pay(p, seal(PIN_ONLY, SANDBOX_PIN))).toMatchObject(APPROVED);
    expect((await record(p)).charges).toBe(1);
  });

  it('refuses every card call (409, 94) on a payment paid another way, and records no attempt', async () => {
    const p = await newPayment();
    await call('POST', '/sandbox/simulate', { merchant_code: p.merchantCode, txn_ref: p.merchantTransactionReference, outcome: 'success' });
    const refusedBin = await call('POST', '/api/v1/merchantbins', { ...seal(PIN_ONLY, SANDBOX_PIN), ...ids(p) });
    expect(refusedBin.status).toBe(409);
    const sealed = seal(PIN_ONLY, SANDBOX_PIN);
    const refused = await call('POST', '/api/v1/pay', { ...sealed, ...ids(p), amount: p.checkoutAmount });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ responseCode: '94' });
    expect((await call('POST', '/api/v1/pay/authenticateToken', { twoFactorAuthenticationCode: SANDBOX_OTP, ...ids(p) })).status).toBe(409);
    expect((await call('POST', '/api/v1/pay/authenticateCardinal', { paymentId: p.paymentId })).status).toBe(409);
    expect(await record(p)).toMatchObject({ binLookups: 0, payRequests: 0, charges: 0, final: null });
  });
});

describe('card sandbox: the device-fingerprint script', () => {
  const script = (query: string) => fetch(`${outside}${FINGERPRINT_PATH}?${query}`);

  it('serves its stand-in on the second origin, to any origin (CORS), with the integrity the page is given', async () => {
    const res = await script('org_id=ORG1&session_id=M1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const text = await res.text();
    expect(text).toBe(FINGERPRINT_STAND_IN);
    expect(sandbox.settings?.[FINGERPRINT_INTEGRITY_SETTING]).toBe(sri(text));
    expect(sandbox.outsideRoutes?.find((r) => r.path === FINGERPRINT_PATH)?.script?.text).toBe(FINGERPRINT_STAND_IN);
  });

  it('records the load on the payment its session names (merchant id, then payment id), for its org only', async () => {
    const p = await newPayment({ cybersource_org_id: 'org-9', cybersource_merchant_id: 'oja_m1' });
    expect(p).toMatchObject({ cybersourceOrgId: 'org-9', cybersourceMerchantId: 'oja_m1' });
    await script(`org_id=other&session_id=oja_m1${p.paymentId}`);
    expect((await record(p)).fingerprint).toBeUndefined();
    await script(`org_id=org-9&session_id=oja_m1${p.paymentId}`);
    expect((await record(p)).fingerprint).toEqual({ orgId: 'org-9', at: expect.any(Number) });
  });

  it('names no ids on a payment whose merchant has none', async () => {
    const p = await newPayment();
    expect(p.cybersourceOrgId).toBeUndefined();
    expect(p.cybersourceMerchantId).toBeUndefined();
  });
});
