import { createAsyncSlot, defineVisit } from '@oja/core';
import type { Provider, WalletAnswer } from './api';
import { SELECTED_BILLER_KEY, USSD_STARTED_KEY } from './constants';

/** One visit's state: the wallets, the payer's choice, the payment call and the USSD page's wait. */
function createDrcState() {
  return {
    providers: createAsyncSlot<Provider[]>(),
    /** The chosen provider's id ('' for none). */
    providerId: '',
    /** The number or wallet ID as typed. */
    number: '',
    /** The payer has left the number field once: an empty one then says so (rules.ts numberError). */
    numberLeft: false,
    payment: createAsyncSlot<WalletAnswer>(),
    /** The biller the USSD page waits on: its label (companion §2 "selectedBiller"); '' until known. */
    biller: '',
    /** When the USSD page's wait began, server-clock ms; null until known. */
    startedAt: null as number | null,
  };
}
export type DrcState = ReturnType<typeof createDrcState>;

/** One visit of the DRC wallet section. Ended by core on Retry, a change of method and when the page goes. */
export const drcVisit = defineVisit({ channel: 'drc-mobile-money', create: createDrcState });

/** The tab's sessionStorage, or null where there is none (the server, a browser that refuses it). */
function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Writes to the tab's storage; a full or refused storage only costs a reload its place. */
function keep(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Nothing to do: the page works on without it.
  }
}

/** Keeps the chosen biller's label for this tab (companion §2 "selectedBiller"): the USSD page reads it after a reload. */
export function rememberBiller(biller: string): void {
  keep(SELECTED_BILLER_KEY, biller);
}

/**
 * Keeps when the USSD page's wait began, for this payment: a reload of that page waits with the same deadlines.
 * Another payment in the same tab starts its wait afresh.
 */
export function rememberStart(paymentId: string, startedAt: number): void {
  keep(USSD_STARTED_KEY, JSON.stringify({ paymentId, startedAt }));
}

/** The biller and the wait's start kept for this payment, if any (the biller alone when the wait was another payment's). */
export function recallWait(paymentId: string): { biller: string; startedAt: number | null } {
  const s = storage();
  try {
    const biller = s?.getItem(SELECTED_BILLER_KEY) ?? '';
    const kept = JSON.parse(s?.getItem(USSD_STARTED_KEY) ?? 'null') as { paymentId?: unknown; startedAt?: unknown } | null;
    const ours = kept?.paymentId === paymentId && typeof kept.startedAt === 'number' && Number.isFinite(kept.startedAt);
    return { biller, startedAt: ours ? (kept.startedAt as number) : null };
  } catch {
    return { biller: '', startedAt: null };
  }
}
