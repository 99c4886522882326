/** The section's pages under the channel's path (companion §2: /payment/drc-mobile-money/ussd). */
export const PAGES = {
  /** The USSD notification and status page, after the payment call answered 00. */
  ussd: '/ussd',
} as const;
