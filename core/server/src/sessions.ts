import { randomBytes } from 'node:crypto';
import type { GateDecision, GatePlugin, PaymentProps, TransactionResponse } from '@oja/core';
import { CODE_CANCELLED, CODE_EXPIRED, CODE_SUCCESS } from '@oja/core';
import type { Store } from '@oja/store';

/** A session unused this long is forgotten, ms (every page served for it starts the time again). */
export const SESSION_TTL_MS = 2 * 60 * 60_000;
/**
 * A session whose page was never opened is forgotten this soon, ms: POST /pay answers a page anyone may ask for
 * without signing in, and each session is about 2.3 KB in the store. A payer's page opens within seconds (its shell
 * says so as it hydrates, SESSION_OPENED_PATH; without script, the payer's next page does), and from then on the session
 * keeps SESSION_TTL_MS. A request that never comes back costs the store 10 minutes, not 2 hours.
 */
export const UNOPENED_SESSION_TTL_MS = 10 * 60_000;
/**
 * Most sessions one instance keeps in memory (about 7 KB each, so about 35 MB at most); past it the least recently
 * used is forgotten. A payer whose session went can no longer reload their page; the payment itself is the
 * collections API's and goes on. A Redis store is bounded by SESSION_TTL_MS alone.
 */
export const MAX_SESSIONS = 5_000;

/** What the checkout keeps of one payer's payment between requests (plain JSON: any instance reads it). */
export interface SessionRecord {
  props: PaymentProps;
  referrer?: string;
  /** The latest page rendered for this session (PageEnv.pageId): a leave from an older page is stale. */
  pageId?: string;
  /** The gates the payer passed in this session (core's passGate), so a reload does not show them again. */
  gates?: Record<string, GateDecision>;
  /**
   * The payer's agreements to the gates that need one (GatePlugin.needsAgreement: escrow's terms), by gate id, with
   * when the server recorded them (ms since the epoch): a page passes such a gate only with one here.
   */
  agreements?: Record<string, { at: number }>;
  /**
   * The page outside a payment that opened this payment, and what it keeps until the payment comes back to it
   * (PageContext.openPayment): beside the payment it belongs to, so that it lives and goes with the session,
   * cannot be altered by the payer, and reaches a page with no script.
   */
  page?: { id: string; state: unknown };
  /** Tries of this session's leave-cancel the API could not take so far (leaves.ts). */
  leaveTries?: number;
  /**
   * The payment's settled result (paid, expired or cancelled) as the collections API last answered it: a page of
   * this session opens on it even when the API does not answer (a settled payment stays settled).
   */
  settled?: TransactionResponse;
  /** The channels the payer opened in this session (routes/channelStarted.ts), each counted once. */
  started?: string[];
  /** The result went to the merchant: which page sent it, when, with which code (routes/delivery.ts). Once. */
  delivered?: { at: number; page: string; code: string };
  /**
   * When the payer's browser first came back for this session (its shell hydrated, or another of its pages was asked
   * for), ms since the epoch: until then the session keeps UNOPENED_SESSION_TTL_MS only.
   */
  openedAt?: number;
}

const key = (token: string) => `session:${token}`;
/** A session token: 18 random bytes, base64url. Anything else names no session (and never reaches the store). */
const TOKEN = /^[\w-]{24}$/;

/** The payers' sessions, kept in a Store: whichever instance served the page, any other continues it. */
export interface Sessions {
  /** A new session for this record; answers its token. */
  open(record: SessionRecord): Promise<string>;
  /** The session, or undefined when unknown, malformed or expired. */
  get(token: string): Promise<SessionRecord | undefined>;
  /**
   * Changes the session under its lock (a gate passed on one instance and a page served on another never lose each
   * other's write), and keeps it SESSION_TTL_MS more (UNOPENED_SESSION_TTL_MS while it was never opened); answers the record as written, or undefined when it is gone.
   */
  update(token: string, change: (s: SessionRecord) => void): Promise<SessionRecord | undefined>;
  /**
   * A session served a page now: a fresh page id, so that a leave from an older page is known stale. A page after the
   * first (`first: false`, the default) is the payer's browser coming back: the session is opened.
   */
  served(token: string, options?: { first?: boolean }): Promise<SessionRecord | undefined>;
  /** The session's page opened in the payer's browser (its shell's beacon): it keeps SESSION_TTL_MS from now on. */
  opened(token: string): Promise<SessionRecord | undefined>;
}

/** How long sessions are kept, ms: once opened, and until then. */
export interface SessionTtls {
  ttlMs?: number;
  unopenedTtlMs?: number;
}

export function createSessions(store: Store, { ttlMs = SESSION_TTL_MS, unopenedTtlMs = UNOPENED_SESSION_TTL_MS }: SessionTtls = {}): Sessions {
  const ttlOf = (s: SessionRecord) => ({ ttlMs: s.openedAt === undefined ? unopenedTtlMs : ttlMs });
  const open = (s: SessionRecord) => {
    s.openedAt ??= Date.now();
  };
  const get = (token: string) => (TOKEN.test(token) ? store.get<SessionRecord>(key(token)) : Promise.resolve(undefined));
  const update: Sessions['update'] = (token, change) => {
    if (!TOKEN.test(token)) return Promise.resolve(undefined);
    return store.withLock(`lock:${key(token)}`, async () => {
      const s = await store.get<SessionRecord>(key(token));
      if (!s) return undefined;
      change(s);
      await store.set(key(token), s, ttlOf(s));
      return s;
    });
  };
  return {
    async open(record) {
      const token = randomBytes(18).toString('base64url');
      await store.set(key(token), record, ttlOf(record));
      return token;
    },
    get,
    update,
    served: (token, { first = false } = {}) =>
      update(token, (s) => {
        s.pageId = randomBytes(9).toString('base64url');
        if (!first) open(s);
      }),
    opened: (token) => update(token, open),
  };
}

/** A result that ends the payment for good: paid, expired or cancelled (a failed attempt may be tried again). */
export const isSettled = (r: TransactionResponse): boolean => [CODE_SUCCESS, CODE_EXPIRED, CODE_CANCELLED].includes(r.responseCode);
/**
 * The gates this session has passed, as its pages see them: a gate that needs the payer's agreement counts only with
 * the agreement recorded (a decision without one, from an older session or a forged beacon, shows the gate again).
 */
export function passedGates(
  record: Pick<SessionRecord, 'gates' | 'agreements'>,
  gateOf: (id: string) => GatePlugin | undefined,
): Record<string, GateDecision> {
  const passed: Record<string, GateDecision> = {};
  for (const [id, decision] of Object.entries(record.gates ?? {})) {
    if (!gateOf(id)?.needsAgreement || (decision === 'accepted' && record.agreements?.[id])) passed[id] = decision;
  }
  return passed;
}
