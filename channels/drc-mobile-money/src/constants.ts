/** The DRC's ISO 3166 code: the provider list is asked for it, and the payment call names it (companion §7). */
export const DRC_COUNTRY = 'CD';
/** The DRC's international dialling prefix (companion §9). */
export const DRC_DIAL_PREFIX = '243';
/** US dollar (ISO 4217 numeric): the one currency a DRC payment may carry besides the Congolese franc (companion §9). */
export const CURRENCY_USD = '840';
/** The wallet whose payment call names no merchant country (companion §7). */
export const AFRIMONEY = 'AFRIMONEY';

/** The collections API's paths (companion §7). */
export const PROVIDERS_PATH = '/api/v1/countries/countryList';
export const PAYMENT_PATH = '/api/v2/mobile-wallet/payment';
export const QUERY_PATH = '/api/v2/mobile-wallet/query';
/** The payment call's transType: the spec names the field, not its value; a collection is a purchase. */
export const TRANS_TYPE = 'PURCHASE';

/** The chosen biller's label in the tab's sessionStorage, so that the USSD page survives a reload (companion §2). */
export const SELECTED_BILLER_KEY = 'selectedBiller';
/** When the USSD page's wait began (server clock), with the payment it belongs to: a reload keeps the same deadlines. */
export const USSD_STARTED_KEY = 'drcUssdStartedAt';

/** The payment's response codes this channel reads (companion §4, §8). */
export const CODE_WALLET_FAILED = '02';
