/**
 * The card channel's pure rules (spec core §2 "Card entry", §3 "Card type codes" and "Brand table", §5, §9):
 * brand detection, formatting as typed, and validators answering a translation key. No React, no DOM.
 */

import { BRANDS_BY_ACQUIRER, acquirerOf } from './acquirerBrands';
import type { Brand } from './acquirerBrands';

export type { Brand } from './acquirerBrands';

interface BrandRange {
  brand: Brand;
  /** First and last prefix of the range, both of the same number of digits. */
  from: string;
  to: string;
  /** Valid lengths of a complete number in this range. */
  lengths: readonly number[];
}

/** The brand table (spec core §3). Where ranges overlap (Discover's 65, Verve's 650002-650027) the longer prefix wins. */
const BRAND_RANGES: readonly BrandRange[] = [
  { brand: 'MasterCard', from: '2221', to: '2720', lengths: [16] },
  { brand: 'MasterCard', from: '51', to: '55', lengths: [16] },
  { brand: 'Verve', from: '506099', to: '506198', lengths: [16, 19] },
  { brand: 'Verve', from: '650002', to: '650027', lengths: [16, 19] },
  { brand: 'Verve', from: '5612', to: '5612', lengths: [19] },
  { brand: 'Verve', from: '507865', to: '507964', lengths: [19] },
  { brand: 'Visa', from: '4', to: '4', lengths: [16] },
  { brand: 'AmericanExpress', from: '34', to: '34', lengths: [15] },
  { brand: 'AmericanExpress', from: '37', to: '37', lengths: [15] },
  { brand: 'Afrigo', from: '564', to: '564', lengths: [18] },
  // Not in the spec's table; only so a Discover card shows its icon.
  { brand: 'Discover', from: '6011', to: '6011', lengths: [16] },
  { brand: 'Discover', from: '644', to: '649', lengths: [16] },
  { brand: 'Discover', from: '65', to: '65', lengths: [16] },
];

/** The card number field's cap, spaces included (spec core §2, §9). */
const CARD_NUMBER_MAX_CHARS = 30;
/** 'MM / YY' (spec core §2). */
const EXPIRY_MAX_DIGITS = 4;
const EXPIRY_SEPARATOR = ' / ';
/** The shortest and longest card numbers in use (ISO/IEC 7812); guards Luhn against '0' and the like. */
const PAN_MIN_DIGITS = 12;
const PAN_MAX_DIGITS = 19;

/**
 * The range the digits typed so far fall in, once it is decided: null while a longer prefix (of any range)
 * could still match, so '5' and '65' wait for more digits.
 */
function rangeOf(input: string): BrandRange | null {
  const digits = digitsOnly(input);
  if (!digits) return null;
  let best: BrandRange | null = null;
  for (const range of BRAND_RANGES) {
    const width = range.from.length;
    if (digits.length < width) {
      const typed = digits.length;
      // The typed digits are the start of some prefix in this range: not decided yet.
      if (digits >= range.from.slice(0, typed) && digits <= range.to.slice(0, typed)) return null;
      continue;
    }
    const prefix = digits.slice(0, width);
    if (prefix >= range.from && prefix <= range.to && (!best || width > best.from.length)) best = range;
  }
  return best;
}

/** Brand from the digits typed so far (spec core §3 brand table), as soon as enough digits are typed to decide; null when unknown. */
export function detectBrand(digits: string): Brand | null {
  return rangeOf(digits)?.brand ?? null;
}

/** Valid lengths of a complete number in that number's range (Verve's depend on the prefix); empty while the range is unknown. */
export function cardLengths(digits: string): number[] {
  return [...(rangeOf(digits)?.lengths ?? [])];
}

/** The Luhn (mod 10) check; false for anything but digits. */
export function luhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Digits only, capped at `max` (default: no cap). */
export function digitsOnly(input: string, max?: number): string {
  const digits = input.replace(/\D/g, '');
  return max === undefined ? digits : digits.slice(0, max);
}

/** Digits only, grouped in fours with single spaces, at most 30 characters (spec core §2). */
export function formatCardNumber(input: string): string {
  return digitsOnly(input)
    .replace(/(\d{4})(?=\d)/g, '$1 ')
    .slice(0, CARD_NUMBER_MAX_CHARS)
    .trimEnd();
}

/**
 * Formats the expiry field as typed. `previous` is the field's value before this change: when the new input
 * is shorter the payer is deleting, so nothing is added back (no separator, no leading 0) and they can
 * delete past ' / '.
 */
export function formatExpiry(input: string, previous = ''): string {
  const deleting = input.length < previous.length;
  let month: string;
  let year: string;
  const slash = input.indexOf('/');
  const typedMonth = slash >= 0 ? digitsOnly(input.slice(0, slash)) : '';
  if (typedMonth.length === 1 || typedMonth.length === 2) {
    // Month and year kept apart by the payer's (or our) separator: '1/30' and a pasted '12/2030' too.
    month = typedMonth.length === 1 && typedMonth !== '0' && !deleting ? `0${typedMonth}` : typedMonth;
    const typedYear = digitsOnly(input.slice(slash + 1));
    year = typedYear.length === 4 ? typedYear.slice(2) : typedYear.slice(0, 2);
  } else {
    let digits = digitsOnly(input);
    if (digits.length === 6) digits = digits.slice(0, 2) + digits.slice(4); // pasted MMYYYY
    if (!deleting && /^[2-9]/.test(digits)) digits = `0${digits}`;
    digits = digits.slice(0, EXPIRY_MAX_DIGITS);
    month = digits.slice(0, 2);
    year = digits.slice(2);
  }
  const withSeparator = `${month}${EXPIRY_SEPARATOR}`;
  if (year) return `${withSeparator}${year}`;
  // Deleting the year's last digit leaves '12 / ' as it is; the next backspace removes the separator.
  return month.length === 2 && (!deleting || input === withSeparator) ? withSeparator : month;
}

