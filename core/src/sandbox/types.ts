/** A request as the sandbox sees it: JSON or form body already parsed. */
export interface SandboxRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}

export interface SandboxAnswer {
  status?: number;
  body: unknown;
}

export type SimulatedOutcome = 'success' | 'failed' | 'expired';

/** One payment the sandbox knows, with each channel's own state under its id. */
export interface SandboxPayment {
  paymentId: string;
  merchantCode: string;
  txnRef: string;
  createdAt: number;
  /** The payment properties the pay-page answered. */
  props: Record<string, unknown>;
  /** Set by POST /sandbox/simulate or the on-screen control. */
  outcome: { value: SimulatedOutcome; at: number } | null;
  cancellation: { reason: string; at: number } | null;
  /** Per-channel state (generated account, code, ...). */
  channels: Record<string, Record<string, unknown>>;
  /** Calls received for this payment, newest last: for tests (one in flight, gaps between requests). */
  calls: Array<{ path: string; at: number; endedAt?: number }>;
}

export interface SandboxContext {
  now(): number;
  /** Finds a payment by id, or by merchant code and transaction reference. */
  payment(ref: { paymentId?: unknown; merchantCode?: unknown; txnRef?: unknown }): SandboxPayment | undefined;
}

export type SandboxHandler = (req: SandboxRequest, ctx: SandboxContext) => SandboxAnswer | Promise<SandboxAnswer>;

export interface SandboxRoute {
  method: 'GET' | 'POST';
  /** Path with :params, e.g. /api/v1/ussd/issuers/:country */
  path: string;
  handler: SandboxHandler;
}

/** A channel's part of the sandbox collections API. */
export interface SandboxPart {
  routes: SandboxRoute[];
}
