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

export interface Poller {
  start(): void;
  stop(): void;
  readonly running: boolean;
}

/**
 * Asks until a final answer, with exactly one request in flight: the next wait starts only when the answer
 * is in. Errors back off exponentially with jitter so a struggling server is not hammered in step by every
 * payer; stop() aborts the request in flight and cancels the next.
 */
export function createPoller<T>(o: PollerOptions<T>): Poller {
  const random = o.random ?? Math.random;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ctrl: AbortController | undefined;
  let running = false;
  let failures = 0;

  const schedule = (ms: number) => {
    timer = setTimeout(tick, ms);
  };

  async function tick() {
    timer = undefined;
    if (!running) return;
    ctrl = new AbortController();
    const signal = ctrl.signal;
    try {
      const answer = await o.check(signal);
      if (!running || signal.aborted) return;
      failures = 0;
      o.onAnswer?.(answer);
      if (o.isFinal(answer)) { running = false; return; }
      if (running) schedule(o.intervalMs);
    } catch (e) {
      if (!running || signal.aborted) return;
      failures += 1;
      o.onError?.(e, failures);
      if (running) schedule(backoffDelay(o.retryMs ?? o.intervalMs, failures, random));
    } finally {
      if (ctrl?.signal === signal) ctrl = undefined;
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
