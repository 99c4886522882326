import { describe, expect, it } from 'vitest';
import { sampleProps } from '@oja/testing';
import {
  authorizationResult,
  brandOf,
  googlePayConfig,
  googlePayExpiry,
  isReadyToPayRequest,
  paddedPan,
  paymentDataRequest,
  readPaymentData,
  totalPrice,
} from './request';
import type { GooglePayConfig } from './request';

const INFO = { gateway: 'ojasandbox', gatewayMerchantId: 'MX_DEMO', allowedCardNetworks: ['MASTERCARD', 'VISA'], environment: 'TEST' };
const option = (additionalInformation?: Record<string, unknown>, enabled = true) => ({
  nonCardOptions: [{ providerCode: 'GOOGLE_PAY', enabled, ...(additionalInformation && { additionalInformation }) }],
});
const CONFIG: GooglePayConfig = {
  gateway: 'ojasandbox',
  gatewayMerchantId: 'MX_DEMO',
  allowedCardNetworks: ['MASTERCARD', 'VISA'],
  environment: 'TEST',
};

/** Google's answer for a card (its PaymentData), as the sheet resolves it. */
const paymentData = (over: { type?: string; network?: string; last4?: string; tokenType?: string; token?: unknown } = {}) => ({
  apiVersion: 2,
  apiVersionMinor: 0,
  paymentMethodData: {
    type: over.type ?? 'CARD',
    description: 'Visa •••• 1111',
    info: { cardNetwork: over.network ?? 'VISA', cardDetails: over.last4 ?? '1111' },
    tokenizationData: { type: over.tokenType ?? 'PAYMENT_GATEWAY', token: 'token' in over ? over.token : '{"protocolVersion":"ECv2"}' },
  },
});

describe('googlePayConfig (companion §3: the option carries gateway, gatewayMerchantId, allowedCardNetworks, environment)', () => {
  it("reads the enabled GOOGLE_PAY option's additionalInformation", () => {
    expect(googlePayConfig(option(INFO))).toEqual(CONFIG);
    expect(googlePayConfig(option({ ...INFO, environment: 'production' }))?.environment).toBe('PRODUCTION');
    expect(googlePayConfig(option({ ...INFO, environment: undefined }))?.environment).toBe('TEST');
  });

  it('takes networks as a list or a comma list, upper-cased, once each, only those Google knows', () => {
    expect(googlePayConfig(option({ ...INFO, allowedCardNetworks: 'visa, Mastercard,VISA' }))?.allowedCardNetworks).toEqual(['VISA', 'MASTERCARD']);
    expect(googlePayConfig(option({ ...INFO, allowedCardNetworks: ['VERVE', 'AMEX'] }))?.allowedCardNetworks).toEqual(['AMEX']);
  });

  it('answers none when no request can be made: no option, a disabled one, no gateway data, no known network', () => {
    expect(googlePayConfig({ nonCardOptions: [] })).toBeNull();
    expect(googlePayConfig(option(INFO, false))).toBeNull();
    expect(googlePayConfig(option())).toBeNull();
    expect(googlePayConfig(option({ ...INFO, gateway: '' }))).toBeNull();
    expect(googlePayConfig(option({ ...INFO, gatewayMerchantId: undefined }))).toBeNull();
    expect(googlePayConfig(option({ ...INFO, allowedCardNetworks: ['VERVE'] }))).toBeNull();
  });
});

