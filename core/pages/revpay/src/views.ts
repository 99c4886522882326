import type { ReferenceDetails } from './api';
import type { RevpayErrors, RevpayFields } from './rules';

/**
 * What the revenue page's server answers its screen with (PageView data), one kind per view of companion §2
 * "Revenue screens": the form, the bill already paid, a reference that failed validation, the success page.
 */
export type RevpayView =
  | {
      kind: 'form';
      ref: string;
      details: ReferenceDetails;
      values: RevpayFields;
      errors: RevpayErrors;
      /** Why the last submission did not open a payment: a message key, or the API's own description. */
      failure?: { key: string } | { text: string };
    }
  | { kind: 'paid'; ref: string }
  | { kind: 'invalid' }
  | {
      kind: 'success';
      /** The payee. */
      agencyName: string;
      reference: string;
      payerName: string;
      /** Kobo. */
      amount: number;
      /** Written out by the server in the page's language (no clock or time zone left to the browser). */
      paidAt: string;
      receiptLink?: string;
    };

/** What the page keeps with the payment it opens (the spec's receipt info in the session), on the server. */
export interface RevpayState {
  ref: string;
  details: ReferenceDetails;
  /** Kobo. */
  amount: number;
  email: string;
  phone: string;
  /** When the success page first saw the payment paid, ms. */
  paidAt?: number;
  receiptLink?: string;
}

const isText = (v: unknown): v is string => typeof v === 'string';

/** A kept state as the success page trusts it: anything else is a corrupt record (companion §2: back to /). */
export function isRevpayState(s: unknown): s is RevpayState {
  if (!s || typeof s !== 'object') return false;
  const r = s as Record<string, unknown>;
  const d = r.details as Record<string, unknown> | undefined;
  return (
    isText(r.ref) &&
    isText(r.email) &&
    isText(r.phone) &&
    Number.isInteger(r.amount) &&
    (r.amount as number) > 0 &&
    (r.paidAt === undefined || typeof r.paidAt === 'number') &&
    (r.receiptLink === undefined || isText(r.receiptLink)) &&
    !!d &&
    typeof d === 'object' &&
    isText(d.payerName) &&
    isText(d.paymentReference) &&
    isText(d.agencyName) &&
    isText(d.revenueName)
  );
}
