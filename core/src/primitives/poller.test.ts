import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, createPoller, MAX_BACKOFF_FACTOR } from './poller';

/** A check whose answers the test hands out one by one, recording when each request starts and ends. */
function scriptedCheck<T>() {
  const pending: Array<{ resolve: (v: T) => void; reject: (e: unknown) => void; signal: AbortSignal }> = [];
  const log: Array<{ startedAt: number; endedAt?: number }> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const check = vi.fn((signal: AbortSignal) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const entry: { startedAt: number; endedAt?: number } = { startedAt: Date.now() };
    log.push(entry);
    return new Promise<T>((resolve, reject) => {
      const done = () => {
        inFlight -= 1;
        entry.endedAt = Date.now();
      };
      pending.push({
        resolve: (v) => {
          done();
          resolve(v);
        },
        reject: (e) => {
          done();
          reject(e);
        },
        signal,
      });
    });
  });
  return {
    check,
    log,
    get maxInFlight() {
      return maxInFlight;
    },
    /** Answers the oldest open request. */
    answer: async (v: T) => {
      pending.shift()!.resolve(v);
      await vi.advanceTimersByTimeAsync(0);
    },
    fail: async (e: unknown = new Error('boom')) => {
      pending.shift()!.reject(e);
      await vi.advanceTimersByTimeAsync(0);
    },
    get open() {
      return pending;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createPoller', () => {
  it('asks after the first delay, then the interval after each answer', async () => {
    const s = scriptedCheck<string>();
    const p = createPoller({ check: s.check, intervalMs: 2_000, firstDelayMs: 500, isFinal: (a) => a === '00' });
    p.start();
    expect(p.running).toBe(true);
    await vi.advanceTimersByTimeAsync(499);
    expect(s.check).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await s.answer('09');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(s.check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.check).toHaveBeenCalledTimes(2);
    // The gap is measured from the answer, not from the previous request.
    expect(s.log[1].startedAt - s.log[0].endedAt!).toBe(2_000);
    p.stop();
  });

  it('starts at once by default', async () => {
    const s = scriptedCheck<string>();
    createPoller({ check: s.check, intervalMs: 2_000, isFinal: () => false }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.check).toHaveBeenCalledTimes(1);
  });

  it('never has two requests in flight, however slow a check is', async () => {
    const s = scriptedCheck<string>();
    const p = createPoller({ check: s.check, intervalMs: 1_000, isFinal: () => false });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    // A check that takes ten intervals.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(s.check).toHaveBeenCalledTimes(1);
    await s.answer('09');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(s.check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5_000);
    await s.fail();
    await vi.advanceTimersByTimeAsync(60_000);
    await s.answer('09');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.maxInFlight).toBe(1);
    for (let i = 1; i < s.log.length; i++) expect(s.log[i].startedAt).toBeGreaterThanOrEqual(s.log[i - 1].endedAt ?? Infinity);
    p.stop();
  });

  it('passes every answer on and stops at a final one', async () => {
    const s = scriptedCheck<string>();
    const onAnswer = vi.fn();
    const p = createPoller({ check: s.check, intervalMs: 1_000, isFinal: (a) => a !== '09', onAnswer });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    await s.answer('09');
    await vi.advanceTimersByTimeAsync(1_000);
    await s.answer('00');
    expect(onAnswer.mock.calls).toEqual([['09'], ['00']]);
    expect(p.running).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.check).toHaveBeenCalledTimes(2);
  });

  it('backs off on errors: base, 2x, 4x, then capped at MAX_BACKOFF_FACTOR', async () => {
    const s = scriptedCheck<string>();
    const onError = vi.fn();
    const p = createPoller({ check: s.check, intervalMs: 1_000, isFinal: () => false, onError, random: () => 0 });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    const expected = [1, 2, 4, 8, 8, 8].map((f) => f * 1_000);
    expect(MAX_BACKOFF_FACTOR).toBe(8);
    for (const gap of expected) {
      await s.fail();
      await vi.advanceTimersByTimeAsync(gap - 1);
      expect(s.open).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(s.open).toHaveLength(1);
    }
    const gaps = s.log.slice(1).map((e, i) => e.startedAt - s.log[i].endedAt!);
    expect(gaps).toEqual(expected);
    expect(onError.mock.calls.map((c) => c[1])).toEqual([1, 2, 3, 4, 5, 6]);
    p.stop();
  });

  it('backs off from retryMs when the channel gives one', async () => {
    const s = scriptedCheck<string>();
    const p = createPoller({ check: s.check, intervalMs: 20_000, retryMs: 5_000, isFinal: () => false, random: () => 0 });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    await s.fail();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(s.check).toHaveBeenCalledTimes(2);
    await s.fail();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(s.check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.check).toHaveBeenCalledTimes(3);
    p.stop();
  });

  it('adds jitter of up to 50% to an error wait', async () => {
    const s = scriptedCheck<string>();
    const p = createPoller({ check: s.check, intervalMs: 1_000, isFinal: () => false, random: () => 0.998 });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    await s.fail();
    // 1_000 * (1 + 0.5 * 0.998) = 1_499
    await vi.advanceTimersByTimeAsync(1_498);
    expect(s.check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.check).toHaveBeenCalledTimes(2);
    await s.fail();
    // 2_000 * 1.499 = 2_998
    await vi.advanceTimersByTimeAsync(2_997);
    expect(s.check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.check).toHaveBeenCalledTimes(3);
    p.stop();
  });

  it('resets the backoff after an answer', async () => {
    const s = scriptedCheck<string>();
    const p = createPoller({ check: s.check, intervalMs: 1_000, isFinal: () => false, random: () => 0 });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    await s.fail();
    await vi.advanceTimersByTimeAsync(1_000);
    await s.fail();
    await vi.advanceTimersByTimeAsync(2_000);
    await s.fail();
    await vi.advanceTimersByTimeAsync(4_000);
    await s.answer('09');
    await vi.advanceTimersByTimeAsync(1_000);
    await s.fail();
    // Back to the base wait, not 8x.
    await vi.advanceTimersByTimeAsync(999);
    expect(s.open).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.open).toHaveLength(1);
    p.stop();
  });

  it('stop() aborts the request in flight and nothing runs after', async () => {
    const s = scriptedCheck<string>();
    const onAnswer = vi.fn();
    const onError = vi.fn();
    const p = createPoller({ check: s.check, intervalMs: 1_000, isFinal: () => false, onAnswer, onError });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    const { signal } = s.open[0];
    expect(signal.aborted).toBe(false);
    p.stop();
    expect(signal.aborted).toBe(true);
    expect(p.running).toBe(false);
    // The aborted request's late answer is ignored.
    await s.answer('00');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.check).toHaveBeenCalledTimes(1);
    expect(onAnswer).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('stop() between requests cancels the next one', async () => {
    const s = scriptedCheck<string>();
    const p = createPoller({ check: s.check, intervalMs: 1_000, isFinal: () => false });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    await s.answer('09');
    p.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.check).toHaveBeenCalledTimes(1);
  });

  it('a failure of an aborted request is not reported', async () => {
    const s = scriptedCheck<string>();
    const onError = vi.fn();
    const p = createPoller({ check: s.check, intervalMs: 1_000, isFinal: () => false, onError });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    p.stop();
    await s.fail(new DOMException('aborted', 'AbortError'));
    expect(onError).not.toHaveBeenCalled();
  });

  it('start() twice keeps one loop', async () => {
    const s = scriptedCheck<string>();
    const p = createPoller({ check: s.check, intervalMs: 1_000, isFinal: () => false });
    p.start();
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.check).toHaveBeenCalledTimes(1);
    p.stop();
  });

  it('restarts cleanly after stop(), ignoring the old request', async () => {
    const s = scriptedCheck<string>();
    const onAnswer = vi.fn();
    const p = createPoller({ check: s.check, intervalMs: 1_000, isFinal: () => false, onAnswer });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    p.stop();
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.check).toHaveBeenCalledTimes(2);
    await s.answer('old');
    expect(onAnswer).not.toHaveBeenCalled();
    await s.answer('new');
    expect(onAnswer.mock.calls).toEqual([['new']]);
    p.stop();
  });
});

