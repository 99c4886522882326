import { CODE_ALREADY_PAID, CODE_PENDING, CODE_SUCCESS, complete, defineVisit, go, HttpError, serverNow } from '@oja/core';
import type { CallContext, Checkout, Visit } from '@oja/core';
import { authenticateCardinal, authenticateOtp, fetchBinConfiguration, makeBulkPayment, makePayment } from './api';
import type { BinConfiguration, CardinalInfo, PayResponse, Sealed } from './api';
import type { CardSecret } from './crypto';
import { detectBrand } from './rules';
import { failureMessageKey, isRefusedAsPaid, messageKeyForCode } from '@oja/core/code-messages';
import { visitOf } from '@oja/core/visit';

/** The card's routes (spec core §2), below the channel's /payment/card. */
export const CARD_PATH = '/payment/card';
export const PIN_PATH = `${CARD_PATH}/pin`;
export const OTP_PATH = `${CARD_PATH}/otp`;
export const CARDINAL_PATH = `${CARD_PATH}/cardinal`;

/** The OTP step's code (spec core §4). */
export const CODE_OTP = 'T0';
/** The code the OTP and cardinal status answer while not yet valid (spec core §4, §8). */
export const CODE_INVALID_OTP = 'T1';
/** Kenyan shilling: a Visa card there runs device data collection (spec core §4). */
const KENYA_SHILLING = '404';

/** Loads the encryption chunk (node-forge): at first keystroke, so it is there by the time Pay is pressed. */
export const loadCrypto = () => import('./crypto');

/**
 * Seals a card (and its PIN, when given) for the wire, loading the encryption chunk if it is not there yet: what a
 * borrower that sends the card in calls of its own (pay on credit's tokenisation) uses. Nothing of either is kept.
 */
export async function sealCard(card: CardSecret, pin?: string): Promise<Sealed> {
  const { encryptCard } = await loadCrypto();
  return encryptCard(card, pin);
}

/**
 * Another channel paying through the card's steps (the wallet's saved cards; later Google Pay and pay on credit):
 * what its calls add. Plain data, kept in the card's visit. See steps.ts, the documented way to borrow the steps.
 */
export interface CardLoan {
  /** The borrowing channel's id. */
  channel: string;
  /** Added to the card-type lookup's body (a saved card's identifiers). */
  lookupFields?: Record<string, unknown>;
  /** Added to every payment call's body (a saved card's wallet info, a provider's token). */
  paymentFields?: Record<string, unknown>;
  /**
   * A refused lookup (the card's configuration call, the first with the borrower's fields) is answered to the
   * borrower by submitCard instead of completing the payment: Google Pay shows its own error state for a token the
   * API refuses. Refusals after it (PIN, OTP, 3-D Secure, the payment) complete as for a typed card.
   */
  keepsRefusal?: boolean;
}

/** The refused lookup submitCard answers a borrower that keeps refusals (CardLoan.keepsRefusal). */
export interface CardRefusal {
  responseCode: string;
  responseDescription?: string;
}

/** One card attempt's state. Card data is never in here: it is the visit's secret (CardSecrets). */
export interface CardFlowState {
  /** A request of this flow is in flight: a second press of Pay or Authorize does nothing. */
  busy: boolean;
  /** Translation key of the message shown on the current step (a failed call, an invalid OTP). */
  error: string | null;
  config: BinConfiguration | null;
  /** The last answer of a payment call. */
  payment: PayResponse | null;
  /** The issuer's 3-D Secure page, once the payment asked for it. */
  cardinal: CardinalInfo | null;
  /** The channel paying through these steps, when it is not the card itself. */
  loan: CardLoan | null;
  /** Where the OTP went, for the OTP screen. */
  otpTarget: string;
  /** Server-clock ms the last OTP was sent (the resend countdown runs from it). */
  otpSentAt: number;
}

/** What must never be in a proxy, a snapshot, storage or a log: the card as typed, and its sealed form. */
export interface CardSecrets {
  card: CardSecret | null;
  sealed: Sealed | null;
}

/** The card's visit: one attempt's steps; the card itself only in the visit's secret, wiped when the visit ends. */
export const cardVisit = defineVisit<CardFlowState, CardSecrets>({
  channel: 'card',
  create: () => ({ busy: false, error: null, config: null, payment: null, cardinal: null, loan: null, otpTarget: '', otpSentAt: 0 }),
  secret: () => ({ card: null, sealed: null }),
  end: (visit) => wipe(visit.secret),
});

function wipe(s: CardSecrets): void {
  s.card = null;
  s.sealed = null;
}

const cardVisitOf = (c: Checkout): Visit<CardFlowState, CardSecrets> => visitOf(c.visits, cardVisit);

/** The card flow of this checkout's current attempt (a retry starts a new one). */
export function cardFlow(c: Checkout): CardFlowState {
  return cardVisitOf(c).state;
}

