// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttp } from '@oja/core';
import type { PaymentProps } from '@oja/core';
import { CODE_ALREADY_PAID, createSandbox, listenSandbox, NO_FAULTS } from '@oja/sandbox';
import type { Sandbox, SimulatedOutcome } from '@oja/sandbox';
import { callContext, testCheckout } from '@oja/testing';
import { visitOf } from '@oja/core/visit';
import plugin, { INSUFFICIENT_FUNDS_NUMBER, SANDBOX_PROVIDERS, WALLET_REFUSES_NUMBER, nationalNumber, sandbox } from './sandbox';
import { checkStatus, loadProviders, payFromWallet, paymentBody } from './api';
import type { Provider } from './api';
import { drcVisit } from './visit';

const now = { t: 1_700_000_000_000 };
let sb: Sandbox;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  sb = createSandbox([{ id: 'drc-mobile-money', part: sandbox }], { faults: NO_FAULTS, now: () => now.t });
  ({ base, close } = await listenSandbox(sb));
});
afterAll(async () => {
  await close();
});

async function call<T = Record<string, any>>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

const provider = (label: string): Provider => SANDBOX_PROVIDERS.find((p) => p.provider === label)!;

let ref = 0;
/** A DRC payment made through the sandbox's pay-page, as the checkout server makes it; calls through the channel's own api. */
async function newPayment(extra: Record<string, string> = {}) {
  const txnRef = `DRC-${++ref}`;
  const { json: props } = await call<PaymentProps>('POST', '/api/v1/pay-page', {
    merchant_code: 'MX_DEMO',
    pay_item_id: 'Default_Payable_MX_DEMO',
    txn_ref: txnRef,
    amount: '150000',
    currency: '976',
    country: 'CD',
    site_redirect_url: 'http://127.0.0.1:4401/return',
    ...extra,
  });
  expect(props.responseCode).toBe('00');
  const http = createHttp(base);
  const c = testCheckout({ channels: [plugin], props, http });
  const ctx = { ...callContext(c.state.props, http), visits: c.visits };
  const pay = (label: string, number = '902345678') => {
    visitOf(c.visits, drcVisit).state.biller = label;
    return payFromWallet(ctx, { provider: provider(label), number });
  };
  const status = () => checkStatus({ ...ctx, visit: visitOf(c.visits, drcVisit) });
  const kept = async () => (await sb.readPayment({ paymentId: props.paymentId }))!;
  const setOutcome = (value: SimulatedOutcome) =>
    sb.run(async (sctx) => {
      (await sctx.payment({ paymentId: props.paymentId }))!.outcome = { value, at: now.t };
    });
  return { props, ctx, pay, status, kept, setOutcome };
}

