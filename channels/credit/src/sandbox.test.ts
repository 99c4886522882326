// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttp, HttpError } from '@oja/core';
import type { PaymentProps } from '@oja/core';
import { CODE_ALREADY_PAID, createSandbox, listenSandbox, NO_FAULTS } from '@oja/sandbox';
import type { Sandbox } from '@oja/sandbox';
import { callContext } from '@oja/testing';
import { encryptCard } from '../../card/src/crypto';
import plugin, { NO_OFFER_PHONE, OFFERS_PHONE, SANDBOX_BANKS, SANDBOX_CREDIT_OTP, sandbox } from './sandbox';
import { acceptOffer, authorizeToken, generateOtp, getOffers, listBanks, requestBankOtp, requestToken, validateOtp } from './api';
import type { Offer } from './api';
import { NoOffers, refusalOf } from './rules';
import {
  ACCEPT_OFFER_PATH,
  BANK_OTP_PATH,
  BANKS_PATH,
  GENERATE_OTP_PATH,
  OFFERS_PATH,
  TOKEN_PATH,
  TOKEN_VALIDATE_PATH,
  VALIDATE_OTP_PATH,
} from './constants';

const now = { t: 1_700_000_000_000 };
let sb: Sandbox;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  sb = createSandbox([{ id: 'credit', part: sandbox }], { faults: NO_FAULTS, now: () => now.t });
  ({ base, close } = await listenSandbox(sb));
});
afterAll(async () => {
  await close();
});

