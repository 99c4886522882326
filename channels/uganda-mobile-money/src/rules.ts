import type { MobileMoneyDetails } from './api';
import { isTelco } from './constants';
import type { Telco } from './constants';

/**
 * The form's rule (companion §5): Pay is enabled only when a biller is chosen and a number or wallet ID is given
 * (spaces around it do not count). Answers what the notification sends, or null while the rule is not met.
 */
export function detailsOf(form: { telco: Telco | ''; customerId: string }): MobileMoneyDetails | null {
  const customerId = form.customerId.trim();
  return isTelco(form.telco) && customerId !== '' ? { telco: form.telco, customerId } : null;
}

/**
 * The number or wallet ID's message (spec core §5 "Wallet": "Wallet ID is required"): once the payer has left the
 * field, an empty one (spaces do not count) says so; Pay stays disabled meanwhile (companion §5).
 */
export function customerIdError(form: { customerId: string; customerIdLeft: boolean }): string | null {
  return form.customerIdLeft && form.customerId.trim() === '' ? 'uganda-mobile-money.idRequired' : null;
}
