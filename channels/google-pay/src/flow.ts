import { defineVisit, serverNow } from '@oja/core';
import type { Checkout, Visit } from '@oja/core';
import { visitOf } from '@oja/core/visit';
import { lendCardSteps, submitCard } from '@oja/card/steps';
import { isCancelled, loadGooglePay } from './client';
import type { GooglePaymentsClient } from './client';
import {
  authorizationResult,
  googlePayConfig,
  googlePayExpiry,
  isReadyToPayRequest,
  paddedPan,
  paymentDataRequest,
  readPaymentData,
} from './request';
import type { AuthorizedCard } from './request';

/** The message of a payment Google Pay cannot go on with (companion §8, reason PAYMENT_DATA_INVALID). */
export const INVALID_DATA_KEY = 'google-pay.error.invalidData';

/**
 * Where the screen is: Google's script loading and asked whether the payer can pay (`loading`), its button shown
 * (`ready`), Google Pay not possible here (`unavailable`: not ready, or the merchant's option cannot make a
 * request), its script not loaded (`failed`: a temporary failure, tried again on request), or a card authorized
 * and the CVV asked (`authorized`).
 */
export type GooglePayPhase = 'loading' | 'ready' | 'unavailable' | 'failed' | 'authorized';

export interface GooglePayState {
  phase: GooglePayPhase;
  /** The authorized card as shown (network and last digits); its token is the visit's secret. */
  card: { network: string; last4: string } | null;
  /** The translation key of the error shown over the button (Google's answer refused, the token refused). */
  error: string | null;
  /** Google's sheet is open: a second press of the button does nothing. */
  sheetOpen: boolean;
  /** Loads tried: Try again after a failed load starts another. */
  loads: number;
}

/** Off the proxy: the payment token (the card as Google tokenized it) and Google's client. */
export interface GooglePaySecret {
  token: string | null;
  client: GooglePaymentsClient | null;
}

/** One visit of the Google Pay screen: Retry and another method start afresh, and forget the token. */
export const googlePayVisit = defineVisit<GooglePayState, GooglePaySecret>({
  channel: 'google-pay',
  create: () => ({ phase: 'loading', card: null, error: null, sheetOpen: false, loads: 0 }),
  secret: () => ({ token: null, client: null }),
  end: (v) => {
    v.secret.token = null;
    v.secret.client = null;
  },
});

export type GooglePayVisit = Visit<GooglePayState, GooglePaySecret>;

export const googlePayVisitOf = (c: Checkout): GooglePayVisit => visitOf(c.visits, googlePayVisit);

/**
 * The screen opened (or Try again): the merchant's configuration, Google's script, then Google's own answer to
 * "can this payer pay". Each outcome is a phase; nothing here is the payer's mistake.
 */
export async function prepare(c: Checkout, v: GooglePayVisit, invalidMessage: string): Promise<void> {
  const { state, secret } = v;
  const config = googlePayConfig(c.state.props);
  if (!config) {
    state.phase = 'unavailable';
    return;
  }
  state.loads += 1;
  let client: GooglePaymentsClient;
  try {
    const api = await loadGooglePay(c.state.env);
    if (v.ended) return;
    client = new api.PaymentsClient({
      environment: config.environment,
      paymentDataCallbacks: {
        // Google asks before closing its sheet: an answer the page cannot pay with is refused there, with the spec's words.
        onPaymentAuthorized: (data) => {
          const card = readPaymentData(data, config);
          if (!card && !v.ended) state.error = INVALID_DATA_KEY;
          return authorizationResult(card, invalidMessage);
        },
      },
    });
  } catch {
    if (!v.ended) state.phase = 'failed';
    return;
  }
  let ready = false;
  try {
    ready = (await client.isReadyToPay(isReadyToPayRequest(config))).result === true;
  } catch {
    // Google refuses the request itself (a developer error): Google Pay cannot be used on this payment.
    ready = false;
  }
  if (v.ended) return;
  secret.client = client;
  state.phase = ready ? 'ready' : 'unavailable';
}

/** Google's button pressed: its sheet, once at a time; an authorized card moves on to the CVV. */
export async function openSheet(c: Checkout, v: GooglePayVisit): Promise<void> {
  const { state, secret } = v;
  const { client } = secret;
  // The merchant's configuration is the payment's: read again, never kept beside it.
  const config = googlePayConfig(c.state.props);
  if (!client || !config || state.sheetOpen || state.phase !== 'ready') return;
  state.sheetOpen = true;
  state.error = null;
  let card: AuthorizedCard | null = null;
  try {
    card = readPaymentData(await client.loadPaymentData(paymentDataRequest(config, c.state.props)), config);
    if (!card) state.error = INVALID_DATA_KEY;
  } catch (e) {
    // Closed by the payer: the button is there again, with any refusal the sheet showed. Otherwise Google failed.
    if (!isCancelled(e) && !v.ended) state.error = INVALID_DATA_KEY;
  } finally {
    state.sheetOpen = false;
  }
  if (!card || v.ended) return;
  secret.token = card.token;
  state.card = { network: card.network, last4: card.last4 };
  state.error = null;
  state.phase = 'authorized';
}

/** Another card: back to Google's button, the authorized one forgotten. */
export function changeCard(v: GooglePayVisit): void {
  v.secret.token = null;
  v.state.card = null;
  v.state.phase = 'ready';
}

/**
 * Pay with the CVV: the card's steps take over with Google's token on each call (companion §4): the lookup answers
 * the card's configuration, then 3-D Secure, the PIN or the payment. A token the API refuses returns to the button
 * with the error; refusals after it complete as any card payment's do.
 */
export async function pay(c: Checkout, v: GooglePayVisit, cvv: string): Promise<void> {
  const { state, secret } = v;
  const token = secret.token;
  if (!token || !state.card || state.phase !== 'authorized') return;
  lendCardSteps(c, { channel: 'google-pay', lookupFields: { googlePayToken: token }, paymentFields: { googlePayToken: token }, keepsRefusal: true });
  const refusal = await submitCard(c, { pan: paddedPan(state.card.last4), expiry: googlePayExpiry(serverNow()), cvv });
  if (!refusal || v.ended) return;
  changeCard(v);
  state.error = INVALID_DATA_KEY;
}
