import { describe, expect, it } from 'vitest';
import { availableChannels, HttpError, missingKeys, validateChannel } from '@oja/core';
import { cardFixture, sampleProps } from '@oja/testing';
import credit from './index';
import { messages } from './messages';
import { screenMessages } from './screenMessages';
import { acceptOfferRequest } from './api';
import { ACCOUNT_NUMBER_LENGTH, OTP_LENGTH, OTP_RESEND_MS, PHONE_LENGTH } from './constants';
import {
  accountDigits,
  canShowDeals,
  filterBanks,
  generateProblem,
  hasMoreOffers,
  mayTokenise,
  NoOffers,
  offersFailure,
  orderOffers,
  otpError,
  phoneError,
  refusalOf,
  shownOffers,
  validateProblem,
  walletSignInErrors,
} from './rules';
import { BANK_OFFER, BANKS, CREDIT_PROPS, LENDER_OFFER, OFFERS } from './fixtures';

const refusal = (body: Record<string, unknown>) => new HttpError('refused', 'invalid', 200, body);
const http500 = new HttpError('HTTP 500', 'http', 500, { responseCode: 'LS1' });

describe('pay on credit plugin', () => {
  it('is a valid channel at /payment/credit, code CREDIT, with its row and every string in en and fr', () => {
    expect(validateChannel(credit)).toEqual([]);
    expect([credit.id, credit.code, credit.path]).toEqual(['credit', 'CREDIT', '/payment/credit']);
    expect(messages.en.credit.row.title).toBe('Pay on Credit');
    for (const bundle of [messages, screenMessages]) {
      expect(missingKeys(bundle.en, bundle.fr)).toEqual([]);
      expect(missingKeys(bundle.fr, bundle.en)).toEqual([]);
    }
  });

  it('is offered when the merchant offers CREDIT, and HALO forces it on (companion §5)', () => {
    expect(credit.isAvailable(sampleProps(CREDIT_PROPS))).toBe(true);
    expect(credit.isAvailable(sampleProps())).toBe(false);
    const halo = { channels: { force: ['CARD', 'TRANSFER', 'WALLET', 'QR', 'USSD', 'CREDIT', 'GOOGLE_PAY'] } };
    expect(availableChannels([cardFixture, credit], sampleProps({ acquiredBy: 'HALO' }), halo).map((c) => c.id)).toEqual(['card', 'credit']);
    expect(
      availableChannels([cardFixture, credit], sampleProps({ ...CREDIT_PROPS, acquiredBy: 'ZIB' }), { channels: { only: ['CARD', 'TRANSFER'] } }).map(
        (c) => c.id,
      ),
    ).toEqual(['card']);
  });

  it('has the spec constants (companion §9): phone 11, account 10, OTP 6 with a 60 s resend', () => {
    expect([PHONE_LENGTH, ACCOUNT_NUMBER_LENGTH, OTP_LENGTH, OTP_RESEND_MS]).toEqual([11, 10, 6, 60_000]);
  });

  it('words the messages of the spec exactly (companion §2, §5, §6, §8)', () => {
    const { credit: m } = screenMessages.en;
    expect(m.validation).toEqual({
      phoneRequired: 'Phone number is required',
      phoneIncomplete: 'Phone number is incomplete',
      otpRequired: 'Kindly enter otp sent to your phone number',
      otpIncomplete: 'OTP is incomplete',
      usernameRequired: 'Username is required',
      passwordRequired: 'Password is required',
    });
    expect(m.error).toMatchObject({
      invalidPhone: 'Invalid phone number provided. Please try again.',
      invalidOtp: 'OTP supplied is invalid. Please try again',
      tokenOtp: 'Error generating OTP. Please try again',
      permission: 'Sorry you do not have sufficient permission to perform this operation.',
    });
    expect([m.bank.notFound, m.bank.failed, m.bank.showDeals, m.bank.skip]).toEqual([
      "'{{text}}' not found",
      'Could not fetch banks',
      'Show loan deals',
      'Skip',
    ]);
    expect([m.offers.seeMore, m.offers.selectRequired, m.offers.noneTitle, m.offers.otherMethods, m.offers.failedTitle, m.offers.failedText]).toEqual(
      [
        'See more options',
        'Kindly select an offer to continue',
        'No Offer Available',
        'Try Other Payment Methods',
        'Failed to get offers',
        'Something went wrong, please try again',
      ],
    );
  });
});

