// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentProps } from '@oja/core';
import { createSandbox, listenSandbox, NO_FAULTS } from '@oja/sandbox';
import type { Sandbox, SimulatedOutcome } from '@oja/sandbox';
import plugin, { FAILING_POCKET_ID, POCKET_FAILED_CODE, SANDBOX_APPROVAL_VALIDITY_MINS, sandbox } from './sandbox';
import { INITIATE_PATH, STATUS_PATH } from './api';

const now = { t: 1_700_000_000_000 };
let sb: Sandbox;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  sb = createSandbox([{ id: 'pocket', part: sandbox }], { faults: NO_FAULTS, now: () => now.t });
  ({ base, close } = await listenSandbox(sb));
});
afterAll(async () => {
  await close();
});

async function call(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

let ref = 0;
/** An NGN payment offering customer wallets, made through the sandbox's pay-page. */
async function newPayment() {
  const txnRef = `POCKET-${++ref}`;
  const { json } = await call('/api/v1/pay-page', {
    merchant_code: 'MX_DEMO',
    pay_item_id: 'Default_Payable_MX_DEMO',
    txn_ref: txnRef,
    amount: '150000',
    currency: '566',
    channels: 'CARD,CUSTOMER_WALLET',
    site_redirect_url: 'http://127.0.0.1:4401/return',
  });
  const props = json as unknown as PaymentProps;
  const initiate = (walletId: string, headers?: Record<string, string>) =>
    call(
      INITIATE_PATH,
      {
        merchantCode: 'MX_DEMO',
        payableCode: props.payableCode,
        currencyCode: '566',
        transactionReference: txnRef,
        paymentId: props.paymentId,
        walletId,
      },
      headers,
    );
  const status = (headers?: Record<string, string>) => call(STATUS_PATH, { merchantCode: 'MX_DEMO', reference: txnRef }, headers);
  const setOutcome = (value: SimulatedOutcome) =>
    sb.run(async (ctx) => {
      (await ctx.payment({ paymentId: props.paymentId }))!.outcome = { value, at: now.t };
    });
  return { props, initiate, status, setOutcome };
}

describe('Pocket sandbox', () => {
  it('is carried by the server build of the plugin', () => {
    expect(plugin.sandbox).toBe(sandbox);
    expect(plugin.id).toBe('pocket');
  });

  it('initiates any Pocket ID, and stays pending until settled (CONTRACT §5)', async () => {
    const { initiate, status, setOutcome } = await newPayment();
    expect((await status()).json.responseCode).toBe('25');
    expect((await initiate('@ada')).status).toBe(200);
    expect(await status()).toMatchObject({ status: 200, json: { responseCode: '09' } });
    await setOutcome('success');
    expect(await status()).toMatchObject({ status: 200, json: { responseCode: '00', paymentReference: expect.stringMatching(/^OJA\|POCKET\|/) } });
    // A paid payment sends nothing more to the app.
    expect((await initiate('@ada')).status).not.toBe(200);
  });

  it('fails to initiate @fail, and refuses an empty ID', async () => {
    const { initiate, status } = await newPayment();
    expect((await initiate(FAILING_POCKET_ID)).status).toBe(502);
    expect((await initiate('  ')).status).toBe(400);
    expect((await status()).json.responseCode).toBe('25');
  });

  it('answers a simulated failure with its code, and expires once the validity runs out', async () => {
    const failed = await newPayment();
    await failed.initiate('@ada');
    await failed.setOutcome('failed');
    expect((await failed.status()).json.responseCode).toBe(POCKET_FAILED_CODE);

    const late = await newPayment();
    await late.initiate('@ada');
    now.t += SANDBOX_APPROVAL_VALIDITY_MINS * 60_000 + 1;
    expect((await late.status()).json.responseCode).toBe('XS1');
  });

  it('fails either call on fault injection', async () => {
    const { initiate, status } = await newPayment();
    expect((await initiate('@ada', { 'x-sandbox-error-rate': '1' })).status).toBeGreaterThanOrEqual(500);
    expect((await status({ 'x-sandbox-error-rate': '1' })).status).toBeGreaterThanOrEqual(500);
  });
});