/** Parses MMYY or MMYYYY (separators ignored); null when the month is not 01-12, the length is wrong or it is unparsable. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  if (/[^\d\s/.-]/.test(value)) return null;
  const digits = digitsOnly(value);
  if (digits.length !== 4 && digits.length !== 6) return null;
  const month = Number(digits.slice(0, 2));
  if (month < 1 || month > 12) return null;
  const year = digits.length === 4 ? 2000 + Number(digits.slice(2)) : Number(digits.slice(2));
  return { month, year };
}

/** The expiry as YYMM for encryption ('' when unparsable). */
export function expiryYYMM(value: string): string {
  const expiry = parseExpiry(value);
  if (!expiry) return '';
  return `${String(expiry.year % 100).padStart(2, '0')}${String(expiry.month).padStart(2, '0')}`;
}

const isBlank = (value: string) => value.trim() === '';

// Each validator answers null when valid, else a translation key of ruleMessages (spec core §5).

/** Empty: numberRequired. Not 12-19 digits or failing Luhn: numberInvalid. */
export function validateCardNumber(value: string): string | null {
  if (isBlank(value)) return 'card.validation.numberRequired';
  const digits = value.replace(/\s/g, '');
  if (digits.length < PAN_MIN_DIGITS || digits.length > PAN_MAX_DIGITS || !luhn(digits)) return 'card.validation.numberInvalid';
  return null;
}

/** Empty: expiryRequired. Unparsable: expiryInvalid. Past: expired (a card is valid through the end of its month, in the payer's time zone). `now` defaults to the current time. */
export function validateExpiry(value: string, now: Date = new Date()): string | null {
  if (isBlank(value)) return 'card.validation.expiryRequired';
  const expiry = parseExpiry(value);
  if (!expiry) return 'card.validation.expiryInvalid';
  if (expiry.year * 12 + expiry.month < now.getFullYear() * 12 + now.getMonth() + 1) return 'card.validation.expired';
  return null;
}

/** Empty: cvvRequired. Not 3 or 4 digits: cvvLength. */
export function validateCvv(value: string): string | null {
  if (isBlank(value)) return 'card.validation.cvvRequired';
  return /^\d{3,4}$/.test(value) ? null : 'card.validation.cvvLength';
}

/** Empty: pinRequired. Not 4 digits: pinLength. */
export function validatePin(value: string): string | null {
  if (isBlank(value)) return 'card.validation.pinRequired';
  return /^\d{4}$/.test(value) ? null : 'card.validation.pinLength';
}

/** The spec does not say the card OTP length; the sandbox uses 6. */
export const OTP_LENGTH = 6;

/**
 * Empty: otpRequired ("Kindly enter otp sent to your phone number") when the API named the phone the code went to,
 * otherwise otpRequiredGeneric ("Provide card otp": the code may have gone to an email or a hardware token, spec core
 * §2 "Card OTP", §5 "OTP"). Shorter than `length` (default OTP_LENGTH) or not digits: otpIncomplete.
 */
export function validateOtp(
  value: string,
  { length = OTP_LENGTH, sentToPhone = false }: { length?: number; sentToPhone?: boolean } = {},
): string | null {
  if (isBlank(value)) return sentToPhone ? 'card.validation.otpRequired' : 'card.validation.otpRequiredGeneric';
  return /^\d+$/.test(value) && value.length >= length ? null : 'card.validation.otpIncomplete';
}

/** Card type codes of saved cards (spec core §3). */
export const CARD_TYPE_BRANDS: Record<string, Brand> = {
  VVC: 'Verve',
  VMP: 'Verve',
  QTM: 'Verve',
  MCN: 'MasterCard',
  VVV: 'Visa',
  VCC: 'Visa',
  VCI: 'Visa',
};

/** QTM cards are e-cash: the wallet shows them without last four digits. */
export function isECash(cardTypeCode: string): boolean {
  return cardTypeCode.trim().toUpperCase() === 'QTM';
}

const DEFAULT_BRANDS: readonly Brand[] = ['Verve', 'Visa', 'MasterCard', 'Discover', 'AmericanExpress'];

/** Brands listed under the card form for the acquirer: Multipay (MUL) Visa and Mastercard, ZIB Verve, Visa and Mastercard, otherwise all five. */
export function acceptedBrands(acquiredBy: string): Brand[] {
  return [...(BRANDS_BY_ACQUIRER[acquirerOf(acquiredBy)] ?? DEFAULT_BRANDS)];
}

/** The digits 0-9 shuffled for the PIN pad (Fisher-Yates with `random`, default Math.random). */
export function shuffledDigits(random: () => number = Math.random): string[] {
  const digits = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
  for (let i = digits.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [digits[i], digits[j]] = [digits[j], digits[i]];
  }
  return digits;
}
