import { describe, expect, it } from 'vitest';
import { classify, isComplete, CODE_ALREADY_PAID } from './codes';
import { messageKeyForFailure, failureMessageKey, isRefusedAsPaid } from './codeMessages';
import { messageKeyForCode } from './codeMessages';
import { HttpError } from './http';
import { createI18n } from './i18n';
import { coreMessages } from './messages';
import { resultMessages } from './ui/resultMessages';

const en = createI18n('en', [coreMessages, resultMessages]);
const messageFor = (code: string | undefined) => en.t(messageKeyForCode(code));

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

/** Spec core §8, "BIN lookup or payment code to message", with its ranges expanded. */
const SPEC_TABLE: Array<[string[], string]> = [
  [['00'], 'Successful'],
  [
    [
      '01',
      '02',
      '04',
      '05',
      '06',
      '07',
      '12',
      '13',
      '14',
      '17',
      '21',
      '22',
      '25',
      '26',
      '33',
      '34',
      '36',
      '38',
      '39',
      ...range(40, 45),
      ...range(52, 63),
      '65',
      '66',
      '68',
      '75',
      '77',
      '79',
      '81',
      '88',
      '89',
      '93',
      '98',
      'F4',
      'F5',
      'G3',
      'G4',
      'H4',
    ],
    'Your bank declined the transaction. Contact your bank or use a different card or payment method',
  ],
  [['51'], 'Insufficient funds. Use a different card or try another payment method'],
  [['91', '92', '96', 'E16', 'E20', 'EM', 'Z162'], 'We were unable to process your transaction at this time. Please try again later'],
  [['Z8', 'Z82'], 'Your card is not accepted by this merchant'],
  [['X03'], 'You have exceeded the maximum amount allowed. Use a different card or payment method'],
  [['Z67', 'Z74'], 'Invalid token supplied. Please try again or use a different payment method'],
  [['Z64'], 'We were unable to process your transaction at this time. Please use a different payment method'],
];
const DEFAULT = 'Something went wrong. Please try again.';

describe('classify', () => {
  it.each([
    ['00', 'successful'],
    ['09', 'inProgress'],
    ['S0', 'inProgress'],
    ['XS1', 'expired'],
    ['Z6', 'cancelled'],
    ['51', 'failed'],
    ['Z1', 'failed'],
    ['01', 'failed'],
    ['', 'failed'],
    ['xs1', 'failed'],
  ])('%s is %s', (code, outcome) => {
    expect(classify(code)).toBe(outcome);
  });
});

describe('isComplete', () => {
  it('is true for successful, in progress and expired', () => {
    for (const code of ['00', '09', 'S0', 'XS1']) expect(isComplete(code)).toBe(true);
  });
  it('is false for cancelled, failed, empty and no code', () => {
    for (const code of ['Z6', '51', 'Z8', '', undefined]) expect(isComplete(code)).toBe(false);
  });
});

describe('messageKeyForCode', () => {
  it('covers 40-45 and 52-63 one by one', () => {
    for (const code of [...range(40, 45), ...range(52, 63)]) expect(messageKeyForCode(code)).toBe('core.code.declined');
  });

  for (const [codes, message] of SPEC_TABLE) {
    it(`${codes.length > 3 ? `${codes.slice(0, 3).join(', ')}… (${codes.length} codes)` : codes.join(', ')} say "${message}"`, () => {
      for (const code of codes) expect(messageFor(code), `code ${code}`).toBe(message);
    });
  }

  it('gives the OTP and declined-card messages of spec core §8', () => {
    expect(messageFor('T1')).toBe('Invalid OTP provided');
    expect(messageFor('S3')).toBe('Transaction declined. Please select or use another card');
  });

  it('gives the default message for unknown, empty and missing codes', () => {
    for (const code of ['ZZ9', '03', '50', '64', '99', 'z8', '', undefined]) {
      expect(messageKeyForCode(code), `code ${code}`).toBe('core.error.default');
      expect(messageFor(code)).toBe(DEFAULT);
    }
  });

  it('treats codes named like object properties as unknown', () => {
    for (const code of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(messageKeyForCode(code), `code ${code}`).toBe('core.error.default');
    }
  });
});

describe('the generic messages of spec core §8', () => {
  it.each([
    ['core.error.default', 'Something went wrong. Please try again.'],
    ['core.error.generic', 'Oops, something went wrong...'],
    ['core.error.boundary', 'Oops, something went wrong. Please contact support'],
    ['core.error.tryAgain', 'Something went wrong! Please try again!'],
    ['core.error.tryAgainLater', 'Something went wrong! Please try again in 1 minute!'],
  ])('%s reads "%s"', (key, text) => {
    expect(en.t(key)).toBe(text);
  });
});

describe('messageKeyForFailure', () => {
  it.each([
    [new HttpError('HTTP 429', 'http', 429), 'core.error.tryAgainLater'],
    [new HttpError('HTTP 500', 'http', 500), 'core.error.tryAgain'],
    [new HttpError('HTTP 503', 'http', 503), 'core.error.tryAgain'],
    [new HttpError('Request timed out', 'timeout'), 'core.error.tryAgain'],
    [new HttpError('Network error', 'network'), 'core.error.network'],
    [new HttpError('HTTP 404', 'http', 404), 'core.error.default'],
    [new HttpError('The server answered with malformed data', 'invalid'), 'core.error.default'],
    [new Error('boom'), 'core.error.default'],
    [undefined, 'core.error.default'],
    [new HttpError('HTTP 409', 'http', 409, { responseCode: '94' }), 'core.error.alreadyPaid'],
  ])('%s -> %s', (error, key) => {
    expect(messageKeyForFailure(error)).toBe(key);
  });

  it("never words a temporary failure as the payer's mistake", () => {
    for (const status of [429, 500, 502, 503, 504]) {
      expect(en.t(messageKeyForFailure(new HttpError(`HTTP ${status}`, 'http', status)))).toMatch(/^Something went wrong! Please try again/);
    }
  });
});

describe('failureMessageKey', () => {
  it('names an attempt refused because the payment is already paid, and leaves every other failure to the caller', () => {
    expect(failureMessageKey(new HttpError('HTTP 409', 'http', 409, { responseCode: CODE_ALREADY_PAID }), 'core.error.default')).toBe(
      'core.error.alreadyPaid',
    );
    expect(failureMessageKey(new HttpError('HTTP 409', 'http', 409, { responseCode: '25' }), 'core.error.default')).toBe('core.error.default');
    expect(failureMessageKey(new HttpError('Network error', 'network'), 'core.error.network')).toBe('core.error.network');
    expect(failureMessageKey(null, 'x')).toBe('x');
    expect(failureMessageKey(new Error('plain'), 'x')).toBe('x');
    expect(messageKeyForCode(CODE_ALREADY_PAID)).toBe('core.error.alreadyPaid');
    expect(isRefusedAsPaid(new HttpError('HTTP 409', 'http', 409, { responseCode: CODE_ALREADY_PAID }))).toBe(true);
    expect(isRefusedAsPaid(new HttpError('Network error', 'network'))).toBe(false);
  });
});
