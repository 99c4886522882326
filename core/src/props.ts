import type { DisplayMode } from '@oja/sdk/schema';

/** How the checkout returns its result: a form POST (REDIRECT) or a postMessage to the embedding page (the SDK's modes). */
export type { DisplayMode };

export interface NonCardOption {
  payableCode?: string;
  providerCode: string;
  enabled: boolean;
  additionalInformation?: Record<string, unknown>;
}

export interface PayItem {
  name: string;
  amount: number;
  currencyCode: string;
  payableCode: string;
  merchantCode: string;
  transactionReference: string;
}

/** The payment properties of spec core §3, as the collections API's pay-page answers them. */
export interface PaymentProps {
  merchantCode: string;
  paymentId: string;
  payableCode: string;
  merchantTransactionReference: string;
  transactionType?: string;
  transactionDate?: string;
  /** Minor units. */
  amount: number;
  /** Amount plus surcharge, minor units. */
  checkoutAmount: number;
  surcharge: number;
  /** ISO 4217 numeric. */
  currencyCode: string;
  countryCode: string;
  passFeeToCustomer: boolean;
  merchantName: string;
  customerId?: string;
  customerName?: string;
  customerEmail?: string;
  customerMobileNo?: string;
  payItemName?: string;
  siteRedirectUrl: string;
  /** Origin of siteRedirectUrl: the only origin that ever receives a message. */
  siteOrigin: string;
  displayMode: DisplayMode;
  responseCode: string;
  isSinglePaymentMode?: boolean;
  logoUrl?: string;
  acquiredBy: string;
  isBulkPayment?: boolean;
  payItems?: PayItem[];
  accessToken?: string;
  accessTokenType?: string;
  /** Channel codes the merchant accepts (CARD, TRANSFER, ...). */
  paymentChannels: string[];
  nonCardOptions: NonCardOption[];
  escrowFee?: number;
  cancellationPeriod?: number;
  refundDuration?: number;
  tucRewardPercentage?: number;
  tucRewardDescription?: string;
  /** The collections API says the payer already opted in to the cashback of this payment (companion §3). */
  tucAccepted?: boolean;
  /** The collections API says the payer already accepted this payment's escrow terms (companion §3). */
  escrowAccepted?: boolean;
  /**
   * The merchant's Cybersource device-fingerprint ids (companion §3): with both, a card payment loads the
   * device-fingerprint script, keyed by them and the payment id (companion §7).
   */
  cybersourceOrgId?: string;
  cybersourceMerchantId?: string;
}

/** Facts about where the page runs, decided by the server, not the merchant. */
export interface PageEnv {
  /** Opaque token naming this payment's session on the checkout server (kept in every URL). */
  session: string;
  locale: 'en' | 'fr';
  /** The embedded sandbox collections API is on: shows the demo panel and simulate controls. */
  sandbox: boolean;
  /** Base of the collections API as seen from the browser ('' = same origin). */
  apiBase: string;
  /**
   * Build key of each lazily loaded part this page may load (its channels', core's, the gates', its branding's)
   * -> that part's stylesheet URL. A part without a stylesheet has no entry: a missing key means none.
   */
  screenCss: Record<string, string>;
  /**
   * Names this rendering of the session's page. A reload's new page is requested before the old one says it
   * is leaving, so the server ignores a leave signal from a page that is no longer the latest. Optional: none
   * in tests and stories.
   */
  pageId?: string;
  /**
   * Per-channel settings by channel id (client ids, public keys, the pay-with-app client the spec has the page
   * authenticate as): from the sandbox parts when the sandbox is on, otherwise from the JSON in
   * CHECKOUT_CHANNEL_SETTINGS. Every payer's browser sees them: never a secret the server alone should hold.
   */
  channelSettings?: Record<string, Record<string, string>>;
  /**
   * The language a URL without `lang` speaks: the browser's Accept-Language (CONTRACT §5). URLs name another
   * language explicitly, so a payer's choice survives a reload. Optional: English in tests and stories.
   */
  browserLocale?: 'en' | 'fr';
  /**
   * The outside origins this payment's channels may load from, by source key (OutsideSource): only the keys of
   * the channels the payment can use, as the page's Content-Security-Policy allows them. Optional: none in tests
   * and stories, and on pages outside a payment.
   */
  sources?: Record<string, string[]>;
  /**
   * Subresource Integrity of the stylesheets the shell inserts later (a lazy screen's), by URL: a stylesheet
   * changed on the way is refused. Optional: none in tests and stories.
   */
  integrity?: Record<string, string>;
}

/** Is this provider code offered and enabled in the merchant's options? */
export function isOffered(props: Pick<PaymentProps, 'nonCardOptions' | 'paymentChannels'>, code: string): boolean {
  const option = props.nonCardOptions.find((o) => o.providerCode === code);
  if (option) return option.enabled;
  return props.paymentChannels.includes(code);
}

/** A provider of a merchant's option (companion §3: CUSTOMER_WALLET's additionalInformation.providers). */
export interface OptionProvider {
  id: string;
  /** The provider's type: 'OPAY' (compared case-insensitively). */
  code: string;
  description: string;
  countryCode: string;
}

/**
 * The well-formed providers of an enabled option (additionalInformation.providers), in the API's order; none when
 * the option is not offered. An entry without an id or a code is left out: the payer could not pay through it.
 */
export function optionProviders(props: Pick<PaymentProps, 'nonCardOptions'>, code: string): OptionProvider[] {
  const option = props.nonCardOptions.find((o) => o.providerCode === code && o.enabled);
  const list = option?.additionalInformation?.providers;
  if (!Array.isArray(list)) return [];
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
  return list.flatMap((item: Record<string, unknown> | null) => {
    const provider = { id: text(item?.id), code: text(item?.code), description: text(item?.description), countryCode: text(item?.countryCode) };
    return provider.id && provider.code ? [provider] : [];
  });
}

/** Does the enabled option list a provider of this type (case-insensitive)? */
export function offersProvider(props: Pick<PaymentProps, 'nonCardOptions'>, code: string, type: string): boolean {
  return optionProviders(props, code).some((p) => p.code.toLowerCase() === type.toLowerCase());
}
