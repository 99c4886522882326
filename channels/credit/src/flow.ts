import { CODE_ALREADY_PAID, CODE_SUCCESS, complete, HttpError, resetSlot, serverNow } from '@oja/core';
import type { CallContext, Checkout, Visit } from '@oja/core';
import { isRefusedAsPaid, messageKeyForCode, messageKeyForFailure } from '@oja/core/code-messages';
import { visitOf } from '@oja/core/visit';
import type { CardSecret, Sealed } from '@oja/card/steps';
import { acceptOffer, authorizeToken, generateOtp, getOffers, listBanks, requestBankOtp, requestToken, validateOtp, walletSignIn } from './api';
import type { BankAccount, CreditAnswer, Customer } from './api';
import { CODE_INVALID_OTP, CODE_TOKEN_OTP_FAILED } from './constants';
import { describedProblem, generateProblem, mayTokenise, refusalOf, validateProblem } from './rules';
import type { Problem } from './rules';
import { creditVisit, wipeCard } from './visit';
import type { CreditSecrets, CreditState, CreditStep } from './visit';

/** The sign-in steps: going back to one of them signs the customer out. */
const SIGN_IN_STEPS: readonly CreditStep[] = ['phone', 'signInOtp', 'wallet'];
/** The steps the card is needed on, from its details on: going back before them forgets it. */
const CARD_STEPS: readonly CreditStep[] = ['pin', 'otp'];

export const creditOf = (c: Checkout): Visit<CreditState, CreditSecrets> => visitOf(c.visits, creditVisit);

/** Goes on to `step`; Back returns to the step before (companion §4 "Back moves one step"). */
export function moveTo(c: Checkout, step: CreditStep): void {
  const s = creditOf(c).state;
  if (s.step === step) return;
  s.history.push(s.step);
  s.step = step;
  s.problem = null;
}

/** Back one step: what was chosen after it is dropped (offers reset, the card forgotten, the customer signed out). */
export function back(c: Checkout): void {
  const v = creditOf(c);
  const s = v.state;
  const previous = s.history.pop();
  if (!previous) return;
  // A list still loading is asked again when its step shows again (an aborted load is no failure to show).
  if (s.banks.status === 'pending') resetSlot(s.banks);
  if (s.offers.status === 'pending') resetSlot(s.offers);
  v.abort();
  s.busy = false;
  s.problem = null;
  if (!CARD_STEPS.includes(previous)) wipeCard(v.secret);
  if (previous === 'bank' || SIGN_IN_STEPS.includes(previous)) {
    // "Resetting offers returns to initial state" (companion §4).
    resetSlot(s.offers);
    s.selectedOffer = null;
    s.showAllOffers = false;
  }
  if (SIGN_IN_STEPS.includes(previous)) s.customer = null;
  s.step = previous;
}

/** A call's outcome: its answer, or why it failed. Undefined when it did not happen or leads nowhere. */
type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown } | undefined;

/**
 * Runs one call of the current step: one at a time, aborted if the visit ends. A payment paid meanwhile (another
 * tab) completes as paid, as the card's steps do.
 */
async function call<T>(c: Checkout, run: (ctx: CallContext) => Promise<T>): Promise<Outcome<T>> {
  const v = creditOf(c);
  const s = v.state;
  if (s.busy) return undefined;
  s.busy = true;
  s.problem = null;
  try {
    return { ok: true, value: await v.call(run) };
  } catch (error) {
    if (v.ended || (error instanceof HttpError && error.code === 'aborted')) return undefined;
    if (isRefusedAsPaid(error)) {
      complete(c, CODE_ALREADY_PAID, { messageKey: 'core.error.alreadyPaid' });
      return undefined;
    }
    return { ok: false, error };
  } finally {
    s.busy = false;
  }
}

/** The message of a failed call that is not OTP generation or validation: the API's description, or why it failed. */
function failureProblem(error: unknown): Problem {
  const refusal = refusalOf(error);
  return refusal ? describedProblem(refusal) : { key: messageKeyForFailure(error) };
}

