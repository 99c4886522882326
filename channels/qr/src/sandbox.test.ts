// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttp, HttpError } from '@oja/core';
import type { PaymentProps } from '@oja/core';
import { createSandbox, listenSandbox } from '@oja/sandbox';
import type { Sandbox } from '@oja/sandbox';
import { callContext } from '@oja/testing';
import { checkStatus, generateQr } from './api';
import plugin, { QR_FAILED_CODE, SANDBOX_QR_VALIDITY_MINS, crc16, sandbox } from './sandbox';

const now = { t: Date.UTC(2030, 0, 1) };
let sb: Sandbox;
let close: () => Promise<void>;
let base: string;

beforeAll(async () => {
  // The sandbox's own clock, moved by the tests: the QR validity runs on it.
  sb = createSandbox([{ id: 'qr', part: sandbox }], { now: () => now.t });
  ({ base, close } = await listenSandbox(sb));
});

afterAll(async () => {
  await close();
});

/** The sandbox through core's client, as the page talks to it. */
const api = () => createHttp(base);

let ref = 0;
async function newPayment(): Promise<PaymentProps> {
  return api().post<PaymentProps>('/api/v1/pay-page', {
    merchant_code: 'MX_DEMO',
    pay_item_id: 'Default_Payable_MX_DEMO',
    txn_ref: `QR-${++ref}`,
    amount: '150000',
    currency: '566',
    site_redirect_url: 'http://127.0.0.1:4401/return',
  });
}

/** The payment as the sandbox keeps it. */
const kept = async (props: PaymentProps) => (await sb.readPayment({ paymentId: props.paymentId }))!;

const settle = (props: PaymentProps, outcome: 'success' | 'failed' | 'expired') =>
  api().post('/sandbox/simulate', { merchant_code: props.merchantCode, txn_ref: props.merchantTransactionReference, outcome });

/** The raw generate answer, as the sandbox sends it. */
const generateAnswer = (props: PaymentProps) => api().post<Record<string, unknown>>('/api/v1/qr/generate', { paymentId: props.paymentId });

/** The page's calls, through core's client. */
const generate = (props: PaymentProps) => generateQr(callContext(props, api()));
const statusOf = (props: PaymentProps) => checkStatus(callContext(props, api()));

/** The EMVCo data objects of a payload, by id (one level). */
function emvco(payload: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < payload.length; ) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    out[id] = payload.slice(i + 4, i + 4 + len);
    i += 4 + len;
  }
  return out;
}

describe('qr sandbox', () => {
  it('is carried by the server build of the plugin', () => {
    expect(plugin.sandbox).toBe(sandbox);
    expect(plugin.id).toBe('qr');
  });

  it('checksums as CRC-16/CCITT-FALSE', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('generates an EMVCo merchant-presented code with the amount and reference, the same one until settled', async () => {
    const props = await newPayment();
    const first = await generate(props);
    const fields = emvco(first.rawQRData);
    expect(fields).toMatchObject({ '00': '01', '01': '12', '53': '566', '54': '1500.00', '58': 'NG', '59': 'Oja Demo Store' });
    expect(emvco(fields['62'])['05']).toBe(props.merchantTransactionReference);
    expect(emvco(fields['26'])['00']).toBe('ng.oja.sandbox');
    expect(first.rawQRData.slice(-8, -4)).toBe('6304');
    expect(first.rawQRData.slice(-4)).toBe(crc16(first.rawQRData.slice(0, -4)));
    expect(first.expiresAt).not.toBeNull();

    expect(await generateAnswer(props)).toEqual({ responseCode: '00', rawQRData: first.rawQRData, validityPeriodMins: SANDBOX_QR_VALIDITY_MINS });
    expect((await kept(props)).channels.qr).toMatchObject({ rawQRData: first.rawQRData, generatedAt: now.t, generation: 1 });
  });

  it('answers 09 until settled, then 00 with what the result needs, a failure code, or XS1', async () => {
    const props = await newPayment();
    await generate(props);
    expect(await statusOf(props)).toMatchObject({ code: '09' });

    await settle(props, 'success');
    const success = await statusOf(props);
    expect(success.code).toBe('00');
    expect(success.response).toMatchObject({ amount: 150000, responseDescription: 'Approved by Financial Institution' });
    expect(success.response.paymentReference).toMatch(/\S/);
    expect(success.response.retrievalReferenceNumber).toMatch(/\S/);

    // A paid payment stays paid (CONTRACT §5): the other outcomes on payments of their own.
    const failed = await newPayment();
    await generate(failed);
    await settle(failed, 'failed');
    expect((await statusOf(failed)).code).toBe(QR_FAILED_CODE);
    await settle(failed, 'expired');
    expect((await statusOf(failed)).code).toBe('XS1');
  });

  it('refuses a new code after a success (409, 94): the payment stays paid, nothing recorded', async () => {
    const props = await newPayment();
    await generate(props);
    await settle(props, 'success');
    const before = JSON.stringify((await kept(props)).channels);
    const again = await generateAnswer(props).catch((e: { status: number; body: Record<string, unknown> }) => e);
    expect(again).toMatchObject({ status: 409, body: { responseCode: '94' } });
    const p = await kept(props);
    expect(JSON.stringify(p.channels)).toBe(before);
    expect(p.outcome?.value).toBe('success');
    expect((await statusOf(props)).code).toBe('00');
  });

  it('gives a fresh code after a failed payment, and its outcome starts afresh', async () => {
    const props = await newPayment();
    const first = await generate(props);
    await settle(props, 'failed');
    const second = await generate(props);
    expect(second.rawQRData).not.toBe(first.rawQRData);
    expect((await kept(props)).outcome).toBeNull();
    expect((await statusOf(props)).code).toBe('09');
  });

  it(`expires on its own ${SANDBOX_QR_VALIDITY_MINS} minutes after it was generated; asked again meanwhile, it tells what is left`, async () => {
    const props = await newPayment();
    await generate(props);
    const start = now.t;
    try {
      now.t = start + 4 * 60_000;
      expect((await generateAnswer(props)).validityPeriodMins).toBe(SANDBOX_QR_VALIDITY_MINS - 4);
      now.t = start + SANDBOX_QR_VALIDITY_MINS * 60_000 - 1;
      expect((await statusOf(props)).code).toBe('09');
      now.t = start + SANDBOX_QR_VALIDITY_MINS * 60_000;
      expect((await statusOf(props)).code).toBe('XS1');
    } finally {
      now.t = start;
    }
  });

  it('answers 404 with a code for a payment it does not know', async () => {
    const unknown = { status: 404, body: { responseCode: '25', responseDescription: 'Unknown payment' } };
    const generate = await generateAnswer({ ...(await newPayment()), paymentId: '999999' }).catch((e: unknown) => e);
    expect(generate).toBeInstanceOf(HttpError);
    expect(generate).toMatchObject({ code: 'http', ...unknown });
    const status = await statusOf({ ...(await newPayment()), merchantTransactionReference: 'nope' }).catch((e: unknown) => e);
    expect(status).toBeInstanceOf(HttpError);
    expect(status).toMatchObject({ code: 'http', ...unknown });
  });

  it('answers a failure code for a payment with no code generated', async () => {
    const props = await newPayment();
    expect((await statusOf(props)).code).toBe('25');
  });
});
