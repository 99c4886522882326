import { serverNow } from '@oja/core';

/*
 * The USSD page's timings (companion §4 "DRC wallet", §9), in a module of their own: the plugin object reads them on
 * every payment's initial route, where nothing else of the channel's rules belongs.
 */

/** The wallet whose confirmation is slow (companion §4): 23 minutes before the first query. */
export const ORANGE = 'ORANGE';
/** Wait from the payment call's 00 to the first status query, ms (companion §4, §9). */
export const FIRST_QUERY_MS = 4_000;
/** The same wait for ORANGE: 23 minutes, ms (companion §4 "1,380,000 ms"). */
export const ORANGE_FIRST_QUERY_MS = 1_380_000;
/**
 * Wait between two status queries while the answer is 09, ms. The spec gives the first wait only ("09
 * requeries"); the same pace keeps a 30 s window to about seven queries.
 */
export const QUERY_INTERVAL_MS = 4_000;
/** The polling timeout: how long the payer is waited for after the USSD prompt went to the phone, ms (companion §4, §9). */
export const POLL_TIMEOUT_MS = 30_000;

/** The biller's label as the API compares it: upper-cased, trimmed (companion §7 "mobileWalletProvider (upper-cased)"). */
export const billerCode = (biller: string): string => biller.trim().toUpperCase();
export const isOrange = (biller: string): boolean => billerCode(biller) === ORANGE;

/** Wait from the start of the USSD page's wait to the first status query, ms (companion §4: 4 s, 23 min for ORANGE). */
export const firstQueryMs = (biller: string): number => (isOrange(biller) ? ORANGE_FIRST_QUERY_MS : FIRST_QUERY_MS);

/**
 * How long after the start of the wait polling gives up, ms. The 30 s polling timeout is the time the payer is
 * waited for: for every biller but ORANGE it ends the wait ("Oops… Please try again"). ORANGE confirms only after 23
 * minutes, so at 30 s its page says "Transaction in Progress" and keeps waiting; its own window is the same 30 s of
 * asking, counted from its first query.
 */
export const pollWindowMs = (biller: string): number => (isOrange(biller) ? ORANGE_FIRST_QUERY_MS + POLL_TIMEOUT_MS : POLL_TIMEOUT_MS);

/**
 * Time left, ms, until `offset(biller)` after the wait's start (never negative), from the USSD page's polling
 * params `{ biller, startedAt }` (startedAt on the server's clock; a wait with none starts now). Counted from the
 * start, a reload keeps the wait's own deadlines.
 */
export function leftUntil(params: Readonly<Record<string, unknown>>, offset: (biller: string) => number): number {
  const biller = typeof params.biller === 'string' ? params.biller : '';
  const startedAt = typeof params.startedAt === 'number' ? params.startedAt : serverNow();
  return Math.max(0, startedAt + offset(biller) - serverNow());
}
