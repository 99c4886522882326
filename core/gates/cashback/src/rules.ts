import type { PaymentProps } from '@oja/core';

/**
 * The cashback screen shows before method choice when the payment carries a reward percentage and description and
 * the payer has not opted in yet (companion §2 "Cashback screen"). A percentage of 0 is no reward.
 */
export function offersCashback(p: Pick<PaymentProps, 'tucRewardPercentage' | 'tucRewardDescription' | 'tucAccepted'>): boolean {
  return (p.tucRewardPercentage ?? 0) > 0 && !!p.tucRewardDescription?.trim() && !p.tucAccepted;
}

/** Longest value typed, characters: a loyalty cash ID of CASHBACK_ID_MAX_CHARS, or a phone number with its spaces. */
export const CASHBACK_VALUE_MAX_CHARS = 32;
/** A phone number: digits (and a leading +), 7 to 15 of them (E.164's longest; a Nigerian number is 11, spec §9). */
const PHONE = /^\+?\d{7,15}$/;
/** A loyalty cash ID: letters and digits (with . _ -), 4 to 32 characters. */
const LOYALTY_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{3,31}$/;

/** The value typed, read: as sent, or the message key of what is wrong with it. */
export type CashbackValue = { ok: true; value: string } | { ok: false; problem: 'cashback.required' | 'cashback.invalid' };

/**
 * The value typed, as sent: a phone number (its spaces and dashes left out) or a loyalty cash ID, trimmed. Empty is
 * "Please provide a value" (companion §5); anything else (10 KB of text, markup) is invalid. The screen and the
 * checkout server's call (onAccept) both read it here.
 */
export function cashbackValue(typed: string): CashbackValue {
  const value = typed.trim();
  if (value === '') return { ok: false, problem: 'cashback.required' };
  const phone = value.replace(/[\s-]/g, '');
  if (value.length <= CASHBACK_VALUE_MAX_CHARS && PHONE.test(phone)) return { ok: true, value: phone };
  if (LOYALTY_ID.test(value)) return { ok: true, value };
  return { ok: false, problem: 'cashback.invalid' };
}
