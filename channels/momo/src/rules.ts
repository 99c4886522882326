import { PHONE_LENGTH } from './constants';

/**
 * The phone number rule (companion §5): exactly 11 digits. Spaces the payer types to group them ("080 1234 5678",
 * as the placeholder shows) do not count.
 */
export function validatePhone(value: string): { id: string } | { errorKey: string } {
  const digits = value.replace(/\s+/g, '');
  return new RegExp(`^\\d{${PHONE_LENGTH}}$`).test(digits) ? { id: digits } : { errorKey: 'momo.phoneInvalid' };
}
