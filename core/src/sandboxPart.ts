/** A request as the sandbox sees it: JSON or form body already parsed. */
export interface SandboxRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}

/** What a route answers: JSON `body`, or an HTML page when `html` is set (the sandbox's own pages, e.g. an issuer's). */
export interface SandboxAnswer {
  status?: number;
  body?: unknown;
  /** Answered as text/html under a strict CSP: no script, no inline style, forms only to this origin. */
  html?: string;
  /**
   * The HTML's style elements, each by its CSP hash (`sha256-…`, testPage's): the only styles its policy allows.
   * Anything else is ignored.
   */
  styleHashes?: string[];
  /**
   * Answered as text/javascript, loadable by any origin (CORS, for the page's Subresource Integrity check): a
   * stand-in for an outside party's script, served on the sandbox's second origin.
   */
  script?: string;
  /**
   * Answered as a download (a receipt the API generates): its bytes with their content type, saved under `filename`.
   */
  file?: { bytes: Uint8Array<ArrayBuffer>; contentType: string; filename: string };
  /**
   * Origins besides 'self' that may frame the HTML answer: the merchant's page around an INLINE checkout is an
   * ancestor of any frame the checkout opens. Anything not an http(s) origin is ignored.
   */
  frameAncestors?: string[];
}

export type SimulatedOutcome = 'success' | 'failed' | 'expired';

/** One payment the sandbox knows, with each channel's own state under its id. */
export interface SandboxPayment {
  paymentId: string;
  merchantCode: string;
  txnRef: string;
  createdAt: number;
  /** When a request last named this payment: a payment unseen for SANDBOX_PAYMENT_IDLE_MS is forgotten. */
  seenAt: number;
  /** The payment properties the pay-page answered. */
  props: Record<string, unknown>;
  /**
   * Set by POST /sandbox/simulate, the on-screen control, a bank app's answer, or a channel's charge approved 00
   * (markPaid). A success is final: see isPaid.
   */
  outcome: {
    value: SimulatedOutcome;
    at: number /** The reference of the approval, once a channel has named it. */;
    paymentReference?: string;
  } | null;
  cancellation: { reason: string; at: number } | null;
  /**
   * Per-channel state (generated account, code, ...), each read and written through its owner's sandboxRecord:
   * plain JSON (no Map, Set or class), since the store keeps the payment as JSON.
   */
  channels: Record<string, unknown>;
  /** Calls received for this payment, newest last, at most MAX_CALLS_PER_PAYMENT: for tests (one in flight, gaps between requests). */
  calls: Array<{ path: string; at: number; endedAt?: number }>;
}

export interface SandboxContext {
  now(): number;
  /**
   * Finds a payment by id, or by merchant code and transaction reference, and holds it for this request: the
   * first ask locks it (in the store, so no other request of any instance changes it meanwhile) and reads it;
   * every later ask in the same request answers the same object. Change it in place: it is written back when the
   * request's answer is computed, if it changed. Rejects with the store's failure (StoreUnavailable, StoreBusy).
   */
  payment(ref: { paymentId?: unknown; merchantCode?: unknown; txnRef?: unknown }): Promise<SandboxPayment | undefined>;
  /** Has the merchant's token sign-in (POST /api/v1/pay-page/token-authentication) issued this token, still valid? */
  isIssuedToken(token: string): Promise<boolean>;
  /**
   * Has the sandbox's OAuth token endpoint (POST /passport/oauth/token, CONTRACT §6) issued this bearer token, still
   * unexpired on the sandbox's clock? For a part whose production API wants one (pay with app).
   */
  isBearerToken(token: string): Promise<boolean>;
  /**
   * The absolute URL of a path on the sandbox's second origin (CONTRACT §5), where the parts' outsideRoutes
   * answer: what an API answer names for an outside party's page or script. The path as it is before that
   * origin listens (unit tests without one).
   */
  outsideUrl(pathAndQuery: string): string;
  /**
   * An owner's sandbox-wide state beyond any one payment (a page's receipts), by key under the owner's
   * id, each value expiring: kept in the store, so that every instance sharing it sees it.
   */
  shared(owner: string): SandboxShared;
}

/** Sandbox-wide values of one owner (a channel id), in the store with an expiry: plain JSON, a read is a copy. */
export interface SandboxShared {
  get<T>(key: string): Promise<T | undefined>;
  /** Keeps the value for ttlMs (each write sets the expiry anew). */
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
}

export type SandboxHandler = (req: SandboxRequest, ctx: SandboxContext) => SandboxAnswer | Promise<SandboxAnswer>;