describe('Poller.checkNow', () => {
  it('while waiting: clears the timer and asks at once, then waits a full interval again', async () => {
    const s = scriptedCheck<string>();
    const p = createPoller({ check: s.check, intervalMs: 20_000, isFinal: (a) => a === '00' });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    await s.answer('09');
    await vi.advanceTimersByTimeAsync(3_000);
    const now = p.checkNow();
    // At once, without moving the clock.
    expect(s.check).toHaveBeenCalledTimes(2);
    await s.answer('09');
    expect(await now).toEqual({ kind: 'answer', answer: '09', final: false });
    // The old timer (due at 20 s) is gone: the next request is a full interval after this answer.
    await vi.advanceTimersByTimeAsync(19_999);
    expect(s.check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.check).toHaveBeenCalledTimes(3);
    expect(s.maxInFlight).toBe(1);
    p.stop();
  });

  it('while a request is in flight: no second one; the next starts as soon as it answers', async () => {
    const s = scriptedCheck<string>();
    const p = createPoller({ check: s.check, intervalMs: 20_000, isFinal: (a) => a === '00' });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.check).toHaveBeenCalledTimes(1);
    const now = p.checkNow();
    const again = p.checkNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.check).toHaveBeenCalledTimes(1);
    // The answer in flight was asked before checkNow: it does not resolve it.
    await s.answer('09');
    expect(s.check).toHaveBeenCalledTimes(2);
    expect(s.maxInFlight).toBe(1);
    await s.answer('00');
    expect(await now).toEqual({ kind: 'answer', answer: '00', final: true });
    expect(await again).toEqual({ kind: 'answer', answer: '00', final: true });
    expect(p.running).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.check).toHaveBeenCalledTimes(2);
  });

  it('during an error backoff: asks at once and reports the error', async () => {
    const s = scriptedCheck<string>();
    const p = createPoller({ check: s.check, intervalMs: 5_000, isFinal: () => false, random: () => 0 });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    await s.fail();
    const now = p.checkNow();
    expect(s.check).toHaveBeenCalledTimes(2);
    const boom = new Error('down');
    await s.fail(boom);
    expect(await now).toEqual({ kind: 'error', error: boom });
    p.stop();
  });

  it('resolves "stopped" when the poller is not running or stops before the answer', async () => {
    const s = scriptedCheck<string>();
    const p = createPoller({ check: s.check, intervalMs: 1_000, isFinal: () => false });
    expect(await p.checkNow()).toEqual({ kind: 'stopped' });
    expect(s.check).not.toHaveBeenCalled();
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    const queued = p.checkNow();
    p.stop();
    expect(await queued).toEqual({ kind: 'stopped' });
    expect(s.check).toHaveBeenCalledTimes(1);
  });
});

