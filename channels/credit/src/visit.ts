import { createAsyncSlot, defineVisit } from '@oja/core';
import type { CardSecret, Sealed } from '@oja/card/steps';
import type { Bank, Customer, Offer } from './api';
import type { Problem } from './rules';

/**
 * The steps of pay on credit (companion §2 "Pay on credit page", §4 "Credit"), in order: phone sign-in, its OTP,
 * or the wallet sign-in; bank details; the offers; the card's details and PIN (lenders that are not banks); the
 * OTP that accepts the offer.
 */
export type CreditStep = 'phone' | 'signInOtp' | 'wallet' | 'bank' | 'offers' | 'card' | 'pin' | 'otp';

function createCreditState() {
  return {
    step: 'phone' as CreditStep,
    /** The steps behind this one: Back moves one step (companion §4). */
    history: [] as CreditStep[],
    /** A call of the current step is in flight: a second press sends nothing. */
    busy: false,
    /** What the current step shows under its form. */
    problem: null as Problem | null,
    /** The sign-in phone, digits. */
    phone: '',
    /** Server-clock ms the last OTP was sent: the 60 s resend countdown runs from it. */
    otpSentAt: 0,
    /** The signed-in customer (companion §3 "authenticated", "userData", "customerId", "walletCards"). */
    customer: null as Customer | null,
    banks: createAsyncSlot<Bank[]>(),
    /** The institution chosen on bank details (companion §3 "bankProvider"), and its account number. */
    bank: null as Bank | null,
    accountNumber: '',
    /** The payer went on with their bank account (Show loan deals) rather than Skip. */
    withAccount: false,
    offers: createAsyncSlot<Offer[]>(),
    /** "See more options" pressed: every lender's offers, not only the banks'. */
    showAllOffers: false,
    selectedOffer: null as Offer | null,
    /** The bank's OTP request (companion §3 "otpRequestReference"). */
    otpRequestReference: '',
    /** Where the token's OTP went (a masked phone), when the API says. */
    otpTarget: '',
    /** Token requests refused so far: the PIN pad starts afresh after each. */
    pinRefusals: 0,
  };
}
export type CreditState = ReturnType<typeof createCreditState>;

/** The card as typed and sealed with its PIN: never in the proxy, a snapshot, storage or a log. */
export interface CreditSecrets {
  card: CardSecret | null;
  sealed: Sealed | null;
}

function wipe(s: CreditSecrets): void {
  s.card = null;
  s.sealed = null;
}

/** One visit of pay on credit. Ended by core on Retry, a change of method and leaving; the card is wiped then. */
export const creditVisit = defineVisit<CreditState, CreditSecrets>({
  channel: 'credit',
  create: createCreditState,
  secret: () => ({ card: null, sealed: null }),
  end: (visit) => wipe(visit.secret),
});

export { wipe as wipeCard };
