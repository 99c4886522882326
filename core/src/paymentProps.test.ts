import { describe, expect, it } from 'vitest';
import { readPaymentProps } from './paymentProps';
import { sampleProps } from '@oja/testing';

describe('readPaymentProps (the pay-page answer, read at the seam)', () => {
  it('reads a full answer as the payment properties, and keeps nothing it does not know', () => {
    const props = sampleProps({
      payItems: [{ name: 'Tuition', amount: 100, currencyCode: '566', payableCode: 'P', merchantCode: 'M', transactionReference: 'T-1' }],
    });
    const read = readPaymentProps({ ...props, payableId: 'extra', internal: { x: 1 } });
    expect(read).toEqual({ ok: true, props });
  });

  it('reads ids sent as numbers as text, and amounts sent as text as numbers', () => {
    const read = readPaymentProps({ ...sampleProps(), paymentId: 4242001, amount: '150000', checkoutAmount: '150000' });
    expect(read.ok && read.props.paymentId).toBe('4242001');
    expect(read.ok && read.props.amount).toBe(150000);
  });

  it('gives what an API may leave out its neutral value', () => {
    const read = readPaymentProps({
      responseCode: '00',
      merchantCode: 'MX_DEMO',
      paymentId: '9',
      paymentChannels: ['CARD'],
      amount: 150000,
      currencyCode: '566',
    });
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.props).toMatchObject({ checkoutAmount: 150000, surcharge: 0, passFeeToCustomer: false, acquiredBy: '', nonCardOptions: [] });
    expect('customerName' in read.props).toBe(false);
  });

  it('names every field of the wrong kind, and what is missing', () => {
    const read = readPaymentProps({
      ...sampleProps(),
      amount: 'lots',
      passFeeToCustomer: 'yes',
      paymentId: undefined,
      nonCardOptions: [{ enabled: true }],
    });
    expect(read).toEqual({
      ok: false,
      problems: ['amount: not a number', 'paymentId: not text', 'passFeeToCustomer: not true or false', 'nonCardOptions: not a list of its items'],
    });
  });

  it('refuses what is not an answer at all', () => {
    expect(readPaymentProps(null)).toEqual({ ok: false, problems: ['not an object'] });
    expect(readPaymentProps(['00'])).toEqual({ ok: false, problems: ['not an object'] });
  });
});
