/** Ceiling on the wait between two attempts after repeated errors, as a multiple of the interval. */
export const MAX_BACKOFF_FACTOR = 8;

export interface PollerOptions<T> {
  /** The one request; receives a signal aborted when the poller stops. */
  check(signal: AbortSignal): Promise<T>;
  /** Wait between two answers that are not final, ms. */
  intervalMs: number;
  /** Wait before the first request, ms. Default 0. */
  initialDelayMs?: number;
  /** Base wait after a failed request, ms; doubles per consecutive failure, with jitter. Default intervalMs. */
  retryMs?: number;
  /** Does this answer end the polling? */
  isFinal(answer: T): boolean;
  onAnswer?(answer: T): void;
  onError?(error: unknown, consecutive: number): void;
  /** For tests: the jitter source, 0..1. */
  random?: () => number;
}

/** What the check run by checkNow() came to. */
export type CheckNowResult<T> =
  | { kind: 'answer'; answer: T; final: boolean }
  | { kind: 'error'; error: unknown }
  /** The poller was not running, or stopped before the check answered. */
  | { kind: 'stopped' };

export interface Poller<T = unknown> {
  start(): void;
  stop(): void;
  /**
   * Asks now rather than at the end of the current wait, still one request in flight: when waiting, the timer
   * is cleared and the check runs at once; when a request is in flight, the next one starts as soon as it
   * answers. Resolves with the outcome of that check (one started after this call).
   */
  checkNow(): Promise<CheckNowResult<T>>;
  readonly running: boolean;
}

/**
 * Asks until a final answer, with exactly one request in flight: the next wait starts only when the answer
 * is in. Errors back off exponentially with jitter so a struggling server is not hammered in step by every
 * payer; stop() aborts the request in flight and cancels the next.
 */
export function createPoller<T>(o: PollerOptions<T>): Poller<T> {
  const random = o.random ?? Math.random;
  type Waiter = (r: CheckNowResult<T>) => void;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ctrl: AbortController | undefined;
  let running = false;
  let failures = 0;
  /** checkNow() callers waiting for the next request to start, and those waiting on the one in flight. */
  let queued: Waiter[] = [];
  let inFlight: Waiter[] = [];

  const schedule = (ms: number) => {
    // Someone asked during the request: the next one goes at once.
    timer = setTimeout(tick, queued.length ? 0 : ms);
  };
  const settle = (waiters: Waiter[], r: CheckNowResult<T>) => {
    for (const w of waiters) w(r);
  };

  async function tick() {
    timer = undefined;
    if (!running) return;
    ctrl = new AbortController();
    const signal = ctrl.signal;
    const waiters = (inFlight = queued);
    queued = [];
    try {
      const answer = await o.check(signal);
      if (!running || signal.aborted) return;
      failures = 0;
      o.onAnswer?.(answer);
      const final = o.isFinal(answer);
      if (final) running = false;
      settle(waiters, { kind: 'answer', answer, final });
      if (final) settle(queued.splice(0), { kind: 'stopped' });
      else if (running) schedule(o.intervalMs);
    } catch (e) {
      if (!running || signal.aborted) return;
      failures += 1;
      o.onError?.(e, failures);
      settle(waiters, { kind: 'error', error: e });
      if (running) schedule(backoffDelay(o.retryMs ?? o.intervalMs, failures, random));
    } finally {
      if (ctrl?.signal === signal) ctrl = undefined;
      if (inFlight === waiters) inFlight = [];
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      failures = 0;
      schedule(o.initialDelayMs ?? 0);
    },
    stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      ctrl?.abort();
      ctrl = undefined;
      settle([...inFlight.splice(0), ...queued.splice(0)], { kind: 'stopped' });
    },
    checkNow() {
      if (!running) return Promise.resolve({ kind: 'stopped' } as const);
      return new Promise<CheckNowResult<T>>((resolve) => {
        queued.push(resolve);
        if (ctrl) return; // in flight: schedule() sends the next one as soon as it answers
        if (timer) clearTimeout(timer);
        void tick();
      });
    },
    get running() {
      return running;
    },
  };
}

/** base * 2^(n-1), capped, plus up to 50% jitter: gaps grow on errors and payers spread out. */
export function backoffDelay(baseMs: number, failures: number, random: () => number = Math.random): number {
  const exp = Math.min(baseMs * 2 ** Math.max(0, failures - 1), baseMs * MAX_BACKOFF_FACTOR);
  return Math.round(exp * (1 + 0.5 * random()));
}
