import { describe, expect, it } from 'vitest';
import { fakeHttp, sampleProps } from '@oja/testing';
import { HttpError } from './http';
import { NOT_SETTLED_CODES, paymentStanding, REQUERY_PATH } from './requery';

const props = sampleProps();
const answering = (answer: Record<string, unknown>) => fakeHttp({ [`GET ${REQUERY_PATH}`]: () => answer });

describe('paymentStanding: where a payment stands when its page is loaded again', () => {
  it("asks the requery with the merchant's code, reference and amount", async () => {
    const http = answering({ ResponseCode: '09' });
    await paymentStanding(http, props);
    expect(http.calls[0].opts?.params).toEqual({
      merchantcode: props.merchantCode,
      transactionreference: props.merchantTransactionReference,
      amount: props.amount,
    });
  });

  it('paid: the result, with the amount, references and date as text', async () => {
    const http = answering({
      ResponseCode: '00',
      ResponseDescription: 'Approved by Financial Institution',
      Amount: 150000,
      PaymentReference: 'OJA|1',
      RetrievalReferenceNumber: 'RR1',
      TransactionDate: '2026-11-27T10:00:00.000Z',
    });
    expect(await paymentStanding(http, props)).toEqual({
      responseCode: '00',
      responseDescription: 'Approved by Financial Institution',
      amount: '150000',
      paymentReference: 'OJA|1',
      retrievalReferenceNumber: 'RR1',
      transactionDate: '2026-11-27T10:00:00.000Z',
    });
  });

  it('expired, cancelled, failed: the result, with no amount', async () => {
    for (const code of ['XS1', 'Z6', 'Z1', '51']) {
      const r = await paymentStanding(answering({ ResponseCode: code, Amount: 0 }), props);
      expect(r?.responseCode).toBe(code);
      expect(r).not.toHaveProperty('amount');
    }
  });

  it('in progress, not attempted, no code, or no answer: nothing (the page draws its screen)', async () => {
    for (const code of NOT_SETTLED_CODES) expect(await paymentStanding(answering({ ResponseCode: code }), props)).toBeUndefined();
    expect(await paymentStanding(answering({}), props)).toBeUndefined();
    expect(await paymentStanding(answering({ ResponseCode: { toString: 1 } }), props)).toBeUndefined();
    const down = fakeHttp({
      [`GET ${REQUERY_PATH}`]: () => {
        throw new HttpError('down', 'http', 503);
      },
    });
    expect(await paymentStanding(down, props)).toBeUndefined();
  });
});
