import { describe, it, expect } from 'vitest';
import {
  CARD_TYPE_BRANDS,
  OTP_LENGTH,
  acceptedBrands,
  cardLengths,
  detectBrand,
  digitsOnly,
  expiryYYMM,
  formatCardNumber,
  formatExpiry,
  isECash,
  luhn,
  parseExpiry,
  shuffledDigits,
  validateCardNumber,
  validateCvv,
  validateExpiry,
  validateOtp,
  validatePin,
} from './rules';
import { ruleMessages } from './ruleMessages';

/** The sandbox's and the acquirers' test cards. */
const TEST_CARDS = [
  '5061050254756707864',
  '5060990580000217499',
  '5123450000000008',
  '4000000000002503',
  '5060990580000000390',
  '5061830100001895',
  '4000000000000002',
];

function lookup(key: string, locale: 'en' | 'fr' = 'en'): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], ruleMessages[locale]);
}

describe('luhn', () => {
  it.each(TEST_CARDS)('passes the test card %s', (card) => {
    expect(luhn(card)).toBe(true);
  });

  it('fails when one digit is changed or two are swapped', () => {
    expect(luhn('5123450000000009')).toBe(false);
    expect(luhn('4000000000002530')).toBe(false);
  });

  it('fails on anything but digits', () => {
    expect(luhn('')).toBe(false);
    expect(luhn('4000 0000 0000 0002')).toBe(false);
    expect(luhn('400000000000000a')).toBe(false);
  });
});

describe('detectBrand', () => {
  it.each([
    // MasterCard 2221-2720
    ['2220', null],
    ['2221', 'MasterCard'],
    ['2720', 'MasterCard'],
    ['2721', null],
    // MasterCard 51-55
    ['50', null],
    ['51', 'MasterCard'],
    ['55', 'MasterCard'],
    ['56', null],
    // Verve 506099-506198
    ['506098', null],
    ['506099', 'Verve'],
    ['506198', 'Verve'],
    ['506199', null],
    // Verve 650002-650027, inside Discover's 65
    ['650001', 'Discover'],
    ['650002', 'Verve'],
    ['650027', 'Verve'],
    ['650028', 'Discover'],
    // Verve 5612
    ['5611', null],
    ['5612', 'Verve'],
    ['5613', null],
    // Verve 507865-507964
    ['507864', null],
    ['507865', 'Verve'],
    ['507964', 'Verve'],
    ['507965', null],
    // Visa 4
    ['3', null],
    ['4', 'Visa'],
    ['5', null],
    // AmericanExpress 34 and 37
    ['33', null],
    ['34', 'AmericanExpress'],
    ['35', null],
    ['36', null],
    ['37', 'AmericanExpress'],
    ['38', null],
    // Afrigo 564
    ['563', null],
    ['564', 'Afrigo'],
    ['565', null],
    // Discover 6011, 644-649, 65
    ['6010', null],
    ['6011', 'Discover'],
    ['643', null],
    ['644', 'Discover'],
    ['649', 'Discover'],
    ['650', null],
    ['651', 'Discover'],
    ['66', null],
  ])('%s -> %s', (digits, brand) => {
    expect(detectBrand(digits)).toBe(brand);
  });

  it('waits until enough digits are typed to decide', () => {
    expect(detectBrand('')).toBeNull();
    expect(detectBrand('2')).toBeNull();
    expect(detectBrand('222')).toBeNull();
    expect(detectBrand('50609')).toBeNull();
    expect(detectBrand('561')).toBeNull();
    expect(detectBrand('56')).toBeNull();
    // 65 is Discover unless it turns into 650002-650027.
    expect(detectBrand('65')).toBeNull();
    expect(detectBrand('6500')).toBeNull();
    expect(detectBrand('65003')).toBe('Discover');
  });

  it('reads the full number, spaces or not', () => {
    expect(detectBrand('5061 0502 5475 6707 864')).toBe('Verve');
    expect(detectBrand('5123450000000008')).toBe('MasterCard');
    expect(detectBrand('4000000000002503')).toBe('Visa');
  });
});

