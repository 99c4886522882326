import { HttpError } from '@oja/core';
import { ACCOUNT_NUMBER_LENGTH, CODE_INVALID_OTP, INVALID_PHONE_CODES, INVALID_TOKEN_SUPPLIED, OTP_LENGTH, PHONE_LENGTH } from './constants';
import type { Bank, CreditAnswer, Offer } from './api';

/** What a step shows under its form: a message of ours (a translation key), or the API's own description. */
export type Problem = { key: string } | { text: string };

/** Digits only, at most `max`. */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** Sign-in phone (companion §5): empty "Phone number is required"; under 11 digits "Phone number is incomplete". */
export function phoneError(phone: string): string | null {
  if (!phone.trim()) return 'credit.validation.phoneRequired';
  return digitsOnly(phone, PHONE_LENGTH).length < PHONE_LENGTH ? 'credit.validation.phoneIncomplete' : null;
}

/** OTP (companion §5): empty "Kindly enter otp sent to your phone number"; under 6 "OTP is incomplete". */
export function otpError(otp: string): string | null {
  if (!otp.trim()) return 'credit.validation.otpRequired';
  return otp.trim().length < OTP_LENGTH ? 'credit.validation.otpIncomplete' : null;
}

/** Wallet sign-in (companion §2): "Username is required", "Password is required". */
export function walletSignInErrors(username: string, password: string): { username: string | null; password: string | null } {
  return {
    username: username.trim() ? null : 'credit.validation.usernameRequired',
    password: password ? null : 'credit.validation.passwordRequired',
  };
}

/** The banks whose name holds the typed text, case-insensitively (companion §2 "Bank details"); all for no text. */
export function filterBanks(banks: readonly Bank[], text: string): Bank[] {
  const wanted = text.trim().toLowerCase();
  return wanted ? banks.filter((b) => b.name.toLowerCase().includes(wanted)) : [...banks];
}

/** The account number as typed: numeric, at most 10 digits (companion §5). */
export const accountDigits = (value: string) => digitsOnly(value, ACCOUNT_NUMBER_LENGTH);

/** "Show loan deals" needs an institution and a 10-digit account number (companion §2). */
export function canShowDeals(bank: Bank | null, accountNumber: string): boolean {
  return bank !== null && /^\d+$/.test(accountNumber) && accountNumber.length === ACCOUNT_NUMBER_LENGTH;
}

/** The offers in the list's order: bank providers first (companion §2 "Offers list"), each group as the API gave it. */
export function orderOffers(offers: readonly Offer[]): Offer[] {
  return [...offers.filter((o) => o.provider.isBank), ...offers.filter((o) => !o.provider.isBank)];
}

/** The offers shown: only the bank providers' at first, if there are any, until "See more options" (companion §2). */
export function shownOffers(offers: readonly Offer[], showAll: boolean): Offer[] {
  const ordered = orderOffers(offers);
  const banks = ordered.filter((o) => o.provider.isBank);
  return showAll || banks.length === 0 ? ordered : banks;
}

/** Is there anything behind "See more options"? */
export function hasMoreOffers(offers: readonly Offer[], showAll: boolean): boolean {
  return shownOffers(offers, showAll).length < offers.length;
}

/**
 * The API's refusal carried by a failed credit call: a 200 answer whose responseCode is not the call's success
 * (companion §8 "treat any responseCode other than 00 (T0 for token request) as an error carrying the response
 * body"). Null for a call that failed otherwise (non-200, network, timeout).
 */
export function refusalOf(error: unknown): CreditAnswer | null {
  if (!(error instanceof HttpError) || error.code !== 'invalid') return null;
  const body = error.body as CreditAnswer | undefined;
  return body && typeof body.responseCode === 'string' ? body : null;
}

/** OTP generation's failure (companion §8): LS1 and LS3 "Invalid phone number provided."; anything else the generic. */
export function generateProblem(error: unknown): Problem {
  const code = refusalOf(error)?.responseCode ?? '';
  return { key: INVALID_PHONE_CODES.includes(code) ? 'credit.error.invalidPhone' : 'core.error.default' };
}

/** The error message a refusal carries (the field the API names it in varies). */
function errorMessage(r: CreditAnswer): string {
  const m = r.message ?? r.errorMessage ?? r.responseMessage;
  return typeof m === 'string' ? m : '';
}

/** A refusal's own description, or the generic message. */
export function describedProblem(r: CreditAnswer | null): Problem {
  return r?.responseDescription ? { text: r.responseDescription } : { key: 'core.error.default' };
}

/**
 * OTP validation's failure (companion §8): non-200 the generic message; T1 its error message, where
 * INVALID_TOKEN_SUPPLIED reads "OTP supplied is invalid. Please try again"; otherwise the description or the generic.
 */
export function validateProblem(error: unknown): Problem {
  const r = refusalOf(error);
  if (!r) return { key: 'core.error.default' };
  if (r.responseCode === CODE_INVALID_OTP) {
    const message = errorMessage(r);
    if (message === INVALID_TOKEN_SUPPLIED) return { key: 'credit.error.invalidOtp' };
    if (message) return { text: message };
  }
  return describedProblem(r);
}

/** How the offers call failed (companion §8): none to offer, the API's own description, or a failure to retry. */
export type OffersFailure = { kind: 'none' } | { kind: 'described'; text: string } | { kind: 'failed' };

/** The offers answer without any offer: "An empty offers list is treated as an error" (companion §5). */
export class NoOffers extends Error {
  constructor() {
    super('No offer available');
    this.name = 'NoOffers';
  }
}

export function offersFailure(error: unknown): OffersFailure {
  if (error instanceof NoOffers) return { kind: 'none' };
  const r = refusalOf(error);
  return r?.responseDescription ? { kind: 'described', text: r.responseDescription } : { kind: 'failed' };
}

/**
 * May the PIN be submitted (companion §6)? Only with the payment, an offer and a customer: otherwise "Sorry you do
 * not have sufficient permission to perform this operation."
 */
export function mayTokenise(paymentId: string | undefined, offer: Offer | null, customerId: string): boolean {
  return !!paymentId && offer !== null && customerId !== '';
}
