/** Answers of the mobile wallet API for the tests and the stories (not imported by the channel itself). */

export const PROVIDERS = 'GET /api/v1/countries/countryList';
export const PAYMENT = 'POST /api/v2/mobile-wallet/payment';
export const QUERY = 'POST /api/v2/mobile-wallet/query';

/** The DRC's provider list: one biller with four wallets. */
export const PROVIDER_LIST = {
  code: '00',
  description: 'Successful',
  data: [
    {
      countryCode: 'CD',
      billerName: 'Mobile Money',
      providers: [
        { id: '101', provider: 'ORANGE' },
        { id: '102', provider: 'VODACOM' },
        { id: '103', provider: 'AIRTEL' },
        { id: '104', provider: 'AFRIMONEY' },
      ],
    },
  ],
};

/** The payment call's answers. */
export const PROMPT_SENT = { code: '00', description: 'USSD prompt sent to the customer', data: { status: 'PENDING' } };
export const WALLET_REFUSED = { code: '02', description: 'Mobile wallet payment failed', data: {} };

/** A query's answer with this code. */
export const queried = (code: string) => ({
  code,
  description: code === '00' ? 'Approved by Financial Institution' : code === '09' ? 'Awaiting the customer PIN' : 'Mobile wallet payment failed',
  data: code === '00' ? { paymentReference: 'OJA|DRC|4242001', retrievalReferenceNumber: 'RR42420011', amount: 150000 } : {},
});

/** A DRC payment in Congolese francs that offers card and DRC mobile money (CONTRACT §5). */
export const DRC_PROPS = {
  currencyCode: '976',
  countryCode: 'CD',
  paymentChannels: ['CARD', 'DRC_MOBILE_MONEY'],
  nonCardOptions: [{ providerCode: 'DRC_MOBILE_MONEY', enabled: true }],
};
