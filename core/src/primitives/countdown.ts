import { useEffect, useRef, useState } from 'react';
import { serverNow } from '../clock';

/** Countdown display refresh, ms. */
export const COUNTDOWN_TICK_MS = 1_000;

/** Milliseconds left until a deadline on the server's clock (never negative). */
export function remainingMs(deadline: number, now: number = serverNow()): number {
  return Math.max(0, deadline - now);
}

/**
 * Re-renders every second with the time left until `deadline` (server-clock ms) and calls onEnd once when
 * it reaches zero. The deadline, not a decrementing counter, is the truth: a throttled background tab
 * shows the right time when it wakes.
 */
export function useCountdown(deadline: number | null, onEnd?: () => void): number {
  const [shown, setShown] = useState(() => ({ deadline, left: deadline === null ? 0 : remainingMs(deadline) }));
  // A new deadline is counted from this very render: the time left of the old one (0 once it ran out) would show
  // for a frame, with whatever the screen shows at zero (a prompt, an announcement) beside the new deadline.
  let left = shown.left;
  if (!Object.is(shown.deadline, deadline)) {
    left = deadline === null ? 0 : remainingMs(deadline);
    setShown({ deadline, left });
  }
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;
  useEffect(() => {
    if (deadline === null) return;
    let ended = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const ms = remainingMs(deadline);
      setShown({ deadline, left: ms });
      if (ms === 0) {
        if (!ended) {
          ended = true;
          onEndRef.current?.();
        }
        return;
      }
      // Wake on the next whole second of the remaining time so the display never skips a number.
      timer = setTimeout(tick, ms % COUNTDOWN_TICK_MS || COUNTDOWN_TICK_MS);
    };
    tick();
    return () => clearTimeout(timer);
  }, [deadline]);
  return left;
}

/** mm:ss (hours folded into minutes). */
export function formatMmSs(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** 00h mm m ss s, as the pay-with-app code countdown shows it. */
export function formatHms(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(h)}h ${p(m)}m ${p(s)}s`;
}
