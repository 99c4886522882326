import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Store } from '@oja/store';

/** Request durations' buckets, seconds: pages render in tens of ms, a pay request may wait on the API for 8 s. */
const HTTP_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Store operations' buckets, seconds: memory answers in microseconds, Redis in a millisecond or two, a lock waits up to 5 s. */
const STORE_BUCKETS_S = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

/** What a pay request came to (payment.ts's Started, and a request refused before the API is asked). */
export const PAY_RESULTS = ['opened', 'paid', 'refused', 'unreachable', 'invalid'] as const;
export type PayResult = (typeof PAY_RESULTS)[number];

/** How a result reaches the merchant (CONTRACT §3): REDIRECT's form POST, or INLINE's and POPUP's message. */
export type DeliveryMode = 'redirect' | 'message';

/** The Store operations the decorator times, one label value each (bounded by the interface). */
const STORE_OPS = ['get', 'set', 'delete', 'increment', 'withLock', 'schedule', 'unschedule', 'claimDue', 'ping'] as const;
type StoreOp = (typeof STORE_OPS)[number];

/**
 * One server's metrics, in a registry of its own (never prom-client's global one), so two servers in one process
 * (tests, a checkout beside another service) never share or clash. Labels take only bounded values: a route's
 * pattern, never its URL.
 */
export interface Metrics {
  registry: Registry;
  /** A request answered: its route's pattern, status and duration. */
  request(route: string, status: number, seconds: number): void;
  /** A pay request's outcome (POST/GET /pay, /collections/w/pay, a page's openPayment). */
  payment(result: PayResult): void;
  /** A result delivered to the merchant (the payer's page said so, once per session): its channel, code and way. */
  settled(channel: string, code: string, mode: DeliveryMode): void;
  /** A payer started paying with a channel (its screen opened; once per session and channel). */
  started(channel: string): void;
  /** Status requests a payment's page made with a channel before its result (the page says so with the result). */
  polls(channel: string, count: number): void;
  /** The store wrapped so that each operation is timed and each failure counted, by operation. */
  instrument(store: Store): Store;
}

export interface MetricsOptions {
  /** Also the process's own metrics (CPU, memory, event loop lag, GC), prefixed `oja_`. Default true. */
  processMetrics?: boolean;
}

export function createMetrics({ processMetrics = true }: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry, prefix: 'oja_' });
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });
  const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) =>
    new Histogram<L>({ name, help, labelNames, buckets, registers: [registry] });
  const requests = counter('oja_http_requests_total', 'Requests answered, by route pattern and status.', ['route', 'status']);
  const requestSeconds = histogram('oja_http_request_duration_seconds', 'Time to answer a request, by route pattern.', ['route'], HTTP_BUCKETS_S);
  const payments = counter(
    'oja_payments_opened_total',
    'Pay requests, by what they came to: opened (a session), paid (already), refused (by the API), unreachable (API or store), invalid (a field).',
    ['result'],
  );
  const started = counter(
    'oja_payments_started_total',
    "Payments a payer started with a channel (its screen opened), once per session and channel; 'other': not installed.",
    ['channel'],
  );
  const statusPolls = counter(
    'oja_status_polls_total',
    "Status requests payers' pages made, by channel, counted when the page reports its result (POST /session/delivery).",
    ['channel'],
  );
  const settled = counter(
    'oja_payments_settled_total',
    "Results delivered to merchants, by channel id ('none': no channel, e.g. cancelled from the list) and response code ('other': one the checkout does not know).",
    ['channel', 'code'],
  );
  const delivered = counter(
    'oja_results_delivered_total',
    'Results delivered to merchants, by way: redirect (the form POST) or message (INLINE, POPUP).',
    ['mode'],
  );
  const storeErrors = counter('oja_store_errors_total', 'Store operations that failed, by operation.', ['op']);
  const storeSeconds = histogram(
    'oja_store_operation_duration_seconds',
    'Time a store operation took, by operation (a lock: waiting for it and the work under it).',
    ['op'],
    STORE_BUCKETS_S,
  );
  // Every label value a series can take is known up front: a scrape shows zeros rather than missing series.
  for (const result of PAY_RESULTS) payments.inc({ result }, 0);
  for (const op of STORE_OPS) storeErrors.inc({ op }, 0);

  /** Times one operation; a failure is counted unless `own` says it is not the store's (the work under a lock). */
  const timed = <T>(op: StoreOp, call: () => Promise<T>, own: (e: unknown) => boolean = () => true): Promise<T> => {
    const end = storeSeconds.startTimer({ op });
    return call().then(
      (value) => {
        end();
        return value;
      },
      (e: unknown) => {
        end();
        if (own(e)) storeErrors.inc({ op });
        throw e;
      },
    );
  };
  /** The lock's own failures (unreachable, stayed taken), not its work's: those are counted by their own operation. */
  const lockTimed = <T>(store: Store, key: string, fn: () => Promise<T>, options?: { leaseMs?: number; waitMs?: number }): Promise<T> => {
    let workFailed: unknown;
    const work = () =>
      fn().catch((e: unknown) => {
        workFailed = e;
        throw e;
      });
    return timed(
      'withLock',
      () => store.withLock(key, work, options),
      (e) => e !== workFailed,
    );
  };

  return {
    registry,
    request(route, status, seconds) {
      requests.inc({ route, status: String(status) });
      requestSeconds.observe({ route }, seconds);
    },
    payment: (result) => payments.inc({ result }),
    started: (channel) => started.inc({ channel }),
    polls: (channel, count) => statusPolls.inc({ channel }, count),
    settled(channel, code, mode) {
      settled.inc({ channel, code });
      delivered.inc({ mode });
    },
    instrument: (store) => ({
      kind: store.kind,
      get: (key) => timed('get', () => store.get(key)),
      set: (key, value, options) => timed('set', () => store.set(key, value, options)),
      delete: (key) => timed('delete', () => store.delete(key)),
      increment: (key) => timed('increment', () => store.increment(key)),
      withLock: (key, fn, options) => lockTimed(store, key, fn, options),
      schedule: (queue, id, dueAt) => timed('schedule', () => store.schedule(queue, id, dueAt)),
      unschedule: (queue, id) => timed('unschedule', () => store.unschedule(queue, id)),
      claimDue: (queue, now, limit) => timed('claimDue', () => store.claimDue(queue, now, limit)),
      ping: () => timed('ping', () => store.ping()),
      close: () => store.close(),
    }),
  };
}