/** Sends the sign-in OTP to the phone (again, for a resend), then the OTP step. Answers whether it was sent. */
export async function sendSignInOtp(c: Checkout, phone: string): Promise<boolean> {
  const s = creditOf(c).state;
  const r = await call(c, (ctx) => generateOtp(ctx, phone));
  if (!r) return false;
  if (!r.ok) {
    s.problem = generateProblem(r.error);
    return false;
  }
  s.phone = phone;
  s.otpSentAt = serverNow();
  moveTo(c, 'signInOtp');
  return true;
}

function signedIn(c: Checkout, customer: Customer): void {
  creditOf(c).state.customer = customer;
  moveTo(c, 'bank');
}

/** Validates the sign-in OTP: the customer is authenticated, then bank details. */
export async function verifySignInOtp(c: Checkout, otp: string): Promise<void> {
  const s = creditOf(c).state;
  const r = await call(c, (ctx) => validateOtp(ctx, s.phone, otp));
  if (!r) return;
  if (r.ok) signedIn(c, r.value);
  else s.problem = validateProblem(r.error);
}

/** Wallet sign-in (username and password): the wallet's customer, then bank details. */
export async function signInWithWallet(c: Checkout, username: string, password: string): Promise<void> {
  const s = creditOf(c).state;
  const r = await call(c, (ctx) => walletSignIn(ctx, username, password));
  if (!r) return;
  if (r.ok) signedIn(c, r.value);
  else s.problem = { key: r.error instanceof HttpError && r.error.status === 403 ? 'credit.error.walletInvalid' : 'credit.error.walletUnavailable' };
}

/** Loads the institutions (once per visit, again on demand). */
export function loadBanks(c: Checkout): void {
  const v = creditOf(c);
  void v.run(v.state.banks, listBanks);
}

/** The bank account the offers are asked with: only after "Show loan deals". */
export function accountOf(s: CreditState): BankAccount | null {
  return s.withAccount && s.bank ? { bank: s.bank, accountNumber: s.accountNumber } : null;
}

/** Fetches the offers (again, for Retry). */
export function loadOffers(c: Checkout): void {
  const v = creditOf(c);
  const s = v.state;
  const customerId = s.customer?.customerId ?? '';
  void v.run(s.offers, (ctx) => getOffers(ctx, customerId, accountOf(s)));
}

/** "Show loan deals" with the bank account, or "Skip" without it: the offers. */
export function showDeals(c: Checkout, withAccount: boolean): void {
  const s = creditOf(c).state;
  s.withAccount = withAccount;
  resetSlot(s.offers);
  s.selectedOffer = null;
  s.showAllOffers = false;
  moveTo(c, 'offers');
  loadOffers(c);
}

/** Continue with the chosen offer: a bank's goes straight to its OTP, any other lender's to the card (companion §4). */
export async function continueWithOffer(c: Checkout): Promise<void> {
  const s = creditOf(c).state;
  const offer = s.selectedOffer;
  if (!offer) {
    s.problem = { key: 'credit.offers.selectRequired' };
    return;
  }
  if (!offer.provider.isBank) {
    moveTo(c, 'card');
    return;
  }
  await sendBankOtp(c);
}

async function sendBankOtp(c: Checkout): Promise<boolean> {
  const s = creditOf(c).state;
  const offer = s.selectedOffer!;
  const r = await call(c, (ctx) => requestBankOtp(ctx, s.customer?.customerId ?? '', offer, accountOf(s)));
  if (!r) return false;
  if (!r.ok) {
    s.problem = failureProblem(r.error);
    return false;
  }
  s.otpRequestReference = r.value;
  s.otpTarget = '';
  s.otpSentAt = serverNow();
  moveTo(c, 'otp');
  return true;
}

/** The card's details taken: kept in the visit's secret only, then the PIN. */
export function takeCard(c: Checkout, card: CardSecret): void {
  const v = creditOf(c);
  v.secret.card = card;
  v.secret.sealed = null;
  moveTo(c, 'pin');
}

