// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, listenSandbox, NO_FAULTS } from '@oja/sandbox';
import type { Sandbox } from '@oja/sandbox';
import plugin, { REFUSED_CASHBACK_DESCRIPTION, REFUSED_CASHBACK_VALUE, sandbox } from './sandbox';
import { STORE_TUC_PATH } from './api';

let sb: Sandbox;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  sb = createSandbox([{ id: 'cashback', part: sandbox }], { faults: NO_FAULTS });
  ({ base, close } = await listenSandbox(sb));
});
afterAll(async () => {
  await close();
});

async function call(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** The checkout server's own call (in-process): the only caller the opt-in answers. */
async function serverCall(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const r = await sb.handle({
    method: 'POST',
    url: STORE_TUC_PATH,
    headers: { 'content-type': 'application/json', ...headers },
    body,
    fromServer: true,
  });
  if (!r || 'drop' in r) throw new Error('no answer');
  return { status: r.status, json: JSON.parse(r.body) as Record<string, unknown> };
}

let ref = 0;
/** A payment with a reward, through the sandbox's pay-page (the same txn_ref opens it again). */
async function openPayment(txnRef = `CASHBACK-${++ref}`) {
  const { json } = await call('/api/v1/pay-page', {
    merchant_code: 'MX_DEMO',
    pay_item_id: 'Default_Payable_MX_DEMO',
    txn_ref: txnRef,
    amount: '150000',
    currency: '566',
    site_redirect_url: 'http://127.0.0.1:4401/return',
    tuc_reward_percentage: '5',
    tuc_reward_description: 'Earn 5% back',
  });
  return { txnRef, props: json };
}

describe('the cashback opt-in in the sandbox', () => {
  it('is the gate with its sandbox part in server builds', () => {
    expect(plugin.id).toBe('cashback');
    expect(plugin.sandbox).toBe(sandbox);
  });

  it('the pay-page carries the reward to the payment (CONTRACT §2 sandbox fields)', async () => {
    const { props } = await openPayment();
    expect(props).toMatchObject({ tucRewardPercentage: 5, tucRewardDescription: 'Earn 5% back' });
    expect(props.tucAccepted).toBeUndefined();
  });

  it('accepts any phone number or loyalty ID, and the payment then says it was accepted', async () => {
    const { txnRef, props } = await openPayment();
    for (const value of ['08012345678', 'LOYAL-42']) {
      const r = await serverCall({ merchantCode: 'MX_DEMO', mobileNumber: value, paymentId: props.paymentId });
      expect(r).toMatchObject({ status: 200, json: { responseCode: '00' } });
    }
    const again = await openPayment(txnRef);
    expect(again.props.tucAccepted).toBe(true);
    const kept = await sb.readPayment({ paymentId: String(props.paymentId) });
    expect(kept?.channels.cashback).toMatchObject({ mobileNumber: 'LOYAL-42' });
  });

  it(`refuses ${REFUSED_CASHBACK_VALUE} with its description (CONTRACT §5)`, async () => {
    const { props } = await openPayment();
    const r = await serverCall({ merchantCode: 'MX_DEMO', mobileNumber: REFUSED_CASHBACK_VALUE, paymentId: props.paymentId });
    expect(r).toEqual({ status: 400, json: { responseCode: '20', responseDescription: REFUSED_CASHBACK_DESCRIPTION } });
  });

  it('answers a bad request with 400, an unknown payment or another merchant with 404', async () => {
    const { props } = await openPayment();
    expect((await serverCall({ merchantCode: 'MX_DEMO', mobileNumber: ' ', paymentId: props.paymentId })).status).toBe(400);
    expect((await serverCall({ merchantCode: 'MX_DEMO', mobileNumber: '08012345678', paymentId: '999999' })).status).toBe(404);
    expect((await serverCall({ merchantCode: 'MX_OTHER', mobileNumber: '08012345678', paymentId: props.paymentId })).status).toBe(404);
  });

  it("answers only the checkout server: a browser naming any payment id (another payer's) gets 404, and nothing is recorded", async () => {
    const { txnRef, props } = await openPayment();
    const r = await call(STORE_TUC_PATH, { merchantCode: 'MX_DEMO', mobileNumber: '08012345678', paymentId: props.paymentId });
    expect(r.status).toBe(404);
    expect((await sb.readPayment({ paymentId: String(props.paymentId) }))?.channels.cashback).toBeUndefined();
    expect((await openPayment(txnRef)).props.tucAccepted).toBeUndefined();
  });

  it.each([
    ['10 KB', '9'.repeat(10 * 1024)],
    ['markup', '<script>alert(1)</script>'],
    ['33 characters', 'A'.repeat(33)],
    ['spaces inside letters', 'a b c d'],
  ])('refuses a value of %s with 400, nothing recorded', async (_, value) => {
    const { props } = await openPayment();
    const r = await serverCall({ merchantCode: 'MX_DEMO', mobileNumber: value, paymentId: props.paymentId });
    expect(r).toMatchObject({ status: 400, json: { responseDescription: expect.stringMatching(/phone number or a loyalty cash ID/) } });
    expect((await sb.readPayment({ paymentId: String(props.paymentId) }))?.channels.cashback).toBeUndefined();
  });

  it('follows fault injection like every call', async () => {
    const { props } = await openPayment();
    const r = await serverCall({ merchantCode: 'MX_DEMO', mobileNumber: '08012345678', paymentId: props.paymentId }, { 'x-sandbox-error-rate': '1' });
    expect(r).toMatchObject({ status: 500, json: { responseCode: '96' } });
  });

  it('records nothing on a paid payment', async () => {
    const { txnRef, props } = await openPayment();
    await sb.run(async (ctx) => {
      const p = await ctx.payment({ merchantCode: 'MX_DEMO', txnRef });
      p!.outcome = { value: 'success', at: 1 };
    });
    const r = await serverCall({ merchantCode: 'MX_DEMO', mobileNumber: '08012345678', paymentId: props.paymentId });
    expect(r).toMatchObject({ status: 409, json: { responseCode: '94' } });
  });
});
