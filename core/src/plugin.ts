import type { GateAcceptance } from './gates';
import type { ComponentType, ReactNode } from 'react';
import type { PaymentProps } from './props';
import type { Locale, MessageBundle, Messages } from './i18n';
import type { SandboxPart } from './sandboxPart';
import type { CallContext, Visit } from './state/visit';
import type { Http } from './http';
import type { PageHeader } from './pageData';

/** A screen module, loaded lazily with its stylesheet. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

/** What a status check answers: the response code, and the whole response for the result. */
export interface StatusAnswer {
  code: string;
  response: Record<string, unknown>;
}

/**
 * The status check's context: a channel call's (state/visit.ts), and the visit of the screen that asks. A check
 * that needs what its screen holds (a bearer token, the chosen wallet) reads it from `visit`, given by the screen
 * (useStatusPolling's `visit`, completeIfPaid's), never from its screen's modules. `S` is what the check reads of
 * the visit's state. Undefined when core asks on its own (the cancel dialog with no screen polling).
 */
export interface StatusContext<S extends object = object> extends CallContext {
  visit?: Visit<S, unknown>;
}

/**
 * What a status timing may depend on: the payment, and the facts the polling screen passes
 * (useStatusPolling's `params`, e.g. the DRC wallet chosen: `{ provider: 'ORANGE' }`).
 */
export interface StatusTimingContext {
  props: PaymentProps;
  params: Readonly<Record<string, unknown>>;
}

/** A duration in ms, fixed or worked out when polling starts. */
export type StatusTiming = number | ((ctx: StatusTimingContext) => number);

/** The channel's one status request; core's poller decides when it runs (STYLE §4). */
export interface StatusCheck {
  /** How often to ask while the answer is not final, ms. */
  intervalMs: number;
  /**
   * Wait before the first request, ms, from the moment the screen starts polling. Core's checkStatusNow(c) (the
   * sandbox's simulate control, a "I have authorized this payment" button) cuts it short. Default 0: at once.
   * DRC mobile money: `({ params }) => (params.provider === 'ORANGE' ? 1_380_000 : 4_000)`.
   */
  firstDelayMs?: StatusTiming;
  /**
   * Polling gives up this long after it starts, ms on the server's clock: no request starts after, the one in
   * flight is aborted, and the screen is told (useStatusPolling's `timedOut`, `onTimeout`) to show its own view.
   * Default: no limit (a screen may still pass an instant of its own, useStatusPolling's `deadline`).
   */
  timeoutMs?: StatusTiming;
  /** Wait before a retry after a failed request, ms (default: the interval, doubled per failure with jitter). */
  retryMs?: number;
  /** Codes that mean "keep asking" (default 09, S0 and Z0). */
  pendingCodes?: string[];
  check(ctx: StatusContext): Promise<StatusAnswer>;
}

/**
 * A picture the server draws into the page (drawnByServer): the browser keeps the server's markup and loads the
 * component only if it must draw the picture itself (a method list reopened after a deep link to a channel, a story).
 * So a row's icon or a branding's logo costs the initial route nothing but this object.
 */
export interface DrawnPicture {
  load: () => Promise<{ default: ComponentType }>;
}

/** A picture: a component in every bundle, or one the server draws (DrawnPicture). */
export type Picture = ComponentType | DrawnPicture;

/** A picture the server draws: `icon: drawnByServer(() => import('./TransferIcon'))` (the module's default export). */
export const drawnByServer = (load: DrawnPicture['load']): DrawnPicture => ({ load });

export interface MethodRow {
  /** Decorative icon (aria-hidden), usually drawn by the server. */
  icon: Picture;
  /** Translation keys, in the channel's own namespace. */
  title: string;
  /**
   * The description's key, or the key for a payment when it depends on it (the card's accepted brands follow the
   * acquirer: `(props) => …`). Kept pure and cheap: it runs on the initial route, at every render of the list.
   */
  description: string | ((props: PaymentProps) => string);
}

/** The translation key of a row's description for this payment. */
export const rowDescriptionKey = (row: MethodRow, props: PaymentProps): string =>
  typeof row.description === 'function' ? row.description(props) : row.description;

/** What the page loads from an outside source: the Content-Security-Policy directive that must allow it. */
export type SourceDirective = 'script' | 'frame' | 'connect' | 'img';