/**
 * The token request with the card sealed (by `seal`, or as sealed for the last request: a resend): T0 is the OTP
 * step; LS3 completes; any other refusal stays on the PIN.
 */
async function tokenise(c: Checkout, seal?: (card: CardSecret) => Promise<Sealed>): Promise<boolean> {
  const v = creditOf(c);
  const s = v.state;
  const offer = s.selectedOffer!;
  const { card, sealed: kept } = v.secret;
  if (!(seal && card) && !kept) return false;
  const r = await call(c, async (ctx) => {
    const sealed = seal && card ? await seal(card) : kept!;
    v.secret.sealed = sealed;
    return requestToken(ctx, sealed, offer, s.customer?.customerId ?? '');
  });
  if (!r) return false;
  if (r.ok) {
    s.otpTarget = typeof r.value.mobilePhoneNumber === 'string' ? r.value.mobilePhoneNumber : '';
    s.otpSentAt = serverNow();
    moveTo(c, 'otp');
    return true;
  }
  const refusal = refusalOf(r.error);
  // "Error generating OTP. Please try again", and the transaction completes with that code (companion §8).
  if (refusal?.responseCode === CODE_TOKEN_OTP_FAILED) complete(c, CODE_TOKEN_OTP_FAILED, { ...refusal, messageKey: 'credit.error.tokenOtp' });
  else {
    s.problem = failureProblem(r.error);
    s.pinRefusals += 1;
  }
  return false;
}

/**
 * The PIN entered (companion §4, §6): without the payment, an offer or a customer the payer is told they may not;
 * otherwise the card and PIN are sealed (`seal`: the card's encryption, which the card steps' part brings) and
 * tokenised.
 */
export async function submitPin(c: Checkout, seal: (card: CardSecret) => Promise<Sealed>): Promise<void> {
  const s = creditOf(c).state;
  if (!mayTokenise(c.state.props.paymentId, s.selectedOffer, s.customer?.customerId ?? '')) {
    s.problem = { key: 'credit.error.permission' };
    return;
  }
  await tokenise(c, seal);
}

/** A fresh OTP for the step the payer is on: the sign-in's, the bank's, or the card token's. */
export async function resendOtp(c: Checkout): Promise<boolean> {
  const s = creditOf(c).state;
  if (s.step === 'signInOtp') return sendSignInOtp(c, s.phone);
  if (s.step !== 'otp' || !s.selectedOffer) return false;
  return s.selectedOffer.provider.isBank ? sendBankOtp(c) : tokenise(c);
}

/** The accept-offer answer: T1 keeps the payer on the OTP; any other code is the transaction's and completes. */
function accepted(c: Checkout, answer: CreditAnswer): void {
  const code = answer.responseCode;
  if (code === CODE_INVALID_OTP) {
    creditOf(c).state.problem = validateProblem(new HttpError('OTP refused', 'invalid', 200, answer));
    return;
  }
  complete(c, code, code === CODE_SUCCESS ? answer : { ...answer, messageKey: messageKeyForCode(code) });
}

/**
 * The OTP step's Authorize: a bank offer is accepted with its OTP; another lender's card token is authorized with
 * it first (companion §4 "get token with OTP, then authorize token"), then the offer accepted.
 */
export async function submitOtp(c: Checkout, otp: string): Promise<void> {
  const s = creditOf(c).state;
  const offer = s.selectedOffer;
  const customerId = s.customer?.customerId ?? '';
  if (!offer) return;
  if (!offer.provider.isBank) {
    const authorized = await call(c, (ctx) => authorizeToken(ctx, otp, offer, customerId));
    if (!authorized) return;
    if (!authorized.ok) {
      s.problem = validateProblem(authorized.error);
      return;
    }
  }
  const r = await call(c, (ctx) => acceptOffer(ctx, { customerId, offer, otp, account: accountOf(s), otpRequestReference: s.otpRequestReference }));
  if (!r) return;
  if (r.ok) accepted(c, r.value);
  else s.problem = failureProblem(r.error);
}
