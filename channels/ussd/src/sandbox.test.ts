// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttp } from '@oja/core';
import type { PaymentProps } from '@oja/core';
import { CODE_ALREADY_PAID, createSandbox, listenSandbox, NO_FAULTS } from '@oja/sandbox';
import type { Sandbox, SimulatedOutcome } from '@oja/sandbox';
import { callContext } from '@oja/testing';
import plugin, { SANDBOX_BANKS, SANDBOX_VALIDITY_MINS, UNKNOWN_BANK_CODE, USSD_FAILED_CODE, sandbox } from './sandbox';
import { checkStatus, generateCode, loadIssuers } from './api';

const now = { t: 1_700_000_000_000 };
let sb: Sandbox;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  sb = createSandbox([{ id: 'ussd', part: sandbox }], { faults: NO_FAULTS, now: () => now.t });
  ({ base, close } = await listenSandbox(sb));
});
afterAll(async () => {
  await close();
});

/** A request to the sandbox, its answer read as `T` (an API answer of any shape unless said). */
async function call<T = Record<string, any>>(method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

let ref = 0;
/** A payment made through the sandbox's pay-page, as the checkout server makes it. */
async function newPayment(extra: Record<string, string> = {}) {
  const txnRef = `USSD-${++ref}`;
  const { json: props } = await call<PaymentProps>('POST', '/api/v1/pay-page', {
    merchant_code: 'MX_DEMO',
    pay_item_id: 'Default_Payable_MX_DEMO',
    txn_ref: txnRef,
    amount: '150000',
    currency: '566',
    site_redirect_url: 'http://127.0.0.1:4401/return',
    channels: 'USSD',
    ...extra,
  });
  expect(props.responseCode).toBe('00');
  const { paymentId } = props;
  const generate = (bankCode: unknown) => call('POST', '/api/v1/ussd/generate', { paymentId, bankCode });
  const status = async () =>
    (await call('GET', `/api/v1/ussd/status?${new URLSearchParams({ merchantCode: 'MX_DEMO', transactionReference: txnRef })}`)).json;
  /** The payment as the sandbox keeps it. */
  const kept = async () => (await sb.readPayment({ paymentId }))!;
  /** Sets the outcome as a request would, whatever it was (each outcome's status code, on one payment). */
  const setOutcome = (value: SimulatedOutcome) =>
    sb.run(async (ctx) => {
      (await ctx.payment({ paymentId }))!.outcome = { value, at: now.t };
    });
  return { props, generate, status, kept, setOutcome };
}

describe('USSD sandbox', () => {
  it('is carried by the server build of the plugin', () => {
    expect(plugin.sandbox).toBe(sandbox);
    expect(plugin.id).toBe('ussd');
  });

  it('lists 17+ Nigerian banks by name and CBN code, and no bank for another country', async () => {
    const { status, json } = await call('GET', '/api/v1/ussd/issuers/NG');
    expect(status).toBe(200);
    expect(json.issuers.length).toBeGreaterThanOrEqual(17);
    expect(json.issuers).toContainEqual({ name: 'Guaranty Trust Bank', cbnCode: '058' });
    expect(json.issuers).toContainEqual({ name: 'Access Bank', cbnCode: '044' });
    for (const issuer of json.issuers) expect(Object.keys(issuer).sort()).toEqual(['cbnCode', 'name']);
    expect(new Set(json.issuers.map((i: { cbnCode: string }) => i.cbnCode)).size).toBe(json.issuers.length);
    expect((await call('GET', '/api/v1/ussd/issuers/ng')).json.issuers).toHaveLength(json.issuers.length);
    expect(await call('GET', '/api/v1/ussd/issuers/GH')).toMatchObject({ status: 200, json: { responseCode: '00', issuers: [] } });
    expect((await call('GET', '/api/v1/ussd/issuers/NGA')).status).toBe(400);
  });

  it("gives the chosen bank's code with the payment's reference, and the default code beside it", async () => {
    const { generate, kept } = await newPayment();
    const gtb = (await generate('058')).json;
    expect(gtb).toMatchObject({ responseCode: '00', validityPeriodMins: SANDBOX_VALIDITY_MINS, pushSent: false });
    const reference = /^\*737\*000\*(\d{4})#$/.exec(gtb.bankShortCode)?.[1];
    expect(reference).toBeDefined();
    expect(gtb.defaultShortCode).toBe(`*322*058*${reference}#`);
    expect((await kept()).channels.ussd).toMatchObject({ bankCode: '058', reference, generatedAt: now.t, generation: 1 });

    // Another bank while the payment is pending: its own code, the same reference.
    const jaiz = (await generate('301')).json;
    expect(jaiz.bankShortCode).toBe(`*389*301*000*${reference}#`);
    expect((await kept()).channels.ussd).toMatchObject({ bankCode: '301', reference, generation: 1 });
    // A bank without a code of its own: only the default code.
    const providus = (await generate('101')).json;
    expect(providus).toMatchObject({ responseCode: '00', bankShortCode: '', defaultShortCode: `*322*101*${reference}#` });
  });

  it('refuses an unknown bank or payment with an answer the screen can show', async () => {
    const { generate } = await newPayment();
    for (const bankCode of ['999', '', undefined, '058 ']) {
      expect(await generate(bankCode)).toEqual({ status: 400, json: { responseCode: UNKNOWN_BANK_CODE, responseDescription: 'No such issuer' } });
    }
    expect((await call('POST', '/api/v1/ussd/generate', { paymentId: 'nope', bankCode: '058' })).status).toBe(404);
  });

  it("sends a prompt to the phone when the payment has the payer's number", async () => {
    const { generate, kept } = await newPayment({ cust_mobile_no: '08031234567' });
    expect((await generate('058')).json.pushSent).toBe(true);
    expect((await generate('058')).json.pushSent).toBe(true);
    expect((await kept()).channels.ussd).toMatchObject({ pushes: 2 });
  });

  it('stays pending until settled, maps outcomes to codes, and expires after the validity', async () => {
    const { props, generate, status, setOutcome } = await newPayment();
    expect((await status()).responseCode).toBe('25');
    await generate('058');
    expect(await status()).toMatchObject({ responseCode: '09', transactionReference: props.merchantTransactionReference });
    await setOutcome('success');
    expect(await status()).toMatchObject({
      responseCode: '00',
      amount: 150000,
      paymentReference: `OJA|USSD|${props.paymentId}`,
      responseDescription: 'Approved by Financial Institution',
    });
    expect(String((await status()).retrievalReferenceNumber)).not.toBe('');
    await setOutcome('failed');
    expect((await status()).responseCode).toBe(USSD_FAILED_CODE);
    await setOutcome('expired');
    expect((await status()).responseCode).toBe('XS1');

    const fresh = await newPayment();
    await fresh.generate('044');
    now.t += SANDBOX_VALIDITY_MINS * 60_000;
    expect((await fresh.status()).responseCode).toBe('09');
    now.t += 1;
    expect((await fresh.status()).responseCode).toBe('XS1');
    // A new code is valid from its own generation.
    await fresh.generate('044');
    expect((await fresh.status()).responseCode).toBe('09');
  });

  it('starts afresh after a failed payment: a new reference and no outcome', async () => {
    const { generate, status, kept, setOutcome } = await newPayment();
    const first = (await generate('058')).json.bankShortCode;
    await setOutcome('failed');
    const second = (await generate('058')).json.bankShortCode;
    expect(second).toMatch(/^\*737\*000\*\d{4}#$/);
    expect(second).not.toBe(first);
    expect((await kept()).outcome).toBeNull();
    expect((await kept()).channels.ussd).toMatchObject({ generation: 2 });
    expect((await status()).responseCode).toBe('09');
  });

  it('keeps an approval: a code asked for after it is refused (409, 94), and the payment stays paid', async () => {
    const { generate, status, kept, setOutcome } = await newPayment();
    await generate('058');
    await setOutcome('success');
    const before = JSON.stringify((await kept()).channels);
    const again = await generate('044');
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ responseCode: CODE_ALREADY_PAID });
    expect(JSON.stringify((await kept()).channels)).toBe(before);
    expect((await kept()).outcome).toMatchObject({ value: 'success' });
    expect((await status()).responseCode).toBe('00');
  });

  it('every bank has a CBN code and a dialable code (its own or the default)', () => {
    expect(SANDBOX_BANKS.length).toBeGreaterThanOrEqual(17);
    for (const bank of SANDBOX_BANKS) {
      expect(bank.cbnCode).toMatch(/^\d{3}$/);
      expect(bank.shortCode).toMatch(/^(\*[\d*]+#)?$/);
    }
  });
});

describe('USSD api against the sandbox', () => {
  it("loads the banks, generates a code and reads the status through core's client", async () => {
    const { props, setOutcome } = await newPayment();
    const ctx = callContext(props, createHttp(base));
    const issuers = await loadIssuers(ctx);
    expect(issuers).toHaveLength(SANDBOX_BANKS.length);
    expect(issuers[0]).toEqual({ name: 'Access Bank', cbnCode: '044' });

    const code = await generateCode(ctx, '058');
    expect(code).toMatchObject({ bankCode: '058', validityPeriodMins: SANDBOX_VALIDITY_MINS, pushSent: false });
    expect(code.dialCode).toMatch(/^\*737\*000\*\d{4}#$/);
    expect((await generateCode(ctx, '101')).dialCode).toMatch(/^\*322\*101\*\d{4}#$/);
    await expect(generateCode(ctx, '999')).rejects.toMatchObject({ code: 'http', status: 400, body: { responseCode: UNKNOWN_BANK_CODE } });

    expect(await checkStatus(ctx)).toMatchObject({ code: '09' });
    await setOutcome('success');
    expect(await checkStatus(ctx)).toMatchObject({ code: '00', response: { amount: 150000 } });
  });
});
