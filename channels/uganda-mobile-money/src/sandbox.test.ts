// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttp } from '@oja/core';
import type { PaymentProps } from '@oja/core';
import { CODE_ALREADY_PAID, createSandbox, listenSandbox, NO_FAULTS } from '@oja/sandbox';
import type { Sandbox, SimulatedOutcome } from '@oja/sandbox';
import { callContext } from '@oja/testing';
import plugin, { MOBILE_MONEY_FAILED_CODE, REFUSED_NUMBER, REFUSED_NUMBER_CODE, SANDBOX_APPROVAL_VALIDITY_MINS, sandbox } from './sandbox';
import { checkStatus, NOTIFICATION_PATH, notifyPayment, STATUS_PATH } from './api';

const now = { t: 1_700_000_000_000 };
let sb: Sandbox;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  sb = createSandbox([{ id: 'uganda-mobile-money', code: 'UGANDA_MOBILE_MONEY', part: sandbox }], { faults: NO_FAULTS, now: () => now.t });
  ({ base, close } = await listenSandbox(sb));
});
afterAll(async () => {
  await close();
});

/** A request to the sandbox, its answer read as JSON. */
async function call(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

let ref = 0;
/** A UGX payment made through the sandbox's pay-page (UGX 5,000 and a 200 surcharge), as the checkout server makes it. */
async function newPayment() {
  const txnRef = `UGMM-${++ref}`;
  const { json } = await call('POST', '/api/v1/pay-page', {
    merchant_code: 'MX_DEMO',
    pay_item_id: 'Default_Payable_MX_DEMO',
    txn_ref: txnRef,
    amount: '500000',
    surcharge: '20000',
    currency: '800',
    country: 'UG',
    site_redirect_url: 'http://127.0.0.1:4401/return',
  });
  const props = json as unknown as PaymentProps;
  // The sandbox offers this part's channel in Uganda (SandboxPart.offeredIn); the card's part is not installed here.
  expect(props.paymentChannels).toEqual(['UGANDA_MOBILE_MONEY']);
  const names = { merchantCode: 'MX_DEMO', transactionReference: txnRef };
  const notify = (body: Record<string, unknown> = {}, headers?: Record<string, string>) =>
    call(
      'POST',
      NOTIFICATION_PATH,
      { telco: 'MTN', customerId: '0772123456', payableCode: props.payableCode, amount: 520_000, ...names, ...body },
      headers,
    );
  const status = (headers?: Record<string, string>) => call('POST', STATUS_PATH, names, headers);
  const kept = async () => (await sb.readPayment({ paymentId: props.paymentId }))!;
  const setOutcome = (value: SimulatedOutcome) =>
    sb.run(async (ctx) => {
      (await ctx.payment({ paymentId: props.paymentId }))!.outcome = { value, at: now.t };
    });
  return { props, notify, status, kept, setOutcome };
}

describe('Uganda mobile money sandbox', () => {
  it('is carried by the server build of the plugin', () => {
    expect(plugin.sandbox).toBe(sandbox);
    expect(plugin.id).toBe('uganda-mobile-money');
  });

  it('answers a notification 09 and records the pending attempt (MTN or Airtel, any number)', async () => {
    const { notify, kept } = await newPayment();
    expect(await notify()).toMatchObject({ status: 200, json: { responseCode: '09' } });
    expect((await kept()).channels['uganda-mobile-money']).toEqual({ generation: 1, telco: 'MTN', notifiedAt: now.t, notifications: 1 });
    expect((await notify({ telco: 'Airtel', customerId: 'any-wallet-id' })).json.responseCode).toBe('09');
    // The same attempt while it is pending.
    expect((await kept()).channels['uganda-mobile-money']).toMatchObject({ generation: 1, telco: 'Airtel', notifications: 2 });
  });

  it('refuses its test number with a final code, and a malformed notification with a 400', async () => {
    const { notify, kept, status } = await newPayment();
    expect(await notify({ customerId: REFUSED_NUMBER })).toMatchObject({ status: 200, json: { responseCode: REFUSED_NUMBER_CODE } });
    expect((await kept()).channels['uganda-mobile-money']).toBeUndefined();
    expect((await status()).json.responseCode).toBe('25');
    for (const bad of [
      { telco: 'Vodafone' },
      { telco: 'mtn' },
      { telco: undefined },
      { customerId: '  ' },
      { customerId: null },
      { amount: 500_000 },
    ]) {
      expect((await notify(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await notify({ transactionReference: 'nope' })).status).toBe(404);
    expect((await kept()).channels['uganda-mobile-money']).toBeUndefined();
  });

  it('stays 09 until settled, maps outcomes to codes, and expires after the validity', async () => {
    const { props, notify, status, setOutcome } = await newPayment();
    await notify();
    expect((await status()).json).toMatchObject({ responseCode: '09', transactionReference: props.merchantTransactionReference });
    await setOutcome('success');
    expect((await status()).json).toMatchObject({ responseCode: '00', amount: 520_000, paymentReference: `OJA|UGMM|${props.paymentId}` });
    await setOutcome('failed');
    expect((await status()).json.responseCode).toBe(MOBILE_MONEY_FAILED_CODE);
    await setOutcome('expired');
    expect((await status()).json.responseCode).toBe('XS1');

    // Expired: a new attempt starts afresh, valid from its own notification.
    expect((await notify()).json.responseCode).toBe('09');
    now.t += SANDBOX_APPROVAL_VALIDITY_MINS * 60_000;
    expect((await status()).json.responseCode).toBe('09');
    now.t += 1;
    expect((await status()).json.responseCode).toBe('XS1');
  });

  it('starts a new attempt after a failure, and sends nothing more once paid (409, 94)', async () => {
    const { notify, status, kept, setOutcome } = await newPayment();
    await notify();
    await setOutcome('failed');
    expect((await notify()).json.responseCode).toBe('09');
    expect((await kept()).outcome).toBeNull();
    expect((await kept()).channels['uganda-mobile-money']).toMatchObject({ generation: 2, notifications: 1 });
    await setOutcome('success');
    const before = JSON.stringify((await kept()).channels);
    expect(await notify()).toMatchObject({ status: 409, json: { responseCode: CODE_ALREADY_PAID } });
    expect(JSON.stringify((await kept()).channels)).toBe(before);
    expect((await status()).json.responseCode).toBe('00');
  });

  it('injects faults into both calls, and records each call on the payment', async () => {
    const { notify, status, kept } = await newPayment();
    expect(await notify({}, { 'x-sandbox-error-rate': '1' })).toMatchObject({ status: 500, json: { responseCode: '96' } });
    expect((await kept()).channels['uganda-mobile-money']).toBeUndefined();
    await notify();
    expect(await status({ 'x-sandbox-error-rate': '1' })).toMatchObject({ status: 500, json: { responseCode: '96' } });
    await expect(fetch(base + STATUS_PATH, { method: 'POST', headers: { 'x-sandbox-drop-rate': '1' } })).rejects.toThrow();
    expect((await kept()).calls.map((c) => c.path)).toEqual([NOTIFICATION_PATH, NOTIFICATION_PATH, STATUS_PATH]);
  });
});

describe('Uganda mobile money api against the sandbox', () => {
  it("notifies and reads the status through core's client", async () => {
    const { props, setOutcome } = await newPayment();
    const ctx = callContext(props, createHttp(base));
    expect(await notifyPayment(ctx, { telco: 'Airtel', customerId: '0752123456' })).toMatchObject({ code: '09' });
    expect(await checkStatus(ctx)).toMatchObject({ code: '09' });
    await setOutcome('success');
    expect(await checkStatus(ctx)).toMatchObject({ code: '00', response: { amount: 520_000 } });
    expect((await notifyPayment(callContext(props, createHttp(base)), { telco: 'MTN', customerId: REFUSED_NUMBER }).catch((e) => e)).status).toBe(
      409,
    );
  });
});
