/** Answers of the MoMo API for the tests and the stories (not shipped: only they import it). */

export const INITIATE = 'POST /api/v1/momo/initialize';
export const STATUS = 'POST /api/v1/momo/status';

export const INITIATED = { responseCode: '09', responseDescription: 'Payment request sent to the phone' };
export const PENDING = { data: { responseCode: '09', responseDescription: 'Awaiting approval on the phone' } };
export const APPROVED = {
  data: { responseCode: '00', responseDescription: 'Approved by Financial Institution', paymentReference: 'OJA|MOMO|4242001' },
};

/** An NGN payment offering customer wallets beside the card. */
export const WALLET_PAYMENT = {
  currencyCode: '566',
  countryCode: 'NG',
  paymentChannels: ['CARD', 'CUSTOMER_WALLET'],
  // The merchant's customer-wallet option lists this wallet (what makes it available).
  nonCardOptions: [
    {
      providerCode: 'CUSTOMER_WALLET',
      enabled: true,
      additionalInformation: { providers: [{ id: '4', code: 'MOMO', description: 'MoMo', countryCode: 'NG' }] },
    },
  ],
};
