// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '@oja/core';
import type { PageAnswer, PagePayment, PaymentOpening } from '@oja/core';
import { fakeHttp, sampleProps, testPageContext } from '@oja/testing';
import page from './server';
import { NOTIFY_PATH, VALIDATE_PATH } from './api';
import type { RevpayState, RevpayView } from './views';

const BILL = {
  responseCode: '00',
  agencyName: 'Agency',
  revenueName: 'Land Use Charge',
  payerName: 'Ada Okafor',
  paymentReference: 'RVP-0001',
  amount: 25_000,
  merchantCode: 'MX_REVPAY',
  payItemId: 'Default_Payable_MX_REVPAY',
};
const validates = (answer: unknown) => ({ [`POST ${VALIDATE_PATH}`]: () => answer });
const form = { ref: 'RVP-0001', phone: '08012345678', email: 'ada@oja.test', amount: '20000' };

const serve = (o: Parameters<typeof testPageContext<RevpayState>>[0]) => page.serve(testPageContext<RevpayState>(o)) as Promise<PageAnswer>;
const data = (a: PageAnswer) => (a.kind === 'screen' ? (a.data as RevpayView) : undefined);

describe('GET /revpay', () => {
  it('validates the reference, then shows the form with the bill', async () => {
    const http = fakeHttp(validates(BILL));
    const a = await serve({ http, request: { path: '/revpay', query: new URLSearchParams('ref=RVP-0001') } });
    expect(a).toMatchObject({ kind: 'screen', status: 200, title: 'revpay.title' });
    expect(data(a)).toMatchObject({ kind: 'form', ref: 'RVP-0001', details: { amount: 25_000, payerName: 'Ada Okafor' }, errors: {} });
    // In a payment's frame: the agency is the payee, the amount due faces it.
    expect(a).toMatchObject({ header: { payee: BILL.agencyName, amount: 2_500_000, currencyCode: '566' } });
    expect(http.calls[0]).toMatchObject({ key: `POST ${VALIDATE_PATH}`, body: {}, opts: { params: { webguid: 'RVP-0001' } } });
  });

  it('already paid (01): Payment Completed!', async () => {
    const a = await serve({
      http: fakeHttp(validates({ responseCode: '01' })),
      request: { path: '/revpay', query: new URLSearchParams('ref=RVP-PAID') },
    });
    expect(a).toMatchObject({ status: 200, title: 'revpay.paidTitle' });
    expect(data(a)).toEqual({ kind: 'paid', ref: 'RVP-PAID' });
  });

  it('a reference that fails validation, a failed call, a malformed bill or no reference: the GUID failure', async () => {
    const cases = [
      { http: fakeHttp(validates({ responseCode: '25' })), q: 'ref=NOPE' },
      {
        http: fakeHttp({
          [`POST ${VALIDATE_PATH}`]: () => {
            throw new HttpError('HTTP 404', 'http', 404);
          },
        }),
        q: 'ref=NOPE',
      },
      { http: fakeHttp(validates({ ...BILL, amount: 0 })), q: 'ref=RVP-0001' },
      { http: fakeHttp(validates(BILL)), q: '' },
      { http: fakeHttp(validates(BILL)), q: 'ref=a%20b' },
    ];
    for (const { http, q } of cases) {
      const a = await serve({ http, request: { path: '/revpay', query: new URLSearchParams(q) } });
      expect(a, q).toMatchObject({ status: 404 });
      expect(data(a), q).toEqual({ kind: 'invalid' });
    }
  });
});

describe('POST /revpay', () => {
  const post = (body: Record<string, string>, openPayment?: (f: Record<string, string>, s: RevpayState) => Promise<PaymentOpening>) =>
    serve({ http: fakeHttp(validates(BILL)), request: { method: 'POST', path: '/revpay', body }, ...(openPayment && { openPayment }) });

  it('shows every broken rule again with what was typed, opening nothing', async () => {
    const openPayment = vi.fn();
    const a = await post({ ...form, phone: '123', email: '', amount: '30000' }, openPayment);
    expect(a).toMatchObject({ status: 400 });
    expect(data(a)).toMatchObject({
      kind: 'form',
      values: { phone: '123', email: '', amount: '30000' },
      errors: { phone: 'revpay.phoneInvalid', email: 'revpay.emailRequired', amount: 'revpay.amountTooHigh' },
    });
    expect(openPayment).not.toHaveBeenCalled();
  });

  it('opens the payment: amount ×100, currency 566, the e-mail as customer id, back to its own /revpay-success', async () => {
    const openPayment = vi.fn(async () => ({ opened: true, session: 'S1' }) as PaymentOpening);
    const a = await post({ ...form, phone: '0801 234 5678' }, openPayment);
    expect(a).toEqual({ kind: 'checkout', session: 'S1' });
    const [fields, state] = openPayment.mock.calls[0] as unknown as [Record<string, string>, RevpayState];
    expect(fields).toMatchObject({
      merchant_code: 'MX_REVPAY',
      pay_item_id: 'Default_Payable_MX_REVPAY',
      amount: '2000000',
      currency: '566',
      cust_id: 'ada@oja.test',
      cust_mobile_no: '08012345678',
      site_redirect_url: 'https://checkout.example/revpay-success',
    });
    expect(fields.txn_ref).toMatch(/^RVP-0001:/);
    expect(state).toMatchObject({
      ref: 'RVP-0001',
      amount: 2_000_000,
      email: 'ada@oja.test',
      phone: '08012345678',
      details: { payerName: 'Ada Okafor' },
    });
  });

  it('a refused pay-page: its description, on the form, nothing opened', async () => {
    const a = await post(form, async () => ({ opened: false, reason: 'refused', responseCode: 'Z1', responseDescription: 'Merchant not permitted' }));
    expect(a).toMatchObject({ status: 502 });
    expect(data(a)).toMatchObject({ kind: 'form', failure: { text: 'Merchant not permitted' }, values: { amount: '20000' } });
  });

  it('an unreachable API: "Failed to get new payment params"', async () => {
    const a = await post(form, async () => ({ opened: false, reason: 'unreachable', responseCode: '', responseDescription: 'timeout' }));
    expect(a).toMatchObject({ status: 503 });
    expect(data(a)).toMatchObject({ failure: { key: 'revpay.paramsFailed' } });
  });
});