export interface SandboxRoute {
  method: 'GET' | 'POST';
  /** Path with :params, e.g. /api/v1/ussd/issuers/:country */
  path: string;
  handler: SandboxHandler;
  /**
   * The body fields that may be objects or lists (the card's `deviceInformation`, `payItems`, `cardinalInfo`): the
   * handler reads them with care. Every other field must be text, a number, true/false or null: the sandbox answers
   * 400 to anything else (and to a `__proto__`, `constructor` or `prototype` key at any depth) before the handler
   * runs, so a handler never meets an array or an object where it reads a value. Default none.
   */
  structuredFields?: readonly string[];
  /**
   * Answered only to the checkout server's own calls (SandboxHttpRequest.fromServer), as a real API answers only its
   * authenticated clients: a browser asking for it directly gets 404 (the cashback opt-in, which the server makes for
   * a page's session so that nobody opts in another payer's payment). Default false.
   */
  serverOnly?: boolean;
  /**
   * The fixed script this route answers (its handler's `script`) and why the page loads it: the build's script
   * inventory lists it with its hash.
   */
  script?: { text: string; why: string };
}

/** A channel's part of the sandbox collections API. */
export interface SandboxPart {
  routes: SandboxRoute[];
  /**
   * Routes of the sandbox's second origin (CONTRACT §5): the stand-ins of what comes from outside parties in
   * production (a 3-D Secure issuer's page, a wallet provider's page, a provider's script), so that the page's
   * Content-Security-Policy meets them on another origin exactly as in production. Their HTML may be framed by
   * the checkout (and the merchant around an INLINE one); their forms post only to that second origin.
   */
  outsideRoutes?: SandboxRoute[];
  /**
   * Settings the channel's page code needs to talk to the sandbox (e.g. client credentials), given to the page as
   * `env.channelSettings[<channel id>]`. A real API takes them from CHECKOUT_CHANNEL_SETTINGS instead.
   */
  settings?: Record<string, string>;
  /**
   * The additionalInformation the sandbox's pay-page gives the merchant's option of a code, from the pay request's
   * fields (a part may read a sandbox-only field of its own): the customer wallet list's providers. A code no part
   * names gets none.
   */
  optionInformation?: Record<string, (fields: Readonly<Record<string, string>>) => Record<string, unknown>>;
  /** Test cards the checkout's `/` lists in sandbox mode (CONTRACT §4), the card channel's: a channel owns its test data. */
  testCards?: readonly SandboxTestCard[];
  /**
   * The sandbox-only pay request fields of the part's own (CONTRACT §2 has core's): the server passes them on to the
   * pay-page, echoes them on a Try again, and drops every field no installed part names. E.g. Google Pay's
   * `card_networks`.
   */
  requestFields?: readonly string[];
  /**
   * Payment properties the part adds to the sandbox's pay-page answer, from the pay request's fields (the card's
   * device-fingerprint ids): what the real API says of the merchant's configuration for the part's channel.
   */
  paymentProps?: (fields: Readonly<Record<string, string>>) => Record<string, unknown>;
  /**
   * The merchants the part's test data names, by code: the name the sandbox's pay-page answers for each (the revenue
   * page's agency), where any other code is "Sandbox Merchant <code>". Core's own merchants keep their names.
   */
  merchants?: Readonly<Record<string, string>>;
  /**
   * The countries where the sandbox offers the part's channel when a pay request names no channel list (CONTRACT §2
   * "channels"): ISO 3166 alpha-2, '*' for every country. The sandbox's default list for a country is the code of
   * every installed channel whose part names it, in the installed order.
   */
  offeredIn?: readonly string[];
}

/** A test card as the checkout's `/` lists it. */
export interface SandboxTestCard {
  number: string;
  brand: string;
  /** The PIN the card asks for, if any. */
  pin?: string;
  /** The OTP the card asks for after the PIN, if any. */
  otp?: string;
  /** The code of the 3-D Secure challenge page, if the card opens it. */
  challengeCode?: string;
  /** The response code the payment ends with. */
  result: string;
}

/** A channel's own record on each sandbox payment, typed by its owner (plain JSON: a shared store may keep it). */
export interface SandboxRecord<R extends object> {
  get(p: SandboxPayment): R | undefined;
  set(p: SandboxPayment, record: R): R;
}

/** The channel's typed record under `payment.channels[channel]`: the one place the sandbox's untyped map is read. */
export function sandboxRecord<R extends object>(channel: string): SandboxRecord<R> {
  return {
    get: (p) => p.channels[channel] as R | undefined,
    set: (p, record) => {
      p.channels[channel] = record;
      return record;
    },
  };
}

/** A request to the sandbox as the server hands it over: the body already read (JSON or form). */
export interface SandboxHttpRequest {
  method: string;
  /** Path and query, e.g. /api/v1/transfer/status?merchantCode=… */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
  /** The checkout server's own call, answered in-process (never set for a request that came over the network). */
  fromServer?: boolean;
}

/** What the sandbox answers: a response to send, or `drop` (fault injection: the connection is cut, no answer). */
export type SandboxReply =
  | {
      status: number;
      headers: Record<string, string>;
      body: string;
      /** A download's bytes (SandboxAnswer.file), sent instead of `body` (then empty). */
      bytes?: Uint8Array<ArrayBuffer>;
    }
  | { drop: true };