describe('Poller first delay', () => {
  it('checkNow during the first delay cancels the wait and asks at once; the interval follows its answer', async () => {
    const s = scriptedCheck<string>();
    // DRC's ORANGE wallet: the first query 23 minutes after the payment call.
    const p = createPoller({ check: s.check, intervalMs: 4_000, firstDelayMs: 1_380_000, isFinal: (a) => a === '00' });
    p.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.check).not.toHaveBeenCalled();
    const now = p.checkNow();
    expect(s.check).toHaveBeenCalledTimes(1);
    await s.answer('09');
    expect(await now).toEqual({ kind: 'answer', answer: '09', final: false });
    // The first delay's timer is gone: the next request is one interval after this answer, not at 23 minutes.
    await vi.advanceTimersByTimeAsync(3_999);
    expect(s.check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.check).toHaveBeenCalledTimes(2);
    expect(s.maxInFlight).toBe(1);
    p.stop();
  });

  it('checkNow twice during the first delay: still one request in flight, the second asked when the first answers', async () => {
    const s = scriptedCheck<string>();
    const p = createPoller({ check: s.check, intervalMs: 4_000, firstDelayMs: 4_000, isFinal: (a) => a === '00' });
    p.start();
    const first = p.checkNow();
    const second = p.checkNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.check).toHaveBeenCalledTimes(1);
    await s.answer('09');
    expect(await first).toEqual({ kind: 'answer', answer: '09', final: false });
    // The second call came while the first request was out: it gets a request of its own, right after.
    expect(s.check).toHaveBeenCalledTimes(2);
    await s.answer('00');
    expect(await second).toEqual({ kind: 'answer', answer: '00', final: true });
    expect(s.maxInFlight).toBe(1);
  });

  it('stop() during the first delay sends nothing', async () => {
    const s = scriptedCheck<string>();
    const p = createPoller({ check: s.check, intervalMs: 4_000, firstDelayMs: 4_000, isFinal: () => false });
    p.start();
    await vi.advanceTimersByTimeAsync(3_000);
    p.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.check).not.toHaveBeenCalled();
  });
});

