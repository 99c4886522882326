// Test and story data of pay on credit: the answers of its calls, as the fake HTTP client gives them.
import type { PaymentProps } from '@oja/core';
import type { Bank, Offer } from './api';
import {
  ACCEPT_OFFER_PATH,
  BANK_OTP_PATH,
  BANKS_PATH,
  GENERATE_OTP_PATH,
  OFFERS_PATH,
  TOKEN_PATH,
  TOKEN_VALIDATE_PATH,
  VALIDATE_OTP_PATH,
  WALLET_SIGN_IN_PATH,
} from './constants';

/** A payment offering pay on credit beside the card. */
export const CREDIT_PROPS: Partial<PaymentProps> = {
  paymentChannels: ['CARD', 'CREDIT'],
  nonCardOptions: [{ providerCode: 'CREDIT', enabled: true }],
};

/** The fake HTTP client's route keys. */
export const ROUTES = {
  generate: `POST ${GENERATE_OTP_PATH}`,
  validate: `POST ${VALIDATE_OTP_PATH}`,
  wallet: `POST ${WALLET_SIGN_IN_PATH}`,
  banks: `GET ${BANKS_PATH}`,
  offers: `POST ${OFFERS_PATH}`,
  bankOtp: `POST ${BANK_OTP_PATH}`,
  token: `POST ${TOKEN_PATH}`,
  tokenValidate: `POST ${TOKEN_VALIDATE_PATH}`,
  accept: `POST ${ACCEPT_OFFER_PATH}`,
} as const;

export const BANKS: Bank[] = [
  { id: '1', code: 'ACCESS', name: 'Access Bank', bankCode: '044' },
  { id: '5', code: 'GTBANK', name: 'Guaranty Trust Bank', bankCode: '058' },
  { id: '10', code: 'ZENITH', name: 'Zenith Bank', bankCode: '057' },
];

export const LENDER_OFFER: Offer = {
  offerId: 'OFR-OJACREDIT-30',
  provider: { code: 'OJACREDIT', name: 'Oja Credit', isBank: false },
  amountOffered: 150000,
  initialPayment: 15000,
  amountPayable: 165000,
  tenure: 30,
};
export const BANK_OFFER: Offer = {
  offerId: 'OFR-ZENITH-90',
  provider: { code: 'ZENITH', name: 'Zenith Bank', isBank: true },
  amountOffered: 150000,
  initialPayment: 0,
  amountPayable: 157500,
  tenure: 90,
};
/** As the API lists them: a lender first, the bank after (the page puts banks first). */
export const OFFERS: Offer[] = [LENDER_OFFER, BANK_OFFER];

export const ok = (more: Record<string, unknown> = {}) => ({ responseCode: '00', responseDescription: 'Successful', ...more });
export const SIGNED_IN = ok({ customerId: 'CUS-2001', mobileNo: '08012345678' });
export const PAID = ok({ responseDescription: 'Approved by Financial Institution', paymentReference: 'OJA|CREDIT|4242001', amount: 150000 });
export const TOKEN_SENT = { responseCode: 'T0', responseDescription: 'Token generated: OTP sent', mobilePhoneNumber: '080******78' };
export const INVALID_OTP = { responseCode: 'T1', responseDescription: 'Invalid OTP provided', message: 'INVALID_TOKEN_SUPPLIED' };