describe('cardLengths', () => {
  it.each([
    ['2221', [16]],
    ['5123450000000008', [16]],
    ['506099', [16, 19]],
    ['5061830100001895', [16, 19]],
    ['650002', [16, 19]],
    ['5612', [19]],
    ['507865', [19]],
    ['4', [16]],
    ['34', [15]],
    ['37', [15]],
    ['564', [18]],
    ['6011', [16]],
  ])('%s -> %j', (digits, lengths) => {
    expect(cardLengths(digits)).toEqual(lengths);
  });

  it('is empty while the range is unknown', () => {
    expect(cardLengths('')).toEqual([]);
    expect(cardLengths('5')).toEqual([]);
    expect(cardLengths('9999')).toEqual([]);
  });

  it('fits every test card', () => {
    for (const card of TEST_CARDS) expect(cardLengths(card)).toContain(card.length);
  });
});

describe('digitsOnly', () => {
  it('drops everything but digits and caps at max', () => {
    expect(digitsOnly('a1 2-3.4b')).toBe('1234');
    expect(digitsOnly('123456', 4)).toBe('1234');
    expect(digitsOnly('')).toBe('');
  });
});

describe('formatCardNumber', () => {
  it('groups the digits in fours as typed', () => {
    expect(formatCardNumber('')).toBe('');
    expect(formatCardNumber('5')).toBe('5');
    expect(formatCardNumber('5061')).toBe('5061');
    expect(formatCardNumber('50610')).toBe('5061 0');
    expect(formatCardNumber('5061050254756707864')).toBe('5061 0502 5475 6707 864');
  });

  it('keeps digits only and regroups an edited or pasted number', () => {
    expect(formatCardNumber('5061-0502 54a75')).toBe('5061 0502 5475');
    expect(formatCardNumber('5061 05 02')).toBe('5061 0502');
  });

  it('stops at 30 characters', () => {
    const formatted = formatCardNumber('1'.repeat(40));
    expect(formatted.length).toBeLessThanOrEqual(30);
    expect(formatted).toBe('1111 1111 1111 1111 1111 1111');
  });
});

describe('formatExpiry', () => {
  /** Types (or deletes) through the values, each formatted against the previous result. */
  function typeThrough(inputs: string[]): string[] {
    let previous = '';
    return inputs.map((input) => (previous = formatExpiry(input, previous)));
  }

  it.each([
    ['', ''],
    ['0', '0'],
    ['1', '1'],
    ['2', '02 / '],
    ['9', '09 / '],
    ['12', '12 / '],
    ['01', '01 / '],
    ['123', '12 / 3'],
    ['1230', '12 / 30'],
    ['12345', '12 / 34'],
    ['a1b2', '12 / '],
  ])('%j -> %j', (input, formatted) => {
    expect(formatExpiry(input)).toBe(formatted);
  });

  it('formats pasted dates, with a two- or four-digit year', () => {
    expect(formatExpiry('12/30')).toBe('12 / 30');
    expect(formatExpiry('12/2030')).toBe('12 / 30');
    expect(formatExpiry('12 / 2030')).toBe('12 / 30');
    expect(formatExpiry('122030')).toBe('12 / 30');
    expect(formatExpiry('1/30')).toBe('01 / 30');
    expect(formatExpiry('7/2031')).toBe('07 / 31');
  });

  it('formats as typed, never longer than 7 characters', () => {
    expect(typeThrough(['1', '12', '12 / 3', '12 / 30', '12 / 301'])).toEqual(['1', '12 / ', '12 / 3', '12 / 30', '12 / 30']);
    expect(typeThrough(['4', '04 / 2', '04 / 27'])).toEqual(['04 / ', '04 / 2', '04 / 27']);
  });

  it('lets the payer delete past the separator', () => {
    expect(typeThrough(['1', '12', '12 / 3', '12 / ', '12 /', '1', ''])).toEqual(['1', '12 / ', '12 / 3', '12 / ', '12', '1', '']);
    expect(typeThrough(['2', '02 /', '0', ''])).toEqual(['02 / ', '02', '0', '']);
  });

  it('adds the separator again when the payer types after deleting it', () => {
    expect(typeThrough(['1', '12', '12 /', '123'])).toEqual(['1', '12 / ', '12', '12 / 3']);
  });
});

