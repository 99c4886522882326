import type { PageEnv, PaymentProps } from './props';
import type { Locale, Messages } from './i18n';
import type { GateDecision } from './gates';
import type { PagePlan } from './plan';
import type { TransactionResponse } from './state/checkout';

/** Id of the non-executable JSON block that carries the page's data from server to client. */
export const PAGE_DATA_ID = 'oja-data';
export const ROOT_ID = 'oja-root';

export interface PageData {
  props: PaymentProps;
  env: PageEnv;
  /** What the page may show, the route it draws among it (the server's plan: the shell reads it as it is). */
  plan: PagePlan;
  referrer?: string;
  /** What the server fetched for the first screen, by channel id. */
  prefetched?: Record<string, unknown>;
  /** The gates passed on this page's session (CheckoutState.gates). */
  gates?: Record<string, GateDecision>;
  /**
   * Where the payment stood when the page was asked for, when that is a result (paid, expired, cancelled or an
   * attempt failed): the page opens on it, and delivers it as if its own poll had seen it (paymentStanding).
   */
  result?: TransactionResponse;
  /** Server clock when the page was rendered, ms. */
  serverNow: number;
  /**
   * The initial route's strings (core's, the channels' rows and cancel wording, the brandings') in the page's
   * language, and in the other one too when the branding offers the language toggle. The browser bundle leaves
   * them out (scripts/build/build.mjs), so a payer downloads one language rather than every one.
   */
  messages?: Partial<Record<Locale, Messages>>;
}

/** JSON safe inside <script type="application/json">: no "</script>" or comment openers can close it. */
export function serializePageData(data: PageData | PageScreenData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * A page's header in a payment's look (PayeeHeader): who is paid and how much, for a page that asks for a payment
 * (the revenue bill's agency and amount due).
 */
export interface PageHeader {
  /** Who is paid. Text, never markup. */
  payee: string;
  /** Minor units of `currencyCode`; none, no amount shown. */
  amount?: number;
  /** ISO 4217 numeric, e.g. '566'. */
  currencyCode?: string;
}

/** What a page outside a payment shows (PagePlugin.screen reads it with usePageView). */
export interface PageView<T = unknown> {
  /** The page plugin's id. */
  page: string;
  /** The path served: one of the page's paths. */
  path: string;
  /** What the page's `serve` answered its screen with (JSON). */
  data: T;
  /** The payment's header above the screen (PageAnswer's `header`); none, the page has none. */
  header?: PageHeader;
}

/** The data of a page outside a payment, carried like PageData in the same block, to hydrate its screen. */
export interface PageScreenData {
  view: PageView;
  locale: Locale;
  /** Core's and the page's strings in the page's language (the browser bundle leaves them out, as for PageData). */
  messages: Messages;
}

/** Is the page's data a page outside a payment's (rather than a payment's)? */
export const isPageScreenData = (data: PageData | PageScreenData): data is PageScreenData => 'view' in data;
