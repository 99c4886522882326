import { AFRIMONEY, CURRENCY_USD, DRC_DIAL_PREFIX } from './constants';
import { billerCode, isOrange } from './timing';

/*
 * The channel's own rules (companion §5, §7, §9), pure: the calls and the screens read them (the USSD page's timings
 * are timing.ts's).
 */

/** AFRIMONEY's payment call names no merchant country (companion §7). */
export const namesMerchantCountry = (biller: string): boolean => billerCode(biller) !== AFRIMONEY;

/** The order currency: USD for currency 840, CDF for anything else (companion §7, §9). */
export const orderCurrency = (currencyCode: string): 'USD' | 'CDF' => (currencyCode === CURRENCY_USD ? 'USD' : 'CDF');

/** Pay is enabled once a biller is chosen and a number typed (companion §5). */
export const canPay = (billerId: string, number: string): boolean => billerId !== '' && number.trim() !== '';

/**
 * The number or wallet ID's message (spec core §5 "Wallet": "Wallet ID is required"): once the payer has left the
 * field, an empty one (spaces do not count) says so; Pay stays disabled meanwhile (companion §5).
 */
export const numberError = (form: { number: string; numberLeft: boolean }): string | null =>
  form.numberLeft && form.number.trim() === '' ? 'drc-mobile-money.idRequired' : null;

/** A DRC number with its country code (+243 or 00243 or 243) or its trunk 0 in front of the nine national digits. */
const WITH_COUNTRY_CODE = new RegExp(`^(?:\\+|00)?${DRC_DIAL_PREFIX}(\\d{9})$`);
const WITH_TRUNK_ZERO = /^0(\d{9})$/;

/**
 * The number or wallet ID as the payment call sends it (companion §5): spaces and dashes dropped, upper-cased,
 * prefixed 243 for ORANGE and +243 for the other billers. A payer who typed the number the way Congolese numbers
 * are written (0 902 345 678, +243 902 345 678) gets the same nine digits after the prefix, never 243 twice.
 */
export function walletNumber(biller: string, entered: string): string {
  const compact = entered.replace(/[\s-]/g, '').toUpperCase();
  const national = WITH_COUNTRY_CODE.exec(compact)?.[1] ?? WITH_TRUNK_ZERO.exec(compact)?.[1] ?? compact;
  return `${isOrange(biller) ? '' : '+'}${DRC_DIAL_PREFIX}${national}`;
}
