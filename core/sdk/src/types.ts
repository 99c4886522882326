import type { CheckoutResult, DisplayMode } from './payRules';

export type { CheckoutResult, DisplayMode };

/** Which checkout a request goes to: the sandbox (TEST) or the one that takes real money (LIVE). */
export type CheckoutMode = 'TEST' | 'LIVE';

/**
 * The pay fields of CONTRACT §2, posted to the checkout's `POST /pay` as they are (snake_case). Numbers are
 * sent as text; empty optional fields are left out. Any further field (the sandbox's `channels`, `acquirer`…)
 * is posted too.
 */
export interface PayFields {
  merchant_code: string;
  pay_item_id: string;
  /** The merchant's reference, unique per payment: the result carries it back as `txnref`. */
  txn_ref: string;
  /** Minor units, a positive whole number (150000 is NGN 1,500.00). */
  amount: number | string;
  /** ISO 4217 numeric: 566 NGN, 840 USD, 800 UGX… */
  currency: number | string;
  /**
   * Absolute `http:`/`https:` URL. Its origin is the merchant's declared origin: in INLINE and POPUP it must be
   * the page's own origin (the result is sent to that origin only); in REDIRECT the result is POSTed to it.
   */
  site_redirect_url: string;
  cust_email?: string;
  cust_name?: string;
  cust_id?: string;
  cust_mobile_no?: string;
  pay_item_name?: string;
  /** Default `INLINE`. */
  display_mode?: DisplayMode;
  access_token?: string;
  access_token_type?: string;
  /** The checkout's language, `en` (default) or `fr`; the overlay's own words follow it. */
  lang?: 'en' | 'fr';
  [field: string]: unknown;
}

export type CheckoutErrorCode =
  /** A field is missing or invalid: `field` names it. Nothing was opened. */
  | 'INVALID_REQUEST'
  /** The checkout did not say it was ready in time (network down, wrong base, refused by a CSP). */
  | 'CHECKOUT_UNREACHABLE'
  /** The browser refused the popup: open it from the payer's click. */
  | 'POPUP_BLOCKED'
  /** A checkout opened by this page is still open. */
  | 'ALREADY_OPEN'
  /** Anything else that went wrong inside the SDK. */
  | 'UNEXPECTED';

export interface CheckoutError extends Error {
  code: CheckoutErrorCode;
  /** The request field at fault, for INVALID_REQUEST. */
  field?: string;
}

export interface CheckoutCallbacks {
  /**
   * The checkout's result, exactly once per opened checkout: the checkout's own, or, when the payer closes it
   * first, a cancellation (`resp` `Z6`, just before onClose). Verify it on your server.
   */
  onComplete?: (result: CheckoutResult) => void;
  /** The payer closed the checkout without a result (or the page called `close()`): after onComplete's Z6. */
  onClose?: () => void;
  /** The checkout is ready (its INITIALIZED message). */
  onLoad?: () => void;
  /** A bad request, an unreachable checkout, a blocked popup. Without it, errors go to the console. */
  onError?: (error: CheckoutError) => void;
}

export interface CheckoutRequest extends PayFields, CheckoutCallbacks {
  /** Chooses the checkout's base: see the README, "Embedding the checkout". */
  mode: CheckoutMode;
  /**
   * The checkout's origin, e.g. `https://checkout.example.com`, for either mode. Required with the ES module;
   * the script served at `/inline-checkout.js` knows its own.
   */
  checkoutBase?: string;
}

export interface CheckoutHandle {
  /** Closes the checkout if it is still open (then `onComplete` with a Z6 result, and `onClose`, are called). */
  close(): void;
}

/** The checkout base for each mode, as far as it is known. */
export type CheckoutBases = Partial<Record<CheckoutMode, string>>;

declare global {
  interface Window {
    /** Set by the script served at `/inline-checkout.js`. */
    webpayCheckout?: (request: CheckoutRequest) => CheckoutHandle;
  }
}