describe('Poller deadline', () => {
  const T0 = Date.UTC(2026, 0, 1);
  beforeEach(() => {
    vi.setSystemTime(T0);
  });

  it('stops at the deadline, reports it once, and sends nothing after', async () => {
    const s = scriptedCheck<string>();
    const onDeadline = vi.fn();
    // DRC: first query after 4 s, polling over 30 s after it started.
    const p = createPoller({
      check: s.check,
      intervalMs: 4_000,
      firstDelayMs: 4_000,
      deadline: T0 + 30_000,
      now: Date.now,
      isFinal: (a) => a === '00',
      onDeadline,
    });
    p.start();
    for (let i = 0; i < 7; i++) {
      await vi.advanceTimersByTimeAsync(4_000);
      await s.answer('09');
    }
    // Seven answers by 28 s; the eighth request would start at 32 s, past the deadline.
    expect(s.check).toHaveBeenCalledTimes(7);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(onDeadline).not.toHaveBeenCalled();
    expect(p.timedOut).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(onDeadline).toHaveBeenCalledTimes(1);
    expect(p.running).toBe(false);
    expect(p.timedOut).toBe(true);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(s.check).toHaveBeenCalledTimes(7);
    expect(onDeadline).toHaveBeenCalledTimes(1);
    expect(await p.checkNow()).toEqual({ kind: 'stopped' });
    expect(s.check).toHaveBeenCalledTimes(7);
  });

  it('aborts the request in flight at the deadline and ignores its answer', async () => {
    const s = scriptedCheck<string>();
    const onAnswer = vi.fn();
    const onDeadline = vi.fn();
    const p = createPoller({ check: s.check, intervalMs: 4_000, deadline: T0 + 10_000, now: Date.now, isFinal: () => false, onAnswer, onDeadline });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    const queued = p.checkNow();
    const { signal } = s.open[0];
    await vi.advanceTimersByTimeAsync(10_000);
    expect(signal.aborted).toBe(true);
    expect(onDeadline).toHaveBeenCalledTimes(1);
    expect(await queued).toEqual({ kind: 'stopped' });
    await s.answer('00');
    expect(onAnswer).not.toHaveBeenCalled();
    expect(s.check).toHaveBeenCalledTimes(1);
  });

  it('a deadline that falls within the first delay sends no request at all', async () => {
    const s = scriptedCheck<string>();
    const onDeadline = vi.fn();
    const p = createPoller({
      check: s.check,
      intervalMs: 4_000,
      firstDelayMs: 1_380_000,
      deadline: T0 + 30_000,
      now: Date.now,
      isFinal: () => false,
      onDeadline,
    });
    p.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(onDeadline).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_380_000);
    expect(s.check).not.toHaveBeenCalled();
  });

  it('a deadline already past at start() sends nothing and reports at once', async () => {
    const s = scriptedCheck<string>();
    const onDeadline = vi.fn();
    const p = createPoller({ check: s.check, intervalMs: 4_000, deadline: T0 - 1, now: Date.now, isFinal: () => false, onDeadline });
    p.start();
    expect(onDeadline).toHaveBeenCalledTimes(1);
    expect(p.running).toBe(false);
    expect(p.timedOut).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.check).not.toHaveBeenCalled();
  });

  it('a timer that wakes late (a throttled tab) sends no request past the deadline', async () => {
    const s = scriptedCheck<string>();
    const onDeadline = vi.fn();
    let clock = T0;
    const p = createPoller({
      check: s.check,
      intervalMs: 4_000,
      firstDelayMs: 4_000,
      deadline: T0 + 30_000,
      now: () => clock,
      isFinal: () => false,
      onDeadline,
    });
    p.start();
    // The tab slept: by the time the first-delay timer runs, the deadline's clock has passed.
    clock = T0 + 31_000;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(s.check).not.toHaveBeenCalled();
    expect(onDeadline).toHaveBeenCalledTimes(1);
  });

  it("reads the deadline on the server's clock: a clock found to be behind moves the end later", async () => {
    const s = scriptedCheck<string>();
    const onDeadline = vi.fn();
    let offset = 0;
    const p = createPoller({
      check: s.check,
      intervalMs: 60_000,
      deadline: T0 + 30_000,
      now: () => Date.now() + offset,
      isFinal: () => false,
      onDeadline,
    });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    await s.answer('09');
    // An answer's Date header says the server is 5 s behind this phone.
    offset = -5_000;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(onDeadline).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onDeadline).toHaveBeenCalledTimes(1);
  });

  it("waits out a deadline beyond setTimeout's reach", async () => {
    const s = scriptedCheck<string>();
    const onDeadline = vi.fn();
    const days30 = 30 * 24 * 3_600_000;
    const p = createPoller({ check: s.check, intervalMs: days30, deadline: T0 + days30, now: Date.now, isFinal: () => false, onDeadline });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    await s.answer('09');
    await vi.advanceTimersByTimeAsync(days30 - 1);
    expect(onDeadline).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onDeadline).toHaveBeenCalledTimes(1);
  });

  it('a final answer before the deadline ends polling without a timeout', async () => {
    const s = scriptedCheck<string>();
    const onDeadline = vi.fn();
    const p = createPoller({ check: s.check, intervalMs: 4_000, deadline: T0 + 30_000, now: Date.now, isFinal: (a) => a === '00', onDeadline });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    await s.answer('00');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onDeadline).not.toHaveBeenCalled();
    expect(p.timedOut).toBe(false);
  });

  it('keeps one request in flight and backs off on errors up to the deadline', async () => {
    const s = scriptedCheck<string>();
    const onDeadline = vi.fn();
    const p = createPoller({
      check: s.check,
      intervalMs: 1_000,
      deadline: T0 + 10_000,
      now: Date.now,
      isFinal: () => false,
      onDeadline,
      random: () => 0,
    });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    // Failures at 0, 1, 3 and 7 s: waits of 1, 2, 4 s, then 8 s would pass the deadline.
    for (const gap of [1_000, 2_000, 4_000]) {
      await s.fail();
      await vi.advanceTimersByTimeAsync(gap);
    }
    await s.fail();
    expect(s.log.map((e) => e.startedAt - T0)).toEqual([0, 1_000, 3_000, 7_000]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(onDeadline).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.check).toHaveBeenCalledTimes(4);
    expect(s.maxInFlight).toBe(1);
  });

  it('start() after a timeout polls afresh (a new deadline is a new poller)', async () => {
    const s = scriptedCheck<string>();
    const p = createPoller({ check: s.check, intervalMs: 1_000, deadline: T0 + 1_000, now: Date.now, isFinal: () => false });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    await s.answer('09');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(p.timedOut).toBe(true);
    // Same deadline, already past: start() reports it again rather than asking.
    p.start();
    expect(p.timedOut).toBe(true);
    expect(s.check).toHaveBeenCalledTimes(1);
  });
});