function secretsOf(c: Checkout): CardSecrets {
  return cardVisitOf(c).secret;
}

/** Is there a card to pay with (a reload loses it: card data lives only in this page's memory)? */
export function hasCard(c: Checkout): boolean {
  return secretsOf(c).sealed !== null;
}

/** Steps that need the issuer's authentication: 3-D Secure, cardinal, or a Kenyan Visa's device data collection. */
export function needsCardinal(c: Checkout, config: BinConfiguration | null, pan: string): boolean {
  const g = config?.cardTypeGatewayConfiguration;
  if (g?.supportsCardinalAuthentication || g?.supportThreeDsAuthentication) return true;
  return c.state.props.currencyCode === KENYA_SHILLING && detectBrand(pan) === 'Visa' && !!config?.cardinalAuthenticationInformation;
}

/**
 * Runs one call of the flow: one at a time, aborted if the visit ends, errors become the step's message. Answers
 * undefined when busy or failed.
 */
async function step<T>(c: Checkout, run: (ctx: CallContext) => Promise<T>, onNetworkError: 'complete' | 'stay'): Promise<T | undefined> {
  const v = cardVisitOf(c);
  const f = v.state;
  if (f.busy) return undefined;
  f.busy = true;
  f.error = null;
  try {
    return await v.call(run);
  } catch (e) {
    if (e instanceof HttpError && e.code === 'aborted') return undefined;
    // Paid meanwhile (another tab, another channel): the API refused the attempt, and the payer is told so.
    const paid = isRefusedAsPaid(e);
    if (paid && onNetworkError === 'complete') complete(c, CODE_ALREADY_PAID, { messageKey: 'core.error.alreadyPaid' });
    else if (onNetworkError === 'complete') complete(c, '', { messageKey: 'core.error.default' });
    else f.error = failureMessageKey(e, e instanceof HttpError && e.code === 'timeout' ? 'card.error.timeout' : 'core.error.default');
    return undefined;
  } finally {
    f.busy = false;
  }
}

/** A final answer completes; failures carry their message by code (spec core §8). */
function finish(c: Checkout, r: PayResponse, code = r.responseCode): void {
  complete(c, code, code === CODE_SUCCESS || code === CODE_PENDING ? r : { ...r, messageKey: messageKeyForCode(code) });
}

/**
 * Card entry submitted with valid details (spec core §4 "Card flow"): seal the card, fetch the card's
 * configuration, then the PIN, 3-D Secure, or pay. Answers the refused lookup to a borrower that keeps refusals.
 */
export async function submitCard(c: Checkout, card: CardSecret): Promise<CardRefusal | undefined> {
  const v = cardVisitOf(c);
  const f = v.state;
  if (f.busy) return undefined;
  const s = v.secret;
  let refusal: CardRefusal | undefined;
  await step(
    c,
    async (ctx) => {
      const { encryptCard } = await loadCrypto();
      const sealed = encryptCard(card);
      const config = await fetchBinConfiguration(ctx, sealed, f.loan?.lookupFields);
      if (config.responseCode !== CODE_SUCCESS) {
        if (f.loan?.keepsRefusal) refusal = { responseCode: config.responseCode, responseDescription: config.responseDescription };
        else complete(c, config.responseCode, { ...config, messageKey: messageKeyForCode(config.responseCode) });
        return;
      }
      s.card = card;
      s.sealed = sealed;
      f.config = config;
    },
    'complete',
  );
  // The visit ended meanwhile (Retry, another method): its answer leads nowhere.
  if (refusal || !s.sealed || c.state.result || v.ended) return v.ended ? undefined : refusal;
  if (f.config?.cardTypeGatewayConfiguration?.supportsPin) go(c, PIN_PATH);
  else if (!c.state.props.isBulkPayment && needsCardinal(c, f.config, card.pan)) go(c, CARDINAL_PATH);
  else await pay(c);
  return undefined;
}

/** The PIN entered: seal it with the card, then authenticate with the issuer or pay. */
export async function submitPin(c: Checkout, pin: string): Promise<void> {
  const v = cardVisitOf(c);
  const { state: f, secret: s } = v;
  if (f.busy || !s.card || !s.sealed) return;
  const { encryptCard } = await loadCrypto();
  if (v.ended || !s.card) return;
  s.sealed = encryptCard(s.card, pin);
  if (!c.state.props.isBulkPayment && needsCardinal(c, f.config, s.card.pan)) go(c, CARDINAL_PATH, true);
  else await pay(c);
}

