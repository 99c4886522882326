import type { PaymentProps } from '@oja/core';

type EscrowTerms = Pick<PaymentProps, 'escrowFee' | 'cancellationPeriod' | 'refundDuration' | 'escrowAccepted'>;

/**
 * The escrow screen shows (and the header hides) while the payment carries all three of the fee, the cancellation
 * period and the refund duration and the payer has not accepted them yet (companion §2 "Escrow screen").
 */
export function holdsInEscrow(p: EscrowTerms): boolean {
  const present = (v: number | undefined) => v !== undefined && v !== null && Number.isFinite(v);
  return present(p.escrowFee) && present(p.cancellationPeriod) && present(p.refundDuration) && !p.escrowAccepted;
}

/** The fee in minor units: the API gives it in major units, and the screen shows it ×100 in the currency (companion §9). */
export function escrowFeeMinor(fee: number): number {
  return Math.round(fee * 100);
}

/** The translation key of a period in days: one day, or several. */
export const daysKey = (count: number) => (count === 1 ? 'escrow.day' : 'escrow.days');