/**
 * An origin outside the checkout that a channel's pages need (a 3-D Secure issuer's page, a provider's script).
 * Named by a key, not an origin: a deployment maps each key to its origins (CHECKOUT_OUTSIDE_SOURCES; the
 * sandbox maps every key to its second origin), and the server allows them only on the pages of a payment that
 * can use a channel declaring the key. Keys name the outside party, so that a channel lending its steps to
 * another (the card's 3-D Secure to the wallet) lends the same key.
 */
export interface OutsideSource {
  /** Lower-case name of the outside party: '3ds-issuer', 'device-fingerprint'. */
  key: string;
  /** What the page loads from it. */
  directives: SourceDirective[];
  /** Why the page needs it: the script inventory of PCI DSS 6.4.3 lists it. */
  why: string;
}

export interface ChannelPlugin {
  /** Url-safe id and translation namespace: 'transfer'. */
  id: string;
  /** The collections API's channel code: 'TRANSFER'. */
  code: string;
  /** Route of the channel's screen; sub-routes nest below it. */
  path: string;
  /** Pure rule: may this payment use the channel? (spec core §5) */
  isAvailable(props: PaymentProps): boolean;
  /**
   * Offered beside anything (the card): kept in every market (markets.ts lists only what each market adds), and
   * never opened by itself as a lone option, since "exactly one enabled non-card option" is what opens by itself
   * (spec core §2 "Method list"). Default false.
   */
  baseline?: boolean;
  /**
   * Pays a bulk payment (the card, through the bulk payments endpoint): a bulk payment opens this channel at once
   * (spec core §2 "Method list"). Default false; with several, the first in list order.
   */
  bulk?: boolean;
  /**
   * Pays with a card (the card, saved cards, Google Pay): a failure's code reads in the spec's card words ("use a
   * different card"). Any other channel's failures read in its method's terms ("choose another payment method").
   * Default false.
   */
  paysByCard?: boolean;
  /** Position in the method list, lower first. Default 100. */
  order?: number;
  /** The method-list row; a channel without one is reachable only by route. */
  row?: MethodRow;
  screen?: ScreenLoader;
  /**
   * Data for the first screen, fetched by the server so the screen arrives complete in the HTML (the
   * transfer's account). A failure is ignored: the screen then fetches for itself.
   */
  prefetch?(ctx: StatusContext): Promise<unknown>;
  status?: StatusCheck;
  messages: { en: Messages; fr: Messages };
  /** Translation keys for the cancel dialog while this channel is ongoing (companion §2). */
  cancelDialog?: { subtitle: string; close: string };
  /**
   * The customer-wallet provider type this channel pays for (companion §2 "Customer wallet screen"): 'opay'. The
   * wallet list finds the installed wallets by it (registry.wallet(type)), so a provider whose wallet is not
   * installed is not listed; core names none. A wallet is reached through that list (or its own row), so it never
   * opens by itself as a lone option. Lower case; one channel per type.
   */
  walletType?: string;
  /**
   * A success the channel shows on its own screen (MoMo and Pocket: "Payment Successful!", then the redirect after
   * 5 s, companion §2, §9). On a 00 result the shell keeps the channel's screen, which draws its success view from
   * the result, instead of core's result screen, and returns the result to the merchant `deliverAfterMs` later
   * (ms). Default: core's result screen, returned at once.
   */
  successView?: { deliverAfterMs: number };
  /** Handles a merchant's access-token sign-in (the wallet): core opens this channel when a token comes. */
  acceptsAccessToken?: boolean;
  /**
   * Ids of the channels whose steps this one's payments continue into (Google Pay and the wallet into the card's
   * PIN, OTP and 3-D Secure routes). Whenever this channel is available, their routes are routed, their modules
   * may load and their outside sources are allowed, even where the payment does not offer them as methods of their
   * own (no row). Each must be installed.
   */
  continuesInto?: string[];
  /** The channel's part of the sandbox collections API; present only in server builds. */
  sandbox?: SandboxPart;
  /**
   * Origins outside the checkout the channel's pages load from (see OutsideSource). Default none. Like `sandbox`,
   * set by the server build of the plugin (its "oja-server" export): the server writes the page's policy, and the
   * browser never needs the list.
   */
  sources?: OutsideSource[];
}

/**
 * A screen shown before method choice while its condition holds and the payer has not yet passed it (companion §2
 * "Cashback screen", "Escrow screen"). Core names none: a gate is installed like a channel. Its screen ends it with
 * core's useGate(): accept() or skip(), after whatever call accepting makes (the cashback opt-in); core records
 * the decision for the page's session, so it is not shown again, reload included.
 */
