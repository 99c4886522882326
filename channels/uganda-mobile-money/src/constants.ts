/** Status request interval while the payer approves on the phone, ms (companion §4 "Uganda mobile money", §9). */
export const STATUS_POLL_MS = 2_000;

/** The mobile money providers a payer picks from: the value the API takes as `telco`, and the label's key. */
export const BILLERS = [
  { telco: 'MTN', label: 'uganda-mobile-money.billers.mtn' },
  { telco: 'Airtel', label: 'uganda-mobile-money.billers.airtel' },
] as const;

/** A biller's `telco` value (companion §2: MTN, Airtel). */
export type Telco = (typeof BILLERS)[number]['telco'];

export const isTelco = (v: unknown): v is Telco => BILLERS.some((b) => b.telco === v);