describe('parseExpiry and expiryYYMM', () => {
  it.each([
    ['1230', { month: 12, year: 2030 }, '3012'],
    ['12 / 30', { month: 12, year: 2030 }, '3012'],
    ['0127', { month: 1, year: 2027 }, '2701'],
    ['122030', { month: 12, year: 2030 }, '3012'],
    ['12/2030', { month: 12, year: 2030 }, '3012'],
    ['01-2105', { month: 1, year: 2105 }, '0501'],
  ])('%j', (value, parsed, yymm) => {
    expect(parseExpiry(value)).toEqual(parsed);
    expect(expiryYYMM(value)).toBe(yymm);
  });

  it.each(['', '1', '123', '12345', '1234567', '0030', '1330', '00 / 30', '13/2030', 'ab/cd', '12/3a'])('rejects %j', (value) => {
    expect(parseExpiry(value)).toBeNull();
    expect(expiryYYMM(value)).toBe('');
  });
});

describe('validators', () => {
  it('card number: required, then Luhn', () => {
    expect(validateCardNumber('')).toBe('card.validation.numberRequired');
    expect(validateCardNumber('   ')).toBe('card.validation.numberRequired');
    expect(validateCardNumber('5123 4500 0000 0009')).toBe('card.validation.numberInvalid');
    expect(validateCardNumber('5123 4500 0000 000a')).toBe('card.validation.numberInvalid');
    for (const card of TEST_CARDS) {
      expect(validateCardNumber(card)).toBeNull();
      expect(validateCardNumber(formatCardNumber(card))).toBeNull();
    }
  });

  it('card number: a Luhn-valid number shorter than 12 or longer than 19 digits is invalid', () => {
    expect(validateCardNumber('0')).toBe('card.validation.numberInvalid');
    expect(validateCardNumber('18')).toBe('card.validation.numberInvalid');
    expect(validateCardNumber('40000000000000000000')).toBe('card.validation.numberInvalid');
  });

  describe('expiry, on 15 March 2026', () => {
    const now = new Date(2026, 2, 15, 12, 0, 0);

    it('required', () => {
      expect(validateExpiry('', now)).toBe('card.validation.expiryRequired');
      expect(validateExpiry(' ', now)).toBe('card.validation.expiryRequired');
    });

    it.each(['1', '12 / ', '12 / 3', '13 / 30', '00 / 30', '12345', 'xx / yy'])('invalid: %j', (value) => {
      expect(validateExpiry(value, now)).toBe('card.validation.expiryInvalid');
    });

    it('expired before the current month', () => {
      expect(validateExpiry('02 / 26', now)).toBe('card.validation.expired');
      expect(validateExpiry('12 / 25', now)).toBe('card.validation.expired');
      expect(validateExpiry('032025', now)).toBe('card.validation.expired');
    });

    it('valid through the end of its month', () => {
      expect(validateExpiry('03 / 26', now)).toBeNull();
      expect(validateExpiry('03 / 26', new Date(2026, 2, 31, 23, 59, 59))).toBeNull();
      expect(validateExpiry('03 / 26', new Date(2026, 3, 1, 0, 0, 0))).toBe('card.validation.expired');
      expect(validateExpiry('04 / 26', now)).toBeNull();
      expect(validateExpiry('012030', now)).toBeNull();
    });
  });

  it('CVV: required, then 3 or 4 digits', () => {
    expect(validateCvv('')).toBe('card.validation.cvvRequired');
    expect(validateCvv('12')).toBe('card.validation.cvvLength');
    expect(validateCvv('12345')).toBe('card.validation.cvvLength');
    expect(validateCvv('12a')).toBe('card.validation.cvvLength');
    expect(validateCvv('123')).toBeNull();
    expect(validateCvv('1234')).toBeNull();
  });

  it('PIN: required, then 4 digits', () => {
    expect(validatePin('')).toBe('card.validation.pinRequired');
    expect(validatePin('123')).toBe('card.validation.pinLength');
    expect(validatePin('12345')).toBe('card.validation.pinLength');
    expect(validatePin('12a4')).toBe('card.validation.pinLength');
    expect(validatePin('0000')).toBeNull();
  });

  it('OTP: required, then complete (6 digits by default)', () => {
    expect(OTP_LENGTH).toBe(6);
    expect(validateOtp('')).toBe('card.validation.otpRequiredGeneric');
    expect(validateOtp('12345')).toBe('card.validation.otpIncomplete');
    expect(validateOtp('12345a')).toBe('card.validation.otpIncomplete');
    expect(validateOtp('123456')).toBeNull();
    expect(validateOtp('1234', { length: 4 })).toBeNull();
    expect(validateOtp('123', { length: 4 })).toBe('card.validation.otpIncomplete');
  });

  it('OTP required: "sent to your phone number" only when the API named the phone, "Provide card otp" otherwise', () => {
    expect(validateOtp('', { sentToPhone: true })).toBe('card.validation.otpRequired');
    expect(validateOtp('  ', { sentToPhone: false })).toBe('card.validation.otpRequiredGeneric');
    expect(validateOtp('123456', { sentToPhone: true })).toBeNull();
  });
});