describe('pay on credit rules (companion §2, §5)', () => {
  it('phone: required, then 11 digits', () => {
    expect(phoneError('')).toBe('credit.validation.phoneRequired');
    expect(phoneError('  ')).toBe('credit.validation.phoneRequired');
    expect(phoneError('0801234567')).toBe('credit.validation.phoneIncomplete');
    expect(phoneError('08012345678')).toBeNull();
  });

  it('OTP: required, then 6 characters', () => {
    expect(otpError('')).toBe('credit.validation.otpRequired');
    expect(otpError('12345')).toBe('credit.validation.otpIncomplete');
    expect(otpError('123456')).toBeNull();
  });

  it('wallet sign-in: username (trimmed) and password required', () => {
    expect(walletSignInErrors(' ', '')).toEqual({ username: 'credit.validation.usernameRequired', password: 'credit.validation.passwordRequired' });
    expect(walletSignInErrors('ada', 'x')).toEqual({ username: null, password: null });
  });

  it('banks: a case-insensitive match of the name; everything for no text', () => {
    expect(filterBanks(BANKS, 'zEnI').map((b) => b.name)).toEqual(['Zenith Bank']);
    expect(filterBanks(BANKS, ' bank ').map((b) => b.name)).toEqual(['Access Bank', 'Guaranty Trust Bank', 'Zenith Bank']);
    expect(filterBanks(BANKS, '')).toHaveLength(3);
    expect(filterBanks(BANKS, 'nothing like it')).toEqual([]);
  });

  it('account number: numeric, at most 10 digits; Show loan deals needs a bank and all ten', () => {
    expect(accountDigits('0123 456-789 99')).toBe('0123456789');
    expect(accountDigits('abc')).toBe('');
    expect(canShowDeals(BANKS[0]!, '0123456789')).toBe(true);
    expect(canShowDeals(BANKS[0]!, '012345678')).toBe(false);
    expect(canShowDeals(null, '0123456789')).toBe(false);
  });

  it('offers: bank providers first, only theirs until See more options; all when there is no bank', () => {
    expect(orderOffers(OFFERS)).toEqual([BANK_OFFER, LENDER_OFFER]);
    expect(shownOffers(OFFERS, false)).toEqual([BANK_OFFER]);
    expect(hasMoreOffers(OFFERS, false)).toBe(true);
    expect(shownOffers(OFFERS, true)).toEqual([BANK_OFFER, LENDER_OFFER]);
    expect(hasMoreOffers(OFFERS, true)).toBe(false);
    expect(shownOffers([LENDER_OFFER], false)).toEqual([LENDER_OFFER]);
    expect(hasMoreOffers([LENDER_OFFER], false)).toBe(false);
  });

  it('the PIN needs the payment, an offer and a customer (companion §6)', () => {
    expect(mayTokenise('4242001', LENDER_OFFER, 'CUS-1')).toBe(true);
    expect(mayTokenise('', LENDER_OFFER, 'CUS-1')).toBe(false);
    expect(mayTokenise('4242001', null, 'CUS-1')).toBe(false);
    expect(mayTokenise('4242001', LENDER_OFFER, '')).toBe(false);
  });
});

describe('pay on credit messages of failed calls (companion §8)', () => {
  it('a refusal is a 200 answer with another code; anything else is no refusal', () => {
    expect(refusalOf(refusal({ responseCode: 'LS1' }))).toEqual({ responseCode: 'LS1' });
    expect(refusalOf(http500)).toBeNull();
    expect(refusalOf(new Error('x'))).toBeNull();
  });

  it('OTP generation: LS1 and LS3 the invalid phone, anything else (non-200 included) the generic message', () => {
    expect(generateProblem(refusal({ responseCode: 'LS1' }))).toEqual({ key: 'credit.error.invalidPhone' });
    expect(generateProblem(refusal({ responseCode: 'LS3' }))).toEqual({ key: 'credit.error.invalidPhone' });
    expect(generateProblem(refusal({ responseCode: 'X9', responseDescription: 'no' }))).toEqual({ key: 'core.error.default' });
    expect(generateProblem(http500)).toEqual({ key: 'core.error.default' });
    expect(generateProblem(new HttpError('Network error', 'network'))).toEqual({ key: 'core.error.default' });
  });

  it('OTP validation: T1 with INVALID_TOKEN_SUPPLIED its wording, T1 otherwise its message, then the description or the generic', () => {
    expect(validateProblem(refusal({ responseCode: 'T1', message: 'INVALID_TOKEN_SUPPLIED' }))).toEqual({ key: 'credit.error.invalidOtp' });
    expect(validateProblem(refusal({ responseCode: 'T1', message: 'OTP expired' }))).toEqual({ text: 'OTP expired' });
    expect(validateProblem(refusal({ responseCode: 'T1', responseDescription: 'Invalid' }))).toEqual({ text: 'Invalid' });
    expect(validateProblem(refusal({ responseCode: 'X9' }))).toEqual({ key: 'core.error.default' });
    expect(validateProblem(new HttpError('HTTP 400', 'http', 400, { responseCode: 'T1', message: 'INVALID_TOKEN_SUPPLIED' }))).toEqual({
      key: 'core.error.default',
    });
  });

  it('offers: none (an empty list), the API description, or a failure with Retry', () => {
    expect(offersFailure(new NoOffers())).toEqual({ kind: 'none' });
    expect(offersFailure(refusal({ responseCode: '25', responseDescription: 'Credit not available for this merchant' }))).toEqual({
      kind: 'described',
      text: 'Credit not available for this merchant',
    });
    expect(offersFailure(refusal({ responseCode: '25' }))).toEqual({ kind: 'failed' });
    expect(offersFailure(http500)).toEqual({ kind: 'failed' });
  });
});

describe('pay on credit accept-offer request (companion §3)', () => {
  const props = sampleProps(CREDIT_PROPS);
  it('a bank offer carries the account, the bank code, the OTP and its reference', () => {
    expect(
      acceptOfferRequest(props, {
        customerId: 'CUS-1',
        offer: BANK_OFFER,
        otp: '123456',
        account: { bank: BANKS[2]!, accountNumber: '0123456789' },
        otpRequestReference: 'BOTP-1',
      }),
    ).toEqual({
      customerId: 'CUS-1',
      offerId: 'OFR-ZENITH-90',
      providerCode: 'ZENITH',
      merchantCode: 'MX_DEMO',
      paymentId: '4242001',
      isBankOffer: true,
      accountNumber: '0123456789',
      bankCode: '057',
      otp: '123456',
      otpRequestReference: 'BOTP-1',
    });
  });

  it("another lender's offer names only the offer (its card token was authorized with the OTP)", () => {
    expect(acceptOfferRequest(props, { customerId: 'CUS-1', offer: LENDER_OFFER, otp: '123456', account: null, otpRequestReference: '' })).toEqual({
      customerId: 'CUS-1',
      offerId: 'OFR-OJACREDIT-30',
      providerCode: 'OJACREDIT',
      merchantCode: 'MX_DEMO',
      paymentId: '4242001',
      isBankOffer: false,
    });
  });
});
