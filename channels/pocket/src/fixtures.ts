/** Answers of the Pocket API for the tests and the stories (not shipped: only they import it). */

export const INITIATE = 'POST /api/v1/pocket/initialize';
export const STATUS = 'POST /api/v1/pocket/status';

export const INITIATED = { responseCode: '09', responseDescription: 'Payment request sent to the Pocket app' };
export const PENDING = { responseCode: '09', responseDescription: 'Awaiting approval in the Pocket app' };
export const APPROVED = { responseCode: '00', responseDescription: 'Approved by Financial Institution', paymentReference: 'OJA|POCKET|4242001' };

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
      additionalInformation: { providers: [{ id: '4', code: 'POCKET', description: 'Pocket', countryCode: 'NG' }] },
    },
  ],
};