describe('DRC mobile money sandbox', () => {
  it('is carried by the server build of the plugin', () => {
    expect(plugin.sandbox).toBe(sandbox);
    expect(plugin.id).toBe('drc-mobile-money');
  });

  it('lists ORANGE, VODACOM, AIRTEL and AFRIMONEY with their ids for CD, nothing for another country', async () => {
    const { ctx } = await newPayment();
    expect(await loadProviders(ctx)).toEqual(SANDBOX_PROVIDERS);
    expect(SANDBOX_PROVIDERS.map((p) => p.provider)).toEqual(['ORANGE', 'VODACOM', 'AIRTEL', 'AFRIMONEY']);
    expect(await call('GET', '/api/v1/countries/countryList?country=ug')).toMatchObject({ status: 200, json: { code: '00', data: [] } });
    expect((await call('GET', '/api/v1/countries/countryList')).status).toBe(400);
  });

  it('fault injection reaches the provider list too', async () => {
    const res = await call('GET', '/api/v1/countries/countryList?country=CD', undefined, { 'x-sandbox-error-rate': '1' });
    expect(res).toMatchObject({ status: 500, json: { responseCode: '96' } });
  });

  it('sends the prompt (00), stays pending (09) until settled, then answers 00, 02 or XS1 to the upper-cased wallet', async () => {
    const { pay, status, kept, setOutcome, props } = await newPayment();
    expect(await pay('VODACOM')).toMatchObject({ code: '00', response: { status: 'PENDING' } });
    expect((await kept()).channels['drc-mobile-money']).toMatchObject({ provider: 'VODACOM', number: '+243902345678', prompts: 1, generation: 1 });
    expect(await status()).toMatchObject({ code: '09', response: { responseDescription: 'Awaiting the customer PIN' } });
    await setOutcome('success');
    expect(await status()).toMatchObject({
      code: '00',
      response: {
        responseCode: '00',
        paymentReference: `OJA|DRC|${props.paymentId}`,
        amount: 150000,
        responseDescription: 'Approved by Financial Institution',
      },
    });
    await setOutcome('failed');
    expect((await status()).code).toBe('02');
    await setOutcome('expired');
    expect((await status()).code).toBe('XS1');
  });

  it('a paid payment sends no new prompt', async () => {
    const { pay, setOutcome, kept } = await newPayment();
    await pay('AIRTEL');
    await setOutcome('success');
    await expect(pay('AIRTEL')).rejects.toMatchObject({ status: 409, body: { responseCode: CODE_ALREADY_PAID } });
    expect((await kept()).channels['drc-mobile-money']).toMatchObject({ prompts: 1 });
  });

  it(`answers 02 for ${WALLET_REFUSES_NUMBER} and 51 for ${INSUFFICIENT_FUNDS_NUMBER}; the next payment call is a new attempt`, async () => {
    const { pay, status, kept } = await newPayment();
    expect(await pay('ORANGE', WALLET_REFUSES_NUMBER)).toMatchObject({
      code: '02',
      response: { responseDescription: 'Mobile wallet payment failed' },
    });
    expect((await status()).code).toBe('02');
    expect(await pay('VODACOM', `0${INSUFFICIENT_FUNDS_NUMBER}`)).toMatchObject({ code: '51' });
    expect((await status()).code).toBe('51');
    expect(await pay('VODACOM')).toMatchObject({ code: '00' });
    expect((await status()).code).toBe('09');
    expect((await kept()).channels['drc-mobile-money']).toMatchObject({ generation: 3, prompts: 1 });
  });

  it("takes USD for a 840 payment and AFRIMONEY's body without merchantCountry", async () => {
    const usd = await newPayment({ currency: '840' });
    expect((await usd.pay('ORANGE')).code).toBe('00');
    const afrimoney = await newPayment();
    expect((await afrimoney.pay('AFRIMONEY')).code).toBe('00');
  });

  it('refuses a body the API would not take, naming what is wrong', async () => {
    const { props } = await newPayment();
    const body = paymentBody({ props }, { provider: provider('VODACOM'), number: '902345678' });
    const refused = async (change: Record<string, unknown>) => {
      const res = await call('POST', '/api/v2/mobile-wallet/payment', { ...body, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      return res.json.responseDescription as string;
    };
    expect(await refused({ paymentId: Number(props.paymentId) })).toMatch(/paymentId must be a string/);
    expect(await refused({ mobileWalletProvider: 'MPESA' })).toMatch(/mobileWalletProvider/);
    expect(await refused({ merchantId: '101' })).toMatch(/merchantId/);
    expect(await refused({ orderCurrency: 'USD' })).toMatch(/orderCurrency/);
    expect(await refused({ orderAmount: 1 })).toMatch(/orderAmount/);
    expect(await refused({ orderId: 'soon' })).toMatch(/orderId/);
    expect(await refused({ merchantCountry: undefined })).toMatch(/merchantCountry must be CD/);
    expect(await refused({ customerMobileNumber: '243902345678' })).toMatch(/prefixed \+243/);
    const afrimoney = paymentBody({ props }, { provider: provider('AFRIMONEY'), number: '902345678' });
    expect((await call('POST', '/api/v2/mobile-wallet/payment', { ...afrimoney, merchantCountry: 'CD' })).status).toBe(400);
    const orange = paymentBody({ props }, { provider: provider('ORANGE'), number: '902345678' });
    expect((await call('POST', '/api/v2/mobile-wallet/payment', { ...orange, customerMobileNumber: '+243902345678' })).status).toBe(400);
    expect((await call('POST', '/api/v2/mobile-wallet/payment', { ...body, paymentId: 'nope' })).status).toBe(404);
  });

  it("queries only the payment's own wallet, upper-cased, by a string paymentId", async () => {
    const { pay, props } = await newPayment();
    expect((await call('POST', '/api/v2/mobile-wallet/query', { paymentId: props.paymentId, mobileWalletProvider: 'VODACOM' })).json.code).toBe('25');
    await pay('VODACOM');
    expect((await call('POST', '/api/v2/mobile-wallet/query', { paymentId: props.paymentId, mobileWalletProvider: 'vodacom' })).status).toBe(400);
    expect((await call('POST', '/api/v2/mobile-wallet/query', { paymentId: props.paymentId, mobileWalletProvider: 'AIRTEL' })).status).toBe(400);
    expect((await call('POST', '/api/v2/mobile-wallet/query', { paymentId: Number(props.paymentId), mobileWalletProvider: 'VODACOM' })).status).toBe(
      400,
    );
    expect((await call('POST', '/api/v2/mobile-wallet/query', { paymentId: props.paymentId, mobileWalletProvider: 'VODACOM' })).json.code).toBe('09');
  });

  it('reads the national number after the prefix its wallet needs', () => {
    expect(nationalNumber('ORANGE', '243902345678')).toBe('902345678');
    expect(nationalNumber('ORANGE', '+243902345678')).toBeNull();
    expect(nationalNumber('AIRTEL', '+243902345678')).toBe('902345678');
    expect(nationalNumber('AIRTEL', '+243')).toBeNull();
  });
});