describe("the requests made of Google's client (companion §4)", () => {
  it('asks whether the payer can pay: API 2.0, a card by PAN_ONLY or CRYPTOGRAM_3DS, of the networks allowed', () => {
    expect(isReadyToPayRequest(CONFIG)).toEqual({
      apiVersion: 2,
      apiVersionMinor: 0,
      allowedPaymentMethods: [
        { type: 'CARD', parameters: { allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'], allowedCardNetworks: ['MASTERCARD', 'VISA'] } },
      ],
    });
  });

  it('asks for the payment: the card tokenized for the gateway, the FINAL price in major units, the authorization callback', () => {
    const props = sampleProps({ checkoutAmount: 150075, currencyCode: '566', countryCode: 'NG', merchantName: 'Oja Demo Store' });
    expect(paymentDataRequest(CONFIG, props)).toEqual({
      apiVersion: 2,
      apiVersionMinor: 0,
      allowedPaymentMethods: [
        {
          type: 'CARD',
          parameters: { allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'], allowedCardNetworks: ['MASTERCARD', 'VISA'] },
          tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: { gateway: 'ojasandbox', gatewayMerchantId: 'MX_DEMO' } },
        },
      ],
      merchantInfo: { merchantName: 'Oja Demo Store' },
      transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: '1500.75', currencyCode: 'NGN', countryCode: 'NG' },
      callbackIntents: ['PAYMENT_AUTHORIZATION'],
    });
  });

  it('writes the price with two decimals, truncated, never negative; names the currency by its letters', () => {
    expect(totalPrice(100)).toBe('1.00');
    expect(totalPrice(5)).toBe('0.05');
    expect(totalPrice(123456.9)).toBe('1234.56');
    expect(totalPrice(-300)).toBe('0.00');
    const usd = paymentDataRequest(CONFIG, sampleProps({ currencyCode: '840', countryCode: '' }));
    expect(usd.transactionInfo).toMatchObject({ currencyCode: 'USD', countryCode: 'NG' });
  });
});

describe("Google's answer (its PaymentData)", () => {
  it('gives the token, network and last digits of a card tokenized for the gateway', () => {
    expect(readPaymentData(paymentData(), CONFIG)).toEqual({ token: '{"protocolVersion":"ECv2"}', network: 'VISA', last4: '1111' });
    expect(readPaymentData(paymentData({ network: 'mastercard', last4: '0008' }), CONFIG)).toMatchObject({ network: 'MASTERCARD', last4: '0008' });
  });

  it.each([
    ['not a card', { type: 'PAYPAL' }],
    ['no token', { token: '' }],
    ['a token that is not text', { token: 42 }],
    ['direct tokenization', { tokenType: 'DIRECT' }],
    ['last digits that are not four digits', { last4: '11a1' }],
    ['a network not asked for', { network: 'AMEX' }],
  ])('refuses %s', (_, over) => {
    expect(readPaymentData(paymentData(over), CONFIG)).toBeNull();
  });

  it('refuses what is not an answer at all', () => {
    for (const v of [null, undefined, 'x', {}, { paymentMethodData: null }]) expect(readPaymentData(v, CONFIG)).toBeNull();
  });

  it('accepts a good answer in the sheet, and refuses a bad one there with PAYMENT_DATA_INVALID and the given words', () => {
    const card = readPaymentData(paymentData(), CONFIG);
    expect(authorizationResult(card, 'm')).toEqual({ transactionState: 'SUCCESS' });
    expect(authorizationResult(null, 'An error occurred, kindly use a different payment option')).toEqual({
      transactionState: 'ERROR',
      error: { reason: 'PAYMENT_DATA_INVALID', message: 'An error occurred, kindly use a different payment option', intent: 'PAYMENT_AUTHORIZATION' },
    });
  });
});

describe('the card the payment call is made with (companion §4)', () => {
  it('left-pads the last digits with 1 to 16', () => {
    expect(paddedPan('1234')).toBe('1111111111111234');
    expect(paddedPan('0008')).toBe('1111111111110008');
    expect(paddedPan('1234')).toHaveLength(16);
  });

  it('sets the expiry to 11/ and the last two digits of the year five years ahead (as YYMM)', () => {
    expect(googlePayExpiry(Date.UTC(2026, 10, 24))).toBe('3111');
    expect(googlePayExpiry(Date.UTC(2026, 0, 1))).toBe('3111');
    expect(googlePayExpiry(Date.UTC(2026, 11, 31, 23, 59))).toBe('3111');
    expect(googlePayExpiry(Date.UTC(2095, 5, 1))).toBe('0011');
  });

  it("draws Google's networks with the card's brands where it has one", () => {
    expect(brandOf('VISA')).toBe('Visa');
    expect(brandOf('MASTERCARD')).toBe('MasterCard');
    expect(brandOf('AMEX')).toBe('AmericanExpress');
    expect(brandOf('JCB')).toBeNull();
  });
});
