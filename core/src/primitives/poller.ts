import { serverNow } from '../clock';

/** Ceiling on the wait between two attempts after repeated errors, as a multiple of the interval. */
export const MAX_BACKOFF_FACTOR = 8;
/** Longest wait setTimeout keeps, ms (2^31 - 1): a longer one would fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

export interface PollerOptions<T> {
  /** The one request; receives a signal aborted when the poller stops. */
  check(signal: AbortSignal): Promise<T>;
  /** Wait between two answers that are not final, ms. */
  intervalMs: number;
  /** Wait before the first request, ms; checkNow() cuts it short. Default 0: at once. */
  firstDelayMs?: number;
  /** Base wait after a failed request, ms; doubles per consecutive failure, with jitter. Default intervalMs. */
  retryMs?: number;
  /**
   * The instant polling gives up, ms on the `now` clock (the server's by default). From then on no request
   * starts: the poller stops, aborts a request in flight, and calls onDeadline, once. A deadline already past at
   * start() sends nothing. Default: none, polling goes on until a final answer or stop().
   */
  deadline?: number;
  /** The clock the deadline is read on. Default serverNow (deadlines come from the server). */
  now?: () => number;
  /** Does this answer end the polling? */
  isFinal(answer: T): boolean;
  onAnswer?(answer: T): void;
  onError?(error: unknown, consecutive: number): void;
  /** The deadline came before a final answer. */
  onDeadline?(): void;
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
  /** The deadline came before a final answer (reset by start()). */
  readonly timedOut: boolean;
}

/**
 * Asks until a final answer or the deadline, with exactly one request in flight: the next wait starts only when
 * the answer is in. Errors back off exponentially with jitter so a struggling server is not hammered in step by
 * every payer; stop() aborts the request in flight and cancels the next.
 */
export function createPoller<T>(o: PollerOptions<T>): Poller<T> {
  const random = o.random ?? Math.random;
  const now = o.now ?? serverNow;
  type Waiter = (r: CheckNowResult<T>) => void;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  let ctrl: AbortController | undefined;
  let running = false;
  let timedOut = false;
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

  const halt = () => {
    running = false;
    if (timer) clearTimeout(timer);
    if (deadlineTimer) clearTimeout(deadlineTimer);
    timer = deadlineTimer = undefined;
    ctrl?.abort();
    ctrl = undefined;
    settle([...inFlight.splice(0), ...queued.splice(0)], { kind: 'stopped' });
  };
  const pastDeadline = () => o.deadline !== undefined && now() >= o.deadline;
  /**
   * Wakes at the deadline, read again then: the server clock's offset may have moved meanwhile (every API answer
   * refines it), and a deadline beyond setTimeout's reach is waited for in steps.
   */
  const armDeadline = () => {
    deadlineTimer = setTimeout(expire, Math.min(MAX_TIMER_MS, o.deadline! - now()));
  };
  const expire = () => {
    if (!running) return;
    if (!pastDeadline()) return armDeadline();
    timedOut = true;
    halt();
    o.onDeadline?.();
  };

  async function tick() {
    timer = undefined;
    if (!running) return;
    // A timer woken late (a throttled background tab) must not send a request past the deadline.
    if (pastDeadline()) return expire();
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
      if (final) {
        running = false;
        if (deadlineTimer) clearTimeout(deadlineTimer);
      }
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
      timedOut = false;
      failures = 0;
      if (o.deadline !== undefined) {
        if (pastDeadline()) return expire();
        armDeadline();
      }
      schedule(o.firstDelayMs ?? 0);
    },
    stop: halt,
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
    get timedOut() {
      return timedOut;
    },
  };
}

/** base * 2^(n-1), capped, plus up to 50% jitter: gaps grow on errors and payers spread out. */
export function backoffDelay(baseMs: number, failures: number, random: () => number = Math.random): number {
  const exp = Math.min(baseMs * 2 ** Math.max(0, failures - 1), baseMs * MAX_BACKOFF_FACTOR);
  return Math.round(exp * (1 + 0.5 * random()));
}