describe('ruleMessages', () => {
  it.each([
    ['card.validation.numberRequired', 'Provide card number'],
    ['card.validation.numberInvalid', 'Card number invalid'],
    ['card.validation.expiryRequired', 'Provide card expiry'],
    ['card.validation.expiryInvalid', 'Invalid expiry date'],
    ['card.validation.expired', 'Card is expired'],
    ['card.validation.cvvRequired', 'Provide card CVV'],
    ['card.validation.cvvLength', 'Cvv is 3 or 4 digits long'],
    ['card.validation.pinRequired', 'Provide card Pin'],
    ['card.validation.pinLength', 'Card pin is 4 digits long'],
    ['card.validation.otpRequired', 'Kindly enter otp sent to your phone number'],
    ['card.validation.otpRequiredGeneric', 'Provide card otp'],
    ['card.validation.otpIncomplete', 'OTP is incomplete'],
  ])('%s is the spec text in English and translated in French', (key, text) => {
    expect(lookup(key)).toBe(text);
    expect(lookup(key, 'fr')).toEqual(expect.any(String));
    expect(lookup(key, 'fr')).not.toBe(text);
  });

  it('names every brand in both languages', () => {
    for (const brand of ['Verve', 'MasterCard', 'Visa', 'AmericanExpress', 'Afrigo', 'Discover']) {
      expect(lookup(`card.brand.${brand}`)).toEqual(expect.any(String));
      expect(lookup(`card.brand.${brand}`, 'fr')).toEqual(expect.any(String));
    }
  });
});

describe('card type codes', () => {
  it('map to brands (spec core §3)', () => {
    expect(CARD_TYPE_BRANDS).toEqual({
      VVC: 'Verve',
      VMP: 'Verve',
      QTM: 'Verve',
      MCN: 'MasterCard',
      VVV: 'Visa',
      VCC: 'Visa',
      VCI: 'Visa',
    });
  });

  it('QTM is e-cash, no other code is', () => {
    expect(isECash('QTM')).toBe(true);
    for (const code of ['VVC', 'VMP', 'MCN', 'VVV', 'VCC', 'VCI', '']) expect(isECash(code)).toBe(false);
  });
});

describe('acceptedBrands', () => {
  it('lists Verve, Visa, Mastercard, Discover and Amex by default', () => {
    expect(acceptedBrands('')).toEqual(['Verve', 'Visa', 'MasterCard', 'Discover', 'AmericanExpress']);
    expect(acceptedBrands('HALO')).toEqual(['Verve', 'Visa', 'MasterCard', 'Discover', 'AmericanExpress']);
  });

  it('lists Visa and Mastercard only for Multipay (MUL)', () => {
    expect(acceptedBrands('MUL')).toEqual(['Visa', 'MasterCard']);
  });

  it('lists Verve, Visa and Mastercard for ZIB', () => {
    expect(acceptedBrands('ZIB')).toEqual(['Verve', 'Visa', 'MasterCard']);
    expect(acceptedBrands('zib')).toEqual(['Verve', 'Visa', 'MasterCard']);
  });

  it('answers a copy the caller may change', () => {
    acceptedBrands('MUL').pop();
    expect(acceptedBrands('MUL')).toEqual(['Visa', 'MasterCard']);
  });
});

describe('shuffledDigits', () => {
  const sorted = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

  it('is a permutation of 0-9', () => {
    for (let i = 0; i < 20; i += 1) expect([...shuffledDigits()].sort()).toEqual(sorted);
  });

  it('shuffles with the given random', () => {
    // Always the last remaining position: Fisher-Yates leaves the order as it is.
    expect(shuffledDigits(() => 0.999999)).toEqual(sorted);
    // Always the first: every step swaps with position 0.
    const shuffled = shuffledDigits(() => 0);
    expect(shuffled).not.toEqual(sorted);
    expect([...shuffled].sort()).toEqual(sorted);
  });
});
