import { describe, expect, it } from 'vitest';
import { validatePage } from '@oja/core';
import revpay from './index';
import { messages } from './messages';
import { amountInKobo, isReference, notifyAmount, referenceOf, txnRefFor, validateRevpay } from './rules';

const ok = { phone: '08012345678', email: 'ada@oja.test', amount: '25000' };
const DUE = 2_500_000;

describe('the revenue page', () => {
  it('is a valid page on /revpay and /revpay-success, whose successes come back to the latter', () => {
    expect(validatePage(revpay)).toEqual([]);
    expect(revpay.paths).toEqual(['/revpay', '/revpay-success']);
    expect(revpay.completionPath).toBe('/revpay-success');
    expect(revpay.methods).toEqual(['GET', 'POST']);
  });

  it('has every string in en and fr', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`]));
    expect(keys(messages.fr)).toEqual(keys(messages.en));
    expect(messages.en.revpay.invalidReference).toBe("Something went wrong validating your GUID. Please ensure it's correct and try again.");
    expect(messages.en.revpay.paramsFailed).toBe('Failed to get new payment params. Check network response.');
    expect(messages.en.revpay.success.downloadFailed).toBe('Error downloading receipt. Please try again later.');
  });
});

describe('the form rules (companion §5)', () => {
  it('passes a complete form', () => {
    expect(validateRevpay(ok, DUE)).toEqual({});
    expect(validateRevpay({ ...ok, phone: '0801 234 5678', amount: '1.5' }, DUE)).toEqual({});
  });

  it('phone: required, exactly 11 digits', () => {
    expect(validateRevpay({ ...ok, phone: '' }, DUE)).toEqual({ phone: 'revpay.phoneRequired' });
    for (const phone of ['0801234567', '080123456789', '0801234567a', '+2348012345'])
      expect(validateRevpay({ ...ok, phone }, DUE), phone).toEqual({ phone: 'revpay.phoneInvalid' });
  });

  it('email: required, address-like', () => {
    expect(validateRevpay({ ...ok, email: ' ' }, DUE)).toEqual({ email: 'revpay.emailRequired' });
    for (const email of ['ada', 'ada@oja', 'a da@oja.test'])
      expect(validateRevpay({ ...ok, email }, DUE), email).toEqual({ email: 'revpay.emailInvalid' });
  });

  it('amount: required, not starting with 0, not above the amount due', () => {
    expect(validateRevpay({ ...ok, amount: '' }, DUE)).toEqual({ amount: 'revpay.amountRequired' });
    for (const amount of ['0', '0100', '0.5', '-5', '12a', '1.234', '1e3'])
      expect(validateRevpay({ ...ok, amount }, DUE), amount).toEqual({ amount: 'revpay.amountInvalid' });
    expect(validateRevpay({ ...ok, amount: '25000.01' }, DUE)).toEqual({ amount: 'revpay.amountTooHigh' });
    expect(validateRevpay({ ...ok, amount: '25,000' }, DUE)).toEqual({});
  });

  it('reports every field at once', () => {
    expect(Object.keys(validateRevpay({ phone: '', email: '', amount: '' }, DUE))).toEqual(['phone', 'email', 'amount']);
  });

  it('amount ×100 for the payment, ÷100 as a string for notify (companion §9)', () => {
    expect(amountInKobo('25000')).toBe(2_500_000);
    expect(amountInKobo('1.5')).toBe(150);
    expect(amountInKobo('1.05')).toBe(105);
    expect(notifyAmount(2_500_000)).toBe('25000.00');
    expect(notifyAmount(105)).toBe('1.05');
  });
});

describe('references', () => {
  it('takes letters, digits, _ . - up to 40 characters', () => {
    expect(isReference('RVP-0001')).toBe(true);
    for (const ref of ['', 'a b', 'x:y', 'a'.repeat(41), undefined, null]) expect(isReference(ref), String(ref)).toBe(false);
  });

  it("names each submission's payment by the reference and a suffix, read back from a result", () => {
    const txnRef = txnRefFor('RVP-0001', 1_700_000_000_000);
    expect(txnRef).toMatch(/^RVP-0001:[0-9a-z]+$/);
    expect(txnRef.length).toBeLessThanOrEqual(64);
    expect(txnRefFor('RVP-0001', 1)).not.toBe(txnRefFor('RVP-0001', 2));
    expect(referenceOf(txnRef)).toBe('RVP-0001');
    expect(referenceOf('ORDER-1')).toBeUndefined();
    expect(referenceOf(undefined)).toBeUndefined();
    expect(referenceOf(':abc')).toBeUndefined();
  });
});