/** Makes the payment, once: Pay pressed twice, or a slow answer, never makes a second. */
export async function pay(c: Checkout, cardinalReferenceId?: string): Promise<PayResponse | undefined> {
  const f = cardFlow(c);
  const s = secretsOf(c);
  if (!s.sealed) return undefined;
  if (f.payment) {
    // The attempt's payment is made (the payer came back to an earlier step): back to the step it is at.
    afterPayment(c, f.payment);
    return f.payment;
  }
  const sealed = s.sealed;
  const bulk = !!c.state.props.isBulkPayment;
  const r = await step(
    c,
    (ctx) => (bulk ? makeBulkPayment(ctx, sealed) : makePayment(ctx, sealed, { extra: f.loan?.paymentFields, cardinalReferenceId })),
    'complete',
  );
  if (!r) return undefined;
  f.payment = r;
  if (bulk) {
    // A bulk payment completes with 09 on success, or with the error's code (spec core §4).
    finish(c, r, r.responseCode === CODE_SUCCESS ? CODE_PENDING : r.responseCode);
    return r;
  }
  afterPayment(c, r);
  return r;
}

/** What a payment's answer leads to (spec core §4 "After payment"). */
export function afterPayment(c: Checkout, r: PayResponse): void {
  const f = cardFlow(c);
  if (r.responseCode === CODE_OTP && !r.requiresCentinelAuthorization) {
    f.otpTarget = r.mobilePhoneNumber ?? '';
    f.otpSentAt = serverNow();
    go(c, OTP_PATH, true);
  } else if (r.cardinalInfo?.url) {
    f.cardinal = r.cardinalInfo;
    go(c, CARDINAL_PATH, true);
  } else {
    finish(c, r);
  }
}

/** The OTP screen's Authorize: T1 keeps the payer here with "Invalid OTP provided"; any other code completes. */
export async function submitOtp(c: Checkout, otp: string): Promise<void> {
  const f = cardFlow(c);
  const r = await step(c, (ctx) => authenticateOtp(ctx, otp), 'stay');
  if (!r) return;
  // The card's own wording: the code messages come with the result screen, which may not have loaded yet.
  if (r.responseCode === CODE_INVALID_OTP) f.error = 'card.otp.invalid';
  else finish(c, r);
}

/** The OTP screen's resend: asks for a fresh code for the payment already made (no second charge). */
export async function resendOtp(c: Checkout): Promise<boolean> {
  const f = cardFlow(c);
  const s = secretsOf(c);
  if (!s.sealed) return false;
  const sealed = s.sealed;
  const r = await step(c, (ctx) => makePayment(ctx, sealed, { extra: f.loan?.paymentFields, resendOtp: true }), 'stay');
  if (!r) return false;
  if (r.responseCode !== CODE_OTP) {
    finish(c, r);
    return false;
  }
  f.otpTarget = r.mobilePhoneNumber ?? f.otpTarget;
  f.otpSentAt = serverNow();
  return true;
}

/** The issuer said T0: authenticate the payment with its ECI flag and transaction id, then complete. */
export async function finishCardinal(c: Checkout, status: PayResponse): Promise<void> {
  const f = cardFlow(c);
  const s = secretsOf(c);
  const info: CardinalInfo = {
    ...(f.cardinal ?? { url: '' }),
    eciFlag: (status.eciFlag as string | undefined) ?? f.cardinal?.eciFlag,
    transactionId: (status.transactionId as string | undefined) ?? f.cardinal?.transactionId,
  };
  const sealed = s.sealed ?? { secureData: '', pinBlock: '' };
  const r = await step(c, (ctx) => authenticateCardinal(ctx, info, sealed), 'complete');
  if (r) finish(c, r);
}

/** Forget the card now (a wallet's sign-out); the visit's end does it on Retry, a change of method and leaving. */
export function forgetCard(c: Checkout): void {
  wipe(secretsOf(c));
}

/**
 * Another channel pays through the card's steps from here on (steps.ts): its fields go with every call of this
 * attempt. A new loan replaces the last; null returns the steps to the card's own.
 */
export function lendCardSteps(c: Checkout, loan: CardLoan | null): void {
  cardFlow(c).loan = loan;
}

/** What a story or a test starts a step with: a flow as it is after the earlier steps. */
export interface FlowSeed {
  card?: CardSecret;
  sealed?: Sealed;
  config?: BinConfiguration;
  cardinal?: CardinalInfo;
  loan?: CardLoan;
  otpTarget?: string;
  otpSentAt?: number;
  error?: string;
}

/** Puts the flow in the state a step expects (stories and tests only; the page gets there by paying). */
export function seedFlow(c: Checkout, seed: FlowSeed): CardFlowState {
  const f = cardFlow(c);
  const s = secretsOf(c);
  if (seed.card) s.card = seed.card;
  if (seed.card || seed.sealed) s.sealed = seed.sealed ?? { secureData: 'sealed', pinBlock: '' };
  if (seed.config) f.config = seed.config;
  if (seed.cardinal) f.cardinal = seed.cardinal;
  if (seed.loan) f.loan = seed.loan;
  if (seed.otpTarget !== undefined) f.otpTarget = seed.otpTarget;
  if (seed.otpSentAt !== undefined) f.otpSentAt = seed.otpSentAt;
  if (seed.error !== undefined) f.error = seed.error;
  return f;
}
