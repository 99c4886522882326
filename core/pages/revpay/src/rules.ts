import { PAY_RULES } from '@oja/sdk/schema';

/** The revenue flow pays in naira (companion §7, §9). */
export const NAIRA = '566';
/** A phone number is 11 digits (companion §5, §9). */
export const PHONE_LENGTH = 11;
/** Minor units per naira: the form's amount ×100 for the payment, ÷100 for notify (companion §9). */
export const KOBO_PER_NAIRA = 100;
/** The form's path and the success page's (companion §2 routes). */
export const FORM_PATH = '/revpay';
export const SUCCESS_PATH = '/revpay-success';

/**
 * A reference as the page takes it: letters, digits, `_ . -`, at most 40, so that the payment's `txn_ref` (the
 * reference, ':' and a suffix) stays within CONTRACT §2's 64 and the reference can be read back from it.
 */
export const REFERENCE_PATTERN = /^[A-Za-z0-9_.-]{1,40}$/;
export const isReference = (ref: string | null | undefined): ref is string => !!ref && REFERENCE_PATTERN.test(ref);

/**
 * The payment's merchant reference for one submission: the bill's reference and a suffix, so that paying part of a
 * bill, or again after a cancellation, is a new payment of the same bill (the same txn_ref names one payment).
 */
export const txnRefFor = (ref: string, now: number) => `${ref}:${now.toString(36)}`;
/** The bill's reference of a payment's txn_ref (txnRefFor), or undefined when it is not one. */
export function referenceOf(txnRef: string | undefined): string | undefined {
  const ref = txnRef?.slice(0, Math.max(0, txnRef.lastIndexOf(':')));
  return isReference(ref) ? ref : undefined;
}

/** What the form sends (companion §5: all compulsory). */
export interface RevpayFields {
  phone: string;
  email: string;
  amount: string;
}

/** A field's message key (revpay.*), per field; none when every rule holds. */
export type RevpayErrors = Partial<Record<keyof RevpayFields, string>>;

/** Reads a typed amount in naira as kobo: digits, an optional two-decimal fraction, never starting with 0. */
export function amountInKobo(typed: string): number | undefined {
  const text = typed.replace(/[\s,]/g, '');
  if (!/^[1-9]\d{0,11}(\.\d{1,2})?$/.test(text)) return undefined;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * KOBO_PER_NAIRA + Number(fraction.padEnd(2, '0'));
}

/** The form's rules and messages (companion §5), against the amount due in kobo. */
export function validateRevpay(f: RevpayFields, dueKobo: number): RevpayErrors {
  const errors: RevpayErrors = {};
  const phone = f.phone.replace(/\s/g, '');
  if (!phone) errors.phone = 'revpay.phoneRequired';
  else if (!new RegExp(`^\\d{${PHONE_LENGTH}}$`).test(phone)) errors.phone = 'revpay.phoneInvalid';
  const email = f.email.trim();
  if (!email) errors.email = 'revpay.emailRequired';
  else if (!PAY_RULES.cust_email.pattern.test(email) || email.length > PAY_RULES.cust_email.max) errors.email = 'revpay.emailInvalid';
  const amount = f.amount.trim();
  const kobo = amountInKobo(amount);
  if (!amount) errors.amount = 'revpay.amountRequired';
  else if (kobo === undefined) errors.amount = 'revpay.amountInvalid';
  else if (kobo > dueKobo) errors.amount = 'revpay.amountTooHigh';
  return errors;
}

/** Notify's amount: major units, as a string (companion §7, §9). */
export const notifyAmount = (kobo: number) => (kobo / KOBO_PER_NAIRA).toFixed(2);
