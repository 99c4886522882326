import type { PaymentProps } from '@oja/core';

/**
 * The cashback screen shows before method choice when the payment carries a reward percentage and description and
 * the payer has not opted in yet (companion §2 "Cashback screen"). A percentage of 0 is no reward.
 */
export function offersCashback(p: Pick<PaymentProps, 'tucRewardPercentage' | 'tucRewardDescription' | 'tucAccepted'>): boolean {
  return (p.tucRewardPercentage ?? 0) > 0 && !!p.tucRewardDescription?.trim() && !p.tucAccepted;
}

/** The value typed, as sent: a phone number or loyalty cash ID, trimmed; empty is refused (companion §5). */
export function cashbackValue(typed: string): string | null {
  const value = typed.trim();
  return value === '' ? null : value;
}