describe('backoffDelay', () => {
  it('doubles per failure from the base', () => {
    const none = () => 0;
    expect(backoffDelay(1_000, 1, none)).toBe(1_000);
    expect(backoffDelay(1_000, 2, none)).toBe(2_000);
    expect(backoffDelay(1_000, 3, none)).toBe(4_000);
    expect(backoffDelay(1_000, 4, none)).toBe(8_000);
  });

  it('is capped at MAX_BACKOFF_FACTOR times the base', () => {
    const none = () => 0;
    expect(backoffDelay(1_000, 5, none)).toBe(1_000 * MAX_BACKOFF_FACTOR);
    expect(backoffDelay(1_000, 50, none)).toBe(1_000 * MAX_BACKOFF_FACTOR);
    expect(backoffDelay(2_000, 1_000, none)).toBe(2_000 * MAX_BACKOFF_FACTOR);
  });

  it('treats zero failures as the first', () => {
    expect(backoffDelay(1_000, 0, () => 0)).toBe(1_000);
  });

  it('adds up to 50% jitter, never less than the base wait', () => {
    expect(backoffDelay(1_000, 1, () => 0.5)).toBe(1_250);
    expect(backoffDelay(1_000, 3, () => 1)).toBe(6_000);
    for (let i = 0; i < 200; i++) {
      const d = backoffDelay(2_000, 2, Math.random);
      expect(d).toBeGreaterThanOrEqual(4_000);
      expect(d).toBeLessThanOrEqual(6_000);
    }
  });
});
