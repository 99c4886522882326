import type { Locale } from './i18n';

/** ISO 4217 numeric -> alphabetic, for the amount prefix (spec core §3 "Currency table"). */
export const CURRENCIES: Record<string, string> = {
  '566': 'NGN',
  '840': 'USD',
  '800': 'UGX',
  '976': 'CDF',
  '404': 'KES',
  '936': 'GHS',
  '710': 'ZAR',
  '952': 'XOF',
  '950': 'XAF',
  '978': 'EUR',
  '826': 'GBP',
  '834': 'TZS',
  '646': 'RWF',
  '894': 'ZMW',
  '270': 'GMD',
  '430': 'LRD',
};

/** Currencies shown unformatted (no decimals, no separators). */
const UNFORMATTED = new Set(['800', '976']);

export function currencyPrefix(numeric: string): string {
  return CURRENCIES[numeric] ?? numeric;
}

/** How each language writes the thousands separator and the decimal mark (fr: a narrow no-break space, a comma). */
const SEPARATORS: Record<Locale, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  fr: { group: '\u202f', decimal: ',' },
};

/**
 * Formats a minor-unit amount as the spec says: truncated (never rounded up), two decimals and thousands
 * separators, except UGX (800) and CDF (976), shown unformatted. Prefixed with the alphabetic code. The separators
 * are the page language's ("NGN 1,500.00", "NGN 1 500,00"): the spec asks for separators, not which.
 */
export function formatAmount(minor: number, currencyCode: string, locale: Locale = 'en'): string {
  const { group, decimal } = SEPARATORS[locale] ?? SEPARATORS.en;
  const prefix = currencyPrefix(currencyCode);
  if (UNFORMATTED.has(currencyCode)) return `${prefix} ${Math.trunc(minor / 100)}`;
  const cents = Math.trunc(minor);
  const whole = Math.trunc(cents / 100);
  const frac = Math.abs(cents % 100)
    .toString()
    .padStart(2, '0');
  const grouped = Math.abs(whole)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${prefix} ${cents < 0 ? '-' : ''}${grouped}${decimal}${frac}`;
}