export interface GatePlugin {
  /** Url-safe id and translation namespace: 'escrow'. */
  id: string;
  /**
   * Pure rule: does this payment stop at the gate? Read from the payment alone (its fields and what the API says
   * was already accepted, such as `tucAccepted`); core adds "not yet accepted or skipped on this page".
   */
  condition(props: PaymentProps): boolean;
  /** The gate's screen, loaded lazily (build key `gate-<id>`), rendered on the server when the gate is first. */
  screen: ScreenLoader;
  /** Hides the page's header while the gate is pending (escrow: "While this condition holds the header is hidden"). Default false. */
  hidesHeader?: boolean;
  /** Position among pending gates, lower first. Default 100. */
  order?: number;
  /**
   * The payer must agree to pass (escrow's terms): the gate cannot be skipped, and the checkout server records the
   * agreement with its time in the session (`SessionRecord.agreements`); a page shows the gate until it has one.
   * Default false (cashback may be skipped).
   */
  needsAgreement?: boolean;
  /**
   * The gate screen's strings, namespaced by id. They reach the browser in the page data of a payment that meets
   * the condition only (the browser build leaves `src/messages.ts` empty, as for channels).
   */
  messages: { en: Messages; fr: Messages };
  /** The gate's part of the sandbox collections API (the cashback opt-in); present only in server builds. */
  sandbox?: SandboxPart;
  /**
   * The gate's own call when the payer accepts (the cashback opt-in), made by the checkout server for the page's
   * session, so that only a payment's own page can accept for it (the browser names no payment); present only in
   * server builds. Throws GateRefusal to refuse, with what the payer is shown. The shell sends the page's fields
   * with `useGate().acceptWith`.
   */
  onAccept?(call: GateAcceptance): Promise<void>;
}

export interface BrandingPlugin {
  /** Matches PaymentProps.acquiredBy ('' for the default branding). */
  acquirer: string;
  /** Class carrying the branding's design tokens as CSS custom properties. */
  className: string;
  /** The acquirer's logo, shown in the header when the merchant has none and in the "powered by" footer; usually drawn by the server. */
  Logo: Picture;
  /** Shows the EN/FR toggle (MUL). */
  languageToggle?: boolean;
  /** Acquirer channel policy by channel code: allow only these, or force these on. */
  channels?: { only?: string[]; force?: string[] };
  /** Extra routes (ZIB's terms of use). */
  routes?: Array<{ path: string; screen: ScreenLoader; linkLabel?: string }>;
  messages: { en: Messages; fr: Messages };
}

/** A request to one of a page's paths, as the checkout server hands it to the page. */
export interface PageRequest {
  /** A HEAD request is served as a GET. */
  method: 'GET' | 'POST';
  /** The path asked for: one of the page's `paths`. */
  path: string;
  query: URLSearchParams;
  /** The fields of a POSTed form (`application/x-www-form-urlencoded`); `{}` for a GET. */
  body: Record<string, string>;
}

/**
 * The payment a page opened, found by the session token (`p`) on the URL. Only the page that opened a payment
 * sees it: another page, or a payment a merchant started, gives none.
 */
export interface PagePayment<S> {
  props: PaymentProps;
  /** What the page kept when it opened the payment (`openPayment`'s `state`), on the server. */
  state: S;
  /**
   * Replaces the kept state (say, a receipt link once fetched). JSON only: it lives in the session store, which may
   * be shared by every instance; resolves once kept.
   */
  setState(state: S): Promise<void>;
  /**
   * Does the collections API say this payment is paid (the requery answers 00)? A success page asks, rather than
   * trusting the URL the payer followed.
   */
  isPaid(): Promise<boolean>;
}

/**
 * What opening a payment came to. `opened`: the checkout session exists; answer `{ kind: 'checkout', session }`
 * to show it. Otherwise nothing was charged and the page says why in its own words: `invalid` (the fields failed
 * CONTRACT §2's checks), `refused` (the pay-page call answered another code than 00), `paid` (the reference is
 * already paid) or `unreachable` (the collections API did not answer after every try).
 */
export type PaymentOpening =
  | { opened: true; session: string }
  | { opened: false; reason: 'invalid' | 'refused' | 'paid' | 'unreachable'; responseCode: string; responseDescription: string };

