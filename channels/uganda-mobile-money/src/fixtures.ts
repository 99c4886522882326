/** Answers of the Uganda mobile money API for the tests and the stories (not shipped: only they import it). */

export const NOTIFY = 'POST /api/v2/ug-mobile-money/payment-notification';
export const STATUS = 'POST /api/v1/ug-mobile-money/status';

/** The request is on the payer's phone. */
export const SENT = { responseCode: '09', responseDescription: 'Payment request sent to the phone' };
export const PENDING = { responseCode: '09', responseDescription: 'Awaiting approval on the phone' };
export const APPROVED = { responseCode: '00', responseDescription: 'Approved by Financial Institution', paymentReference: 'OJA|UGMM|4242001' };

/** A UGX payment offering Uganda mobile money beside the card: UGX 5,000 plus UGX 200 surcharge, in minor units. */
export const UGX_PAYMENT = {
  currencyCode: '800',
  countryCode: 'UG',
  amount: 500_000,
  surcharge: 20_000,
  checkoutAmount: 520_000,
  paymentChannels: ['CARD', 'UGANDA_MOBILE_MONEY'],
  nonCardOptions: [{ providerCode: 'UGANDA_MOBILE_MONEY', enabled: true }],
};
