/** Answers of the USSD API for the tests and the stories (not shipped: only they import it). */

export const ISSUERS_NG = 'GET /api/v1/ussd/issuers/NG';
export const GENERATE = 'POST /api/v1/ussd/generate';
export const STATUS = 'GET /api/v1/ussd/status';

export const ISSUERS = {
  responseCode: '00',
  issuers: [
    { name: 'Access Bank', cbnCode: '044' },
    { name: 'Guaranty Trust Bank', cbnCode: '058' },
    { name: 'Providus Bank', cbnCode: '101' },
  ],
};

/** GTBank's code for a payment, and the aggregator's beside it (no validity given). */
export const GTB_CODE = { responseCode: '00', bankShortCode: '*737*000*1234#', defaultShortCode: '*322*058*1234#' };