describe('/revpay-success', () => {
  const state: RevpayState = {
    ref: 'RVP-0001',
    details: { ...BILL },
    amount: 2_000_000,
    email: 'ada@oja.test',
    phone: '08012345678',
  };
  function payment(s: unknown, paid = true) {
    const kept: { state: unknown } = { state: s };
    const p: PagePayment<RevpayState> = {
      props: sampleProps({ paymentId: '100042' }),
      state: s as RevpayState,
      setState: async (next) => {
        kept.state = structuredClone(next);
      },
      isPaid: async () => paid,
    };
    return { p, kept };
  }
  const success = (p: PagePayment<RevpayState> | undefined, http = fakeHttp({})) => serve({ http, payment: p, request: { path: '/revpay-success' } });

  it('notifies once (amount ÷100 as a string), keeps the receipt link, and shows the success', async () => {
    const http = fakeHttp({ [`POST ${NOTIFY_PATH}`]: () => ({ responseCode: '00', receiptLink: '/api/v1/revpay/receipts/abc' }) });
    const { p, kept } = payment(structuredClone(state));
    const a = await success(p, http);
    expect(http.calls).toEqual([
      {
        key: `POST ${NOTIFY_PATH}`,
        body: { webguid: 'RVP-0001', paymentReference: 'RVP-0001', amount: '20000.00', paymentId: '100042' },
        opts: undefined,
      },
    ]);
    expect(a).toMatchObject({ kind: 'screen', status: 200, title: 'revpay.success.title' });
    expect(data(a)).toMatchObject({
      kind: 'success',
      reference: 'RVP-0001',
      payerName: 'Ada Okafor',
      amount: 2_000_000,
      // In the page's language (the revenue service writes the receipt in the one its link names).
      receiptLink: 'https://checkout.example/api/v1/revpay/receipts/abc?lang=en',
    });
    expect(kept.state).toMatchObject({ receiptLink: 'https://checkout.example/api/v1/revpay/receipts/abc', paidAt: expect.any(Number) });
    // A reload: nothing asked again.
    const again = await success(payment(kept.state).p, http);
    expect(http.calls).toHaveLength(1);
    expect(data(again)).toMatchObject({ receiptLink: 'https://checkout.example/api/v1/revpay/receipts/abc?lang=en' });
  });

  it('writes the date and time in the payer language', async () => {
    const paidAt = Date.UTC(2026, 10, 24, 9, 30);
    const s = { ...state, paidAt, receiptLink: 'https://api.example/r.pdf' };
    const en = data(await success(payment(s).p));
    const fr = data(await serve({ locale: 'fr', payment: payment(s).p, request: { path: '/revpay-success' } }));
    expect(en).toMatchObject({ paidAt: '24 November 2026 at 10:30' });
    expect(fr).toMatchObject({ paidAt: '24 novembre 2026 à 10:30', receiptLink: 'https://api.example/r.pdf?lang=fr' });
  });

  it('a failed notify still shows the success, without a link, and asks again on the next visit', async () => {
    let fail = true;
    const http = fakeHttp({
      [`POST ${NOTIFY_PATH}`]: () => {
        if (fail) throw new HttpError('Network error', 'network');
        return { responseCode: '00', receiptLink: 'javascript:alert(1)' };
      },
    });
    const { p, kept } = payment(structuredClone(state));
    const a = await success(p, http);
    expect(data(a)).toMatchObject({ kind: 'success' });
    expect(data(a)).not.toHaveProperty('receiptLink');
    fail = false;
    // A link that is not http(s) is never handed to the page.
    const b = await success(payment(kept.state).p, http);
    expect(http.calls).toHaveLength(2);
    expect(data(b)).not.toHaveProperty('receiptLink');
  });

  it('no payment of its own, or a corrupt record: back to /', async () => {
    expect(await success(undefined)).toEqual({ kind: 'redirect', to: '/' });
    for (const s of [null, 'x', { ...state, amount: 'lots' }, { ...state, details: undefined }, { ...state, paidAt: 'yesterday' }])
      expect(await success(payment(s).p), JSON.stringify(s)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('a payment not paid: back to the form', async () => {
    expect(await success(payment(state, false).p)).toEqual({ kind: 'redirect', to: '/revpay?ref=RVP-0001' });
  });

  it("another result (cancelled, expired) posted as a merchant's: back to the bill's form", async () => {
    const post = (txnref: string) => serve({ request: { method: 'POST', path: '/revpay-success', body: { txnref, resp: 'Z6' } } });
    expect(await post('RVP-0001:mwv1qoyq')).toEqual({ kind: 'redirect', to: '/revpay?ref=RVP-0001' });
    expect(await post('ORDER-1')).toEqual({ kind: 'redirect', to: '/' });
  });
});
