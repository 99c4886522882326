import { describe, expect, it } from 'vitest';
import { currencyPrefix, formatAmount } from './money';

describe('formatAmount', () => {
  it('shows two decimals and the alphabetic prefix', () => {
    expect(formatAmount(150000, '566')).toBe('NGN 1,500.00');
    expect(formatAmount(5, '566')).toBe('NGN 0.05');
    expect(formatAmount(0, '840')).toBe('USD 0.00');
    expect(formatAmount(1999, '840')).toBe('USD 19.99');
  });

  it('groups thousands', () => {
    expect(formatAmount(99999, '566')).toBe('NGN 999.99');
    expect(formatAmount(100000, '566')).toBe('NGN 1,000.00');
    expect(formatAmount(123456789012, '566')).toBe('NGN 1,234,567,890.12');
  });

  it('truncates fractions of a minor unit, never rounding up', () => {
    expect(formatAmount(150099.99, '566')).toBe('NGN 1,500.99');
    expect(formatAmount(999.5, '840')).toBe('USD 9.99');
    expect(formatAmount(0.9, '566')).toBe('NGN 0.00');
  });

  it('formats negative amounts with the sign before the digits', () => {
    expect(formatAmount(-150050, '566')).toBe('NGN -1,500.50');
    expect(formatAmount(-50, '566')).toBe('NGN -0.50');
    expect(formatAmount(-1999.9, '840')).toBe('USD -19.99');
  });

  it('shows UGX (800) and CDF (976) unformatted, truncated', () => {
    expect(formatAmount(150000, '800')).toBe('UGX 1500');
    expect(formatAmount(123456799, '800')).toBe('UGX 1234567');
    expect(formatAmount(250099, '976')).toBe('CDF 2500');
    expect(formatAmount(-150099, '976')).toBe('CDF -1500');
  });

  it('prefixes an unknown currency with its numeric code', () => {
    expect(formatAmount(150000, '999')).toBe('999 1,500.00');
  });
});

describe('formatAmount in French', () => {
  it('groups thousands with a narrow no-break space and writes a decimal comma', () => {
    expect(formatAmount(150000, '566', 'fr')).toBe('NGN 1\u202f500,00');
    expect(formatAmount(123466839.9, '566', 'fr')).toBe('NGN 1\u202f234\u202f668,39');
    expect(formatAmount(99, '840', 'fr')).toBe('USD 0,99');
    expect(formatAmount(-150099, '566', 'fr')).toBe('NGN -1\u202f500,99');
  });

  it('keeps UGX and CDF unformatted', () => {
    expect(formatAmount(5000000, '800', 'fr')).toBe('UGX 50000');
  });

  it('is English by default', () => {
    expect(formatAmount(150000, '566')).toBe(formatAmount(150000, '566', 'en'));
  });
});

describe('currencyPrefix', () => {
  it('maps the spec currencies', () => {
    expect(currencyPrefix('566')).toBe('NGN');
    expect(currencyPrefix('840')).toBe('USD');
    expect(currencyPrefix('800')).toBe('UGX');
    expect(currencyPrefix('976')).toBe('CDF');
    expect(currencyPrefix('404')).toBe('KES');
  });
  it('falls back to the numeric code', () => {
    expect(currencyPrefix('123')).toBe('123');
  });
});
