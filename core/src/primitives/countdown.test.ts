import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLayoutEffect } from 'react';
import { act, cleanup, renderHook } from '@testing-library/react';
import { COUNTDOWN_TICK_MS, formatHms, formatMmSs, remainingMs, useCountdown } from './countdown';
import { setServerOffset } from '../clock';

const T0 = Date.UTC(2030, 0, 15, 12, 0, 0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  setServerOffset(0);
});
afterEach(() => {
  cleanup();
  setServerOffset(0);
  vi.useRealTimers();
});

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('remainingMs', () => {
  it('is the time until the deadline', () => {
    expect(remainingMs(10_000, 4_000)).toBe(6_000);
  });
  it('is never negative', () => {
    expect(remainingMs(4_000, 10_000)).toBe(0);
    expect(remainingMs(4_000, 4_000)).toBe(0);
  });
  it('reads the server clock by default', () => {
    setServerOffset(30_000);
    expect(remainingMs(T0 + 90_000)).toBe(60_000);
  });
});

describe('formatMmSs', () => {
  it.each([
    [0, '00:00'],
    [1_000, '00:01'],
    [59_000, '00:59'],
    [60_000, '01:00'],
    [300_000, '05:00'],
    [600_000, '10:00'],
    [3_600_000, '60:00'],
    [5_400_000, '90:00'],
  ])('%i ms is %s', (ms, text) => {
    expect(formatMmSs(ms)).toBe(text);
  });

  it('rounds part of a second up, so 00:00 shows only at the end', () => {
    expect(formatMmSs(1)).toBe('00:01');
    expect(formatMmSs(59_001)).toBe('01:00');
    expect(formatMmSs(299_999)).toBe('05:00');
  });
});

describe('formatHms', () => {
  it.each([
    [900_000, '00h 15m 00s'],
    [0, '00h 00m 00s'],
    [61_000, '00h 01m 01s'],
    [3_600_000, '01h 00m 00s'],
    [3_723_000, '01h 02m 03s'],
    [899_001, '00h 15m 00s'],
  ])('%i ms is %s', (ms, text) => {
    expect(formatHms(ms)).toBe(text);
  });
});

describe('useCountdown', () => {
  it('ticks every second down to zero and calls onEnd once', async () => {
    const onEnd = vi.fn();
    const deadline = T0 + 5_000;
    const { result } = renderHook(() => useCountdown(deadline, onEnd));
    expect(result.current).toBe(5_000);
    expect(COUNTDOWN_TICK_MS).toBe(1_000);
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      await tick(1_000);
      seen.push(result.current);
    }
    expect(seen).toEqual([4_000, 3_000, 2_000, 1_000, 0]);
    expect(onEnd).toHaveBeenCalledTimes(1);
    await tick(10_000);
    expect(result.current).toBe(0);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('wakes on whole seconds of the time left', async () => {
    const { result } = renderHook(() => useCountdown(T0 + 2_500));
    expect(result.current).toBe(2_500);
    await tick(499);
    expect(result.current).toBe(2_500);
    await tick(1);
    expect(result.current).toBe(2_000);
    await tick(1_000);
    expect(result.current).toBe(1_000);
  });

  it('uses the server clock for the deadline', async () => {
    // The server is a minute ahead of this device: a deadline 5 s away on the server's clock.
    setServerOffset(60_000);
    const onEnd = vi.fn();
    const { result } = renderHook(() => useCountdown(T0 + 65_000, onEnd));
    expect(result.current).toBe(5_000);
    await tick(5_000);
    expect(result.current).toBe(0);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('ends at once for a deadline already past', async () => {
    const onEnd = vi.fn();
    const { result } = renderHook(() => useCountdown(T0 - 1_000, onEnd));
    await tick(0);
    expect(result.current).toBe(0);
    expect(onEnd).toHaveBeenCalledTimes(1);
    await tick(5_000);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('does nothing without a deadline', async () => {
    const onEnd = vi.fn();
    const { result } = renderHook(() => useCountdown(null, onEnd));
    await tick(5_000);
    expect(result.current).toBe(0);
    expect(onEnd).not.toHaveBeenCalled();
  });

  it('shows the right time after the tab slept (the deadline is the truth)', async () => {
    const { result } = renderHook(() => useCountdown(T0 + 600_000));
    // A throttled tab: the clock jumps without the timers firing.
    vi.setSystemTime(T0 + 400_000);
    await tick(1_000);
    expect(result.current).toBe(199_000);
  });

  it('restarts for a new deadline (an extension) and ends again', async () => {
    const onEnd = vi.fn();
    const { result, rerender } = renderHook(({ deadline }) => useCountdown(deadline, onEnd), { initialProps: { deadline: T0 + 2_000 } });
    await tick(2_000);
    expect(onEnd).toHaveBeenCalledTimes(1);
    rerender({ deadline: T0 + 2_000 + 300_000 });
    await tick(0);
    expect(result.current).toBe(300_000);
    await tick(300_000);
    expect(onEnd).toHaveBeenCalledTimes(2);
  });

  it('counts a new deadline from the render that brings it: never a frame of the old time left', async () => {
    // What each committed render returned: a stale 0 beside a fresh extension would show "00:00" and the
    // screen's run-out prompt for a frame (a payer and a screen reader see it; a test on a slow machine too).
    const committed: number[] = [];
    const { rerender } = renderHook(
      ({ deadline }) => {
        const left = useCountdown(deadline);
        useLayoutEffect(() => void committed.push(left));
        return left;
      },
      { initialProps: { deadline: T0 + 1_000 } },
    );
    await tick(1_000);
    expect(committed.at(-1)).toBe(0);
    committed.length = 0;
    rerender({ deadline: T0 + 1_000 + 300_000 });
    await tick(0);
    expect(committed).not.toContain(0);
    expect(committed.at(-1)).toBe(300_000);
  });

  it('calls the latest onEnd', async () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderHook(({ onEnd }) => useCountdown(T0 + 1_000, onEnd), { initialProps: { onEnd: first } });
    rerender({ onEnd: second });
    await tick(1_000);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('stops ticking when unmounted', async () => {
    const onEnd = vi.fn();
    const { unmount } = renderHook(() => useCountdown(T0 + 3_000, onEnd));
    unmount();
    await tick(10_000);
    expect(onEnd).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