async function call(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const future = `${String((new Date(now.t).getUTCFullYear() + 2) % 100).padStart(2, '0')}12`;
const sealed = (pan: string, pin: string) => encryptCard({ pan, expiry: future, cvv: '123' }, pin);
/** The error a call rejected with, as the page reads it. */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

let n = 0;
async function newPayment() {
  const { json } = await call('POST', '/api/v1/pay-page', {
    merchant_code: 'MX_DEMO',
    pay_item_id: 'Default_Payable_MX_DEMO',
    txn_ref: `CRD-${++n}`,
    amount: '150000',
    currency: '566',
    channels: 'CARD,CREDIT',
    site_redirect_url: 'http://127.0.0.1:4401/return',
  });
  const props = json as unknown as PaymentProps;
  expect(props.responseCode).toBe('00');
  const ctx = callContext(props, createHttp(base));
  const kept = async () => (await sb.readPayment({ paymentId: props.paymentId }))!;
  const signIn = async (phone = OFFERS_PHONE) => {
    await generateOtp(ctx, phone);
    return validateOtp(ctx, phone, SANDBOX_CREDIT_OTP);
  };
  return { props, ctx, kept, signIn };
}

describe('pay on credit sandbox', () => {
  it('is carried by the server build of the plugin', () => {
    expect(plugin.sandbox).toBe(sandbox);
    expect(plugin.id).toBe('credit');
  });

  it('lists the banks', async () => {
    const { ctx } = await newPayment();
    expect(await listBanks(ctx)).toEqual(SANDBOX_BANKS);
  });

  it('signs in 08012345678 with OTP 123456; an unknown phone is LS1, a malformed one LS3; a wrong OTP T1', async () => {
    const { ctx, signIn } = await newPayment();
    expect(refusalOf(await failure(generateOtp(ctx, '08099999999')))?.responseCode).toBe('LS1');
    expect(refusalOf(await failure(generateOtp(ctx, '12345')))?.responseCode).toBe('LS3');
    await generateOtp(ctx, OFFERS_PHONE);
    expect(refusalOf(await failure(validateOtp(ctx, OFFERS_PHONE, '000000')))).toMatchObject({
      responseCode: 'T1',
      message: 'INVALID_TOKEN_SUPPLIED',
    });
    expect(await signIn()).toEqual({ customerId: 'CUS-2001', mobileNo: OFFERS_PHONE, walletCards: [] });
  });

  it('offers bank and non-bank offers to 08012345678 (the named bank when an account is given), none to 08000000000', async () => {
    const { ctx, signIn } = await newPayment();
    const { customerId } = await signIn();
    const offers = await getOffers(ctx, customerId, null);
    expect(offers.map((o) => [o.provider.name, o.provider.isBank])).toEqual([
      ['Oja Credit', false],
      ['Sandbox Lending', false],
      ['Oja Sandbox Bank', true],
    ]);
    expect(offers[0]).toMatchObject({ amountOffered: 150000, initialPayment: 15000, amountPayable: 165000, tenure: 30 });
    const zenith = SANDBOX_BANKS.find((b) => b.name === 'Zenith Bank')!;
    expect((await getOffers(ctx, customerId, { bank: zenith, accountNumber: '0123456789' })).at(-1)!.provider.name).toBe('Zenith Bank');
    expect(await failure(getOffers(ctx, customerId, { bank: zenith, accountNumber: '123' }))).toBeInstanceOf(HttpError);

    const other = await newPayment();
    const none = await other.signIn(NO_OFFER_PHONE);
    expect(await failure(getOffers(other.ctx, none.customerId, null))).toBeInstanceOf(NoOffers);
  });

  it("accepts a bank's offer with its OTP (a wrong one T1) and approves the payment once; then every call is refused as paid", async () => {
    const { ctx, kept, signIn } = await newPayment();
    const { customerId } = await signIn();
    const offer = (await getOffers(ctx, customerId, null)).find((o) => o.provider.isBank)!;
    const otpRequestReference = await requestBankOtp(ctx, customerId, offer, null);
    const acceptance = { customerId, offer, otp: '000000', account: null, otpRequestReference };
    expect(await acceptOffer(ctx, acceptance)).toMatchObject({ responseCode: 'T1' });
    const paid = await acceptOffer(ctx, { ...acceptance, otp: SANDBOX_CREDIT_OTP });
    expect(paid).toMatchObject({ responseCode: '00', amount: 150000 });
    const p = await kept();
    expect(p.outcome).toMatchObject({ value: 'success', paymentReference: paid.paymentReference });
    expect(p.channels.credit).toMatchObject({ accepts: 1 });
    const again = await failure(acceptOffer(ctx, { ...acceptance, otp: SANDBOX_CREDIT_OTP }));
    expect((again as HttpError).status).toBe(409);
    expect(((again as HttpError).body as { responseCode: string }).responseCode).toBe(CODE_ALREADY_PAID);
  });

  describe("another lender's offer with the card test cards", () => {
    async function lender() {
      const m = await newPayment();
      const { customerId } = await m.signIn();
      const offer = (await getOffers(m.ctx, customerId, null)).find((o) => !o.provider.isBank)! as Offer;
      return { ...m, customerId, offer };
    }

    it('tokenises the card (T0), authorizes the token with the OTP, then accepts: 00; the card never kept', async () => {
      const { ctx, customerId, offer, kept } = await lender();
      expect(await failure(acceptOffer(ctx, { customerId, offer, otp: '', account: null, otpRequestReference: '' }))).toBeInstanceOf(HttpError);
      expect(await requestToken(ctx, sealed('5061050254756707864', '1111'), offer, customerId)).toMatchObject({ responseCode: 'T0' });
      expect(refusalOf(await failure(authorizeToken(ctx, '000000', offer, customerId)))?.responseCode).toBe('T1');
      await authorizeToken(ctx, SANDBOX_CREDIT_OTP, offer, customerId);
      expect(await acceptOffer(ctx, { customerId, offer, otp: SANDBOX_CREDIT_OTP, account: null, otpRequestReference: '' })).toMatchObject({
        responseCode: '00',
      });
      expect(JSON.stringify(await kept())).not.toContain('5061050254756707864');
    });

    it.each([
      ['a wrong PIN', '5061050254756707864', '2222', '55'],
      ['the card that cannot send its OTP', '5061830100001895', '1111', 'LS3'],
      ['insufficient funds', '5060990580000000390', '1111', '51'],
      ['a card not accepted', '4000000000000002', '1111', 'Z8'],
      ['a card the sandbox does not know', '4111111111111111', '1111', '14'],
    ])('refuses %s', async (_, pan, pin, code) => {
      const { ctx, customerId, offer } = await lender();
      expect(refusalOf(await failure(requestToken(ctx, sealed(pan, pin), offer, customerId)))?.responseCode).toBe(code);
    });

    it('takes any four digits for a card with no PIN of its own', async () => {
      const { ctx, customerId, offer } = await lender();
      expect(await requestToken(ctx, sealed('5123450000000008', '4321'), offer, customerId)).toMatchObject({ responseCode: 'T0' });
    });
  });

  it.each([
    ['GET', BANKS_PATH],
    ['POST', GENERATE_OTP_PATH],
    ['POST', VALIDATE_OTP_PATH],
    ['POST', OFFERS_PATH],
    ['POST', BANK_OTP_PATH],
    ['POST', TOKEN_PATH],
    ['POST', TOKEN_VALIDATE_PATH],
    ['POST', ACCEPT_OFFER_PATH],
  ] as const)('fault injection reaches %s %s', async (method, path) => {
    const { props } = await newPayment();
    const res = await call(method, path, method === 'POST' ? { paymentId: props.paymentId } : undefined, { 'x-sandbox-error-rate': '1' });
    expect(res).toEqual({ status: 500, json: { responseCode: '96', responseDescription: 'Sandbox injected error' } });
  });
});
