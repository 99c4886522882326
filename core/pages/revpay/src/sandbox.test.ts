// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, listenSandbox, NO_FAULTS } from '@oja/sandbox';
import type { Sandbox } from '@oja/sandbox';
import { RECEIPT_PATH, SANDBOX_BILLS, sandbox } from './sandbox';
import { NOTIFY_PATH, VALIDATE_PATH } from './api';
import { pdfText } from '../../../../scripts/test/pdfText';

let sb: Sandbox;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  sb = createSandbox([{ id: 'revpay', part: sandbox }], { faults: NO_FAULTS });
  ({ base, close } = await listenSandbox(sb));
});
afterAll(async () => {
  await close();
});

async function post(path: string, body: unknown = {}) {
  const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

let n = 0;
/** A revenue payment of RVP-0001 through the pay-page, as the page opens it. */
async function openRevenuePayment(amount = 2_500_000) {
  const txnRef = `RVP-0001:t${++n}`;
  const { json } = await post('/api/v1/pay-page', {
    merchant_code: 'MX_REVPAY',
    pay_item_id: 'Default_Payable_MX_REVPAY',
    txn_ref: txnRef,
    amount: String(amount),
    currency: '566',
    cust_id: 'ada@oja.test',
    cust_email: 'ada@oja.test',
    site_redirect_url: 'http://127.0.0.1:4400/revpay-success',
  });
  return { txnRef, paymentId: String(json.paymentId) };
}

const pay = (txnRef: string) =>
  sb.run(async (ctx) => {
    const p = await ctx.payment({ merchantCode: 'MX_REVPAY', txnRef });
    p!.outcome = { value: 'success', at: Date.UTC(2026, 10, 24, 9, 30) };
  });

describe('reference validation (CONTRACT §5)', () => {
  it('RVP-0001: unpaid, NGN 25,000.00 due, with the bill details', async () => {
    const r = await post(`${VALIDATE_PATH}?webguid=RVP-0001`);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ responseCode: '00', amount: 25_000, paymentReference: 'RVP-0001', merchantCode: 'MX_REVPAY' });
    expect(r.json).toHaveProperty('agencyName');
    expect(r.json).toHaveProperty('revenueName');
    expect(r.json).toHaveProperty('payerName');
  });

  it('RVP-PAID: already paid (01)', async () => {
    expect((await post(`${VALIDATE_PATH}?webguid=RVP-PAID`)).json.responseCode).toBe('01');
  });

  it('any other reference fails', async () => {
    for (const ref of ['RVP-0002', 'toString', '']) expect((await post(`${VALIDATE_PATH}?webguid=${ref}`)).status, ref).toBe(404);
  });
});

describe('notify and the receipt', () => {
  it('answers a receipt link for a paid payment, the same one when notified again, and serves a PDF of it', async () => {
    const { txnRef, paymentId } = await openRevenuePayment();
    await pay(txnRef);
    const body = { webguid: 'RVP-0001', paymentReference: 'RVP-0001', amount: '25000.00', paymentId };
    const first = await post(NOTIFY_PATH, body);
    expect(first.status).toBe(200);
    const link = String(first.json.receiptLink);
    expect(link).toMatch(new RegExp(`^${RECEIPT_PATH}/[0-9a-f]{32}$`));
    expect((await post(NOTIFY_PATH, body)).json.receiptLink).toBe(link);
    const res = await fetch(base + link);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="receipt.pdf"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = await pdfText(bytes);
    const bill = SANDBOX_BILLS['RVP-0001']!;
    const receiptId = link.slice(link.lastIndexOf('/') + 1);
    for (const fact of [
      bill.agencyName,
      'Payment receipt',
      `Receipt no. ${receiptId}`,
      bill.payerName,
      'ada@oja.test',
      bill.revenueName,
      'Bill reference RVP-0001',
      'Amount paid NGN 25,000.00',
      'Amount in words Twenty-five thousand naira',
      `Transaction reference ${txnRef}`,
      paymentId,
      '24 November 2026 at 10:30',
    ])
      expect(text, fact).toContain(fact);
    // The verification line: the checksum of the facts the revenue service keeps under the receipt's number.
    expect(text).toMatch(/SHA-256 of this receipt.s facts: [0-9a-f]{64}/);
  });

  it('writes the receipt in the language its link names', async () => {
    const { txnRef, paymentId } = await openRevenuePayment(2_500_050);
    await pay(txnRef);
    const r = await post(NOTIFY_PATH, { webguid: 'RVP-0001', paymentReference: 'RVP-0001', amount: '25000.50', paymentId });
    const text = await pdfText(new Uint8Array(await (await fetch(`${base}${String(r.json.receiptLink)}?lang=fr`)).arrayBuffer()));
    for (const fact of ['Reçu de paiement', 'Montant payé NGN 25 000,50', 'Vingt-cinq mille nairas et cinquante kobos', '24 novembre 2026'])
      expect(text, fact).toContain(fact);
  });

  it('names the agency as the payee of its bills (the pay-page merchant name)', async () => {
    const { json } = await post('/api/v1/pay-page', {
      merchant_code: 'MX_REVPAY',
      pay_item_id: 'Default_Payable_MX_REVPAY',
      txn_ref: `RVP-0001:name${++n}`,
      amount: '100',
      currency: '566',
      cust_id: 'ada@oja.test',
      site_redirect_url: 'http://127.0.0.1:4400/revpay-success',
    });
    expect(json.merchantName).toBe(SANDBOX_BILLS['RVP-0001']!.agencyName);
  });

  it('states a part payment as paid', async () => {
    const { txnRef, paymentId } = await openRevenuePayment(150);
    await pay(txnRef);
    const r = await post(NOTIFY_PATH, { webguid: 'RVP-0001', paymentReference: 'RVP-0001', amount: '1.50', paymentId });
    const bytes = new Uint8Array(await (await fetch(base + String(r.json.receiptLink))).arrayBuffer());
    expect(await pdfText(bytes)).toContain('NGN 1.50');
  });

  it('refuses an unpaid payment, a wrong amount, an unknown bill or payment', async () => {
    const { txnRef, paymentId } = await openRevenuePayment();
    const body = { webguid: 'RVP-0001', paymentReference: 'RVP-0001', amount: '25000.00', paymentId };
    expect((await post(NOTIFY_PATH, body)).status).toBe(409);
    await pay(txnRef);
    expect((await post(NOTIFY_PATH, { ...body, amount: '25000' })).status).toBe(400);
    expect((await post(NOTIFY_PATH, { ...body, webguid: 'RVP-0002' })).status).toBe(400);
    expect((await post(NOTIFY_PATH, { ...body, paymentId: '999999' })).status).toBe(404);
  });

  it('answers 404 for a receipt it does not know', async () => {
    for (const id of ['0'.repeat(32), 'not-an-id']) expect((await fetch(`${base}${RECEIPT_PATH}/${id}`)).status, id).toBe(404);
  });
});