/** What the checkout server gives a page's `serve` for one request. */
export interface PageContext<S = unknown> {
  request: PageRequest;
  /** The language of the answer: `lang` on the URL, else the browser's Accept-Language (CONTRACT §5). */
  locale: Locale;
  /** The embedded sandbox collections API is on. */
  sandbox: boolean;
  /** Core's HTTP client to the collections API (timeouts, errors with a code). */
  http: Http;
  /**
   * An absolute URL of a path on this checkout, as the payer reached it: a payment's `site_redirect_url` that
   * brings it back to one of the page's paths (`completionPath`).
   */
  selfUrl(path: string): string;
  /** The payment this page opened, when the URL names its session (`?p=`). */
  payment?: PagePayment<S>;
  /**
   * Creates a payment exactly as `POST /pay` does (the same fields and checks, the pay-page call with its retries,
   * the "already paid" requery) and, when the API answers 00, its checkout session, keeping `state` with it for
   * the page's later requests. Nothing is rendered: the page answers.
   */
  openPayment(fields: Record<string, string>, state: S): Promise<PaymentOpening>;
}

/**
 * A page's answer. `document`: server-rendered HTML with no script (`content` is rendered with the page's
 * strings). `screen`: the page's `screen` module rendered with `data` in the HTML and hydrated in the browser
 * (`usePageView()` from `@oja/core/page` gives it the data). `redirect`: 303 to a path of this checkout. `checkout`: the checkout on
 * the payment `openPayment` opened, answered at once as `POST /pay` answers it. `title` is a translation key.
 */
export type PageAnswer =
  | { kind: 'document'; status?: number; title: string; content: ReactNode }
  | { kind: 'screen'; status?: number; title: string; data?: unknown; header?: PageHeader }
  | { kind: 'redirect'; to: string }
  | { kind: 'checkout'; session: string };

/**
 * A page outside a payment: paths of its own on the checkout, served before any payment exists (the revenue
 * form, the checkout's home). It may open a payment, and have the payment come back to it on success.
 */
export interface PagePlugin<S = unknown> {
  /** Url-safe id and translation namespace: 'revenue'. */
  id: string;
  /** The paths the page answers, exactly (no sub-paths): ['/revpay', '/revpay-success']. */
  paths: readonly string[];
  /** The methods it answers; others get 405. Default ['GET'] (HEAD comes with GET). */
  methods?: ReadonlyArray<'GET' | 'POST'>;
  /**
   * Answers one request: checks what came, calls the API, opens a payment, says what to show. Present only in
   * server builds (a package export condition "oja-server", like a channel's sandbox part). A throw is a 500:
   * bad input is the page's to answer.
   */
  serve?(ctx: PageContext<S>): PageAnswer | Promise<PageAnswer>;
  /**
   * The module of the page's hydrated screens (one lazy chunk, like a channel's `screen`): its default export
   * reads `usePageView()` (path and data) and shows the view for them. A page that answers only `document`s
   * needs none, and its pages carry no script.
   */
  screen?: ScreenLoader;
  /**
   * One of `paths`: a payment whose siteRedirectUrl is this path on the checkout's own origin comes here on
   * success (00), with its session (`?p=`), instead of the result going to a merchant (companion §4 "Shell on
   * completion"). Other results reach that URL as a merchant's would (a form POST in REDIRECT mode).
   */
  completionPath?: string;
  messages: MessageBundle;
  /** The page's part of the sandbox collections API (the revenue reference and receipt); present only in server builds. */
  sandbox?: SandboxPart;
}

/**
 * Paths the checkout answers itself (spec routes, the server's own): a page may claim none of them, nor any
 * path below them.
 */
export const RESERVED_PATHS = [
  '/pay',
  '/payment',
  '/payment-methods',
  '/session',
  '/assets',
  '/api',
  '/passport',
  '/sandbox',
  '/collections',
  '/healthz',
  '/favicon.ico',
  '/inline-checkout.js',
] as const;

/** Declares a channel. A plain object; only id, code, path and isAvailable are required. */
export function defineChannel(plugin: ChannelPlugin): ChannelPlugin {
  return plugin;
}

/** Declares a page outside a payment. A plain object; `serve` comes with the server build. */
export function definePage<S = unknown>(plugin: PagePlugin<S>): PagePlugin<S> {
  return plugin;
}

export function defineBranding(plugin: BrandingPlugin): BrandingPlugin {
  return plugin;
}

/** Declares a gate. A plain object; every part but hidesHeader and order is required. */
export function defineGate(plugin: GatePlugin): GatePlugin {
  return plugin;
}

/** Every outside source key the channels declare (ChannelPlugin.sources), each once, in their order. */
export function declaredSourceKeys(channels: readonly Pick<ChannelPlugin, 'sources'>[]): string[] {
  return [...new Set(channels.flatMap((c) => (c.sources ?? []).map((s) => s.key)))];
}
