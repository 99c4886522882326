import { WEBHOOK_SIGNATURE_HEADER } from './webhooks';

/** The first retry waits about this long, ms; each next one twice the last (1 s, 2 s, 4 s, …). */
export const WEBHOOK_FIRST_RETRY_MS = 1_000;
/** No retry waits longer than this, ms. */
export const WEBHOOK_MAX_RETRY_MS = 60_000;
/** Attempts per event at most, the first included: 1 s, 2 s, 4 s, 8 s, 16 s, 32 s, 60 s apart, about 2 min in all. */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** How long one attempt waits for the merchant's answer, ms: past it, the attempt failed. */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** Events waiting for delivery at most (in memory, per instance): past it a new event is dropped, and said so. */
export const MAX_QUEUED_WEBHOOKS = 1_000;
/** Each wait is the schedule's delay times a factor drawn in 1 ± this, so that retries of many events spread out. */
export const WEBHOOK_RETRY_JITTER = 0.2;

/** One event to deliver: its body as signed, byte for byte. */
export interface WebhookDelivery {
  uuid: string;
  event: string;
  url: string;
  body: string;
  signature: string;
}

/** What became of an event, for the log. */
export interface WebhookReport {
  uuid: string;
  event: string;
  url: string;
  attempts: number;
  outcome: 'delivered' | 'gave-up' | 'dropped';
  /** The last answer's status, or the failure's message. */
  last?: string;
}

export interface WebhookDeliveryOptions {
  /** Default the global fetch (tests inject one). */
  fetchImpl?: typeof fetch;
  /** Default WEBHOOK_FIRST_RETRY_MS (the e2e tests use a short one: SANDBOX_WEBHOOK_FIRST_RETRY_MS). */
  firstRetryMs?: number;
  /** Default WEBHOOK_MAX_RETRY_MS. */
  maxRetryMs?: number;
  /** Default WEBHOOK_MAX_ATTEMPTS. */
  maxAttempts?: number;
  /** Default WEBHOOK_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Default MAX_QUEUED_WEBHOOKS. */
  maxQueued?: number;
  /** Default Math.random (tests fix the jitter). */
  random?: () => number;
  /** Told what became of each event; default a JSON line on stdout. */
  report?: (r: WebhookReport) => void;
}

/** Reads SANDBOX_WEBHOOK_FIRST_RETRY_MS (the e2e tests' short schedule): a positive number of ms, at most the cap. */
export function webhookDeliveryFromEnv(env: Record<string, string | undefined>): WebhookDeliveryOptions {
  const first = Number(env.SANDBOX_WEBHOOK_FIRST_RETRY_MS);
  return Number.isFinite(first) && first > 0 ? { firstRetryMs: Math.min(first, WEBHOOK_MAX_RETRY_MS) } : {};
}

/** The wait before retry number `retry` (1 for the first), ms: exponential, capped, with jitter. */
export function webhookRetryDelayMs(
  retry: number,
  o: Pick<WebhookDeliveryOptions, 'firstRetryMs' | 'maxRetryMs'> = {},
  random = Math.random,
): number {
  const first = o.firstRetryMs ?? WEBHOOK_FIRST_RETRY_MS;
  const max = o.maxRetryMs ?? WEBHOOK_MAX_RETRY_MS;
  const scheduled = Math.min(max, first * 2 ** (retry - 1));
  return Math.round(scheduled * (1 - WEBHOOK_RETRY_JITTER + 2 * WEBHOOK_RETRY_JITTER * random()));
}

/** A timer that never keeps the process alive by itself (a server closing does not wait for a retry). */
function timer(fn: () => void, ms: number): ReturnType<typeof setTimeout> {
  const t = setTimeout(fn, ms);
  if (typeof t === 'object') t.unref?.();
  return t;
}

export interface WebhookDispatcher {
  /** Queues one event: delivered in the background, never blocking the caller. False when it was dropped. */
  send(d: WebhookDelivery): boolean;
  /** Events not yet delivered nor given up. */
  pending(): number;
  /** Stops: timers cleared, attempts in flight aborted, nothing more sent. */
  close(): void;
}

const logReport = ({ event, ...r }: WebhookReport) =>
  console.log(JSON.stringify({ time: new Date().toISOString(), event: 'sandbox-webhook', webhookEvent: event, ...r }));

/**
 * The sandbox's delivery of notifications: each event on its own, POSTed until the merchant answers 2xx (then never
 * again), retried after a non-2xx answer, a network failure or a timeout with exponential backoff and jitter, at most
 * maxAttempts times. Bounded (maxQueued) and in memory: a restart forgets what was not delivered yet.
 */
export function createWebhookDispatcher(o: WebhookDeliveryOptions = {}): WebhookDispatcher {
  const fetchImpl = o.fetchImpl ?? ((...a) => fetch(...a));
  const maxAttempts = o.maxAttempts ?? WEBHOOK_MAX_ATTEMPTS;
  const timeoutMs = o.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const maxQueued = o.maxQueued ?? MAX_QUEUED_WEBHOOKS;
  const random = o.random ?? Math.random;
  const report = o.report ?? logReport;
  /** Each pending event's retry timer or attempt in flight, to stop it on close. */
  const pending = new Map<string, { retry?: ReturnType<typeof setTimeout>; inFlight?: AbortController }>();
  let closed = false;

  async function attempt(d: WebhookDelivery, attempts: number): Promise<void> {
    const entry = pending.get(d.uuid);
    if (closed || !entry) return;
    const ctrl = new AbortController();
    entry.inFlight = ctrl;
    const timeout = timer(() => ctrl.abort(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    let last: string;
    try {
      const res = await fetchImpl(d.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: d.signature },
        body: d.body,
        signal: ctrl.signal,
        // A redirect is not the merchant's 2xx: retried, never followed elsewhere with the signed body.
        redirect: 'manual',
      });
      await res.body?.cancel().catch(() => undefined);
      if (res.status >= 200 && res.status < 300) {
        pending.delete(d.uuid);
        report({ uuid: d.uuid, event: d.event, url: d.url, attempts, outcome: 'delivered', last: String(res.status) });
        return;
      }
      last = String(res.status);
    } catch (e) {
      last = ctrl.signal.aborted && ctrl.signal.reason instanceof Error ? ctrl.signal.reason.message : (e as Error).message;
    } finally {
      clearTimeout(timeout);
      entry.inFlight = undefined;
    }
    if (closed) return;
    if (attempts >= maxAttempts) {
      pending.delete(d.uuid);
      report({ uuid: d.uuid, event: d.event, url: d.url, attempts, outcome: 'gave-up', last });
      return;
    }
    entry.retry = timer(() => void attempt(d, attempts + 1), webhookRetryDelayMs(attempts, o, random));
  }

  return {
    send(d) {
      if (closed || pending.has(d.uuid)) return false;
      if (pending.size >= maxQueued) {
        report({ uuid: d.uuid, event: d.event, url: d.url, attempts: 0, outcome: 'dropped', last: `${maxQueued} events already waiting` });
        return false;
      }
      pending.set(d.uuid, {});
      void attempt(d, 1);
      return true;
    },
    pending: () => pending.size,
    close() {
      closed = true;
      for (const entry of pending.values()) {
        if (entry.retry) clearTimeout(entry.retry);
        entry.inFlight?.abort(new Error('the sandbox is closing'));
      }
      pending.clear();
    },
  };
}
