import { serverNow } from '@oja/core';
import { AFRIMONEY, CURRENCY_USD, DRC_DIAL_PREFIX, FIRST_QUERY_MS, ORANGE, ORANGE_FIRST_QUERY_MS, POLL_TIMEOUT_MS } from './constants';

/*
 * The channel's own rules (companion §4, §5, §9), pure and small: the plugin object (on the initial route) reads
 * the timings, the calls the rest.
 */

/** The biller's label as the API compares it: upper-cased, trimmed (companion §7 "mobileWalletProvider (upper-cased)"). */
export const billerCode = (biller: string): string => biller.trim().toUpperCase();
export const isOrange = (biller: string): boolean => billerCode(biller) === ORANGE;
/** AFRIMONEY's payment call names no merchant country (companion §7). */
export const namesMerchantCountry = (biller: string): boolean => billerCode(biller) !== AFRIMONEY;

/** The order currency: USD for currency 840, CDF for anything else (companion §7, §9). */
export const orderCurrency = (currencyCode: string): 'USD' | 'CDF' => (currencyCode === CURRENCY_USD ? 'USD' : 'CDF');

/** Pay is enabled once a biller is chosen and a number typed (companion §5). */
export const canPay = (billerId: string, number: string): boolean => billerId !== '' && number.trim() !== '';

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

/** Wait from the start of the USSD page's wait to the first status query, ms (companion §4: 4 s, 23 min for ORANGE). */
export const firstQueryMs = (biller: string): number => (isOrange(biller) ? ORANGE_FIRST_QUERY_MS : FIRST_QUERY_MS);

/**
 * How long after the start of the wait polling gives up, ms. The 30 s polling timeout is the time the payer is
 * waited for: for every biller but ORANGE it ends the wait ("Oops… Please try again"). ORANGE confirms only after 23
 * minutes, so at 30 s its page says "Transaction in Progress" and keeps waiting; its own window is the same 30 s of
 * asking, counted from its first query.
 */
export const pollWindowMs = (biller: string): number => (isOrange(biller) ? ORANGE_FIRST_QUERY_MS + POLL_TIMEOUT_MS : POLL_TIMEOUT_MS);

/** What the USSD page's polling depends on (useStatusPolling's params): the biller and when the wait began. */
export interface WaitParams {
  biller: string;
  /** Server-clock ms. */
  startedAt: number;
}

/** Reads WaitParams from a status timing's params; a wait with no start is taken to start now. */
export function waitOf(params: Readonly<Record<string, unknown>>): WaitParams {
  return {
    biller: typeof params.biller === 'string' ? params.biller : '',
    startedAt: typeof params.startedAt === 'number' ? params.startedAt : serverNow(),
  };
}

/** Time left, ms, until `offset` after the wait's start (never negative): a reload keeps the wait's own deadlines. */
export function leftUntil(params: Readonly<Record<string, unknown>>, offset: (biller: string) => number): number {
  const { biller, startedAt } = waitOf(params);
  return Math.max(0, startedAt + offset(biller) - serverNow());
}
