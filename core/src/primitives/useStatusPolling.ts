import { useEffect, useRef, useState } from 'react';
import type { ChannelPlugin, StatusAnswer, StatusTiming, StatusTimingContext } from '../plugin';
import { createPoller } from './poller';
import { useCheckout } from '../state/checkout';
import type { StatusCheckOutcome } from '../state/checkout';
import { complete } from '../state/actions';
import { serverNow } from '../clock';
import type { Visit } from '../state/visit';

/** Codes that mean "not settled yet" unless a channel says otherwise. */
export const DEFAULT_PENDING_CODES = ['09', 'S0', 'Z0'];

export interface StatusPolling {
  /** Consecutive failed requests (0 when the last one got an answer). */
  failures: number;
  last: StatusAnswer | null;
  /** Polling reached its deadline without a final answer: the screen shows its own view (DRC: "Oops…", Retry). */
  timedOut: boolean;
}

/** Called with a final answer; may return false to keep the transaction open (the channel shows its own view). */
export type OnFinalAnswer = (answer: StatusAnswer) => boolean | void;

export interface StatusPollingOptions {
  /**
   * The polling screen's visit, handed to every status request (StatusContext.visit): the check reads what it
   * needs of the screen's state there (a bearer token, the chosen wallet). Default none.
   */
  visit?: Visit<object, unknown>;
  /**
   * Facts the channel's timing rules read (StatusCheck.firstDelayMs and timeoutMs as functions), e.g. the DRC
   * wallet chosen: `{ provider: 'ORANGE' }`. Read when polling starts; a change of value (compared as JSON)
   * starts it afresh. Default {}.
   */
  params?: Record<string, unknown>;
  /**
   * An instant on the server's clock (ms) after which polling stops, such as a code's expiry from the API. With the
   * channel's timeoutMs too, the earlier wins. Default: none.
   */
  deadline?: number | null;
  /** See OnFinalAnswer. Default: every final answer completes the transaction. */
  onFinal?: OnFinalAnswer;
  /** The deadline came before a final answer (also reported as `timedOut`). */
  onTimeout?: () => void;
}

const NO_PARAMS: Record<string, unknown> = {};

function timing(value: StatusTiming | undefined, ctx: StatusTimingContext): number | undefined {
  return typeof value === 'function' ? value(ctx) : value;
}

/**
 * Drives the channel's one status check while `active`: the first request after the channel's first delay (at
 * once by default), one request in flight, the channel's interval, backoff with jitter on errors, stopped on a
 * final code (which completes the transaction), at the deadline (timedOut) and when the screen unmounts. While
 * active, core's checkStatusNow(c) asks at once (poller.checkNow), first delay included.
 *
 * The third argument is the onFinal callback alone, or the options.
 */
export function useStatusPolling(plugin: ChannelPlugin, active: boolean, options?: OnFinalAnswer | StatusPollingOptions): StatusPolling {
  const c = useCheckout();
  const o: StatusPollingOptions = typeof options === 'function' ? { onFinal: options } : (options ?? {});
  const [state, setState] = useState<StatusPolling>({ failures: 0, last: null, timedOut: false });
  const latest = useRef(o);
  latest.current = o;
  // Polling restarts when what its timing depends on changes, not on every render's new object.
  const paramsKey = JSON.stringify(o.params ?? NO_PARAMS);
  const deadline = o.deadline ?? null;
  useEffect(() => {
    const status = plugin.status;
    if (!active || !status) return;
    const pending = status.pendingCodes ?? DEFAULT_PENDING_CODES;
    const ctx: StatusTimingContext = { props: c.state.props, params: latest.current.params ?? NO_PARAMS };
    const timeoutMs = timing(status.timeoutMs, ctx);
    const ends = [deadline, timeoutMs === undefined ? null : serverNow() + timeoutMs].filter((d): d is number => d !== null);
    setState((s) => (s.timedOut ? { ...s, timedOut: false } : s));
    const poller = createPoller<StatusAnswer>({
      check: (signal) => {
        c.statusPolls[plugin.id] = (c.statusPolls[plugin.id] ?? 0) + 1;
        return status.check({ props: c.state.props, http: c.http, signal, visits: c.visits, visit: latest.current.visit });
      },
      intervalMs: status.intervalMs,
      firstDelayMs: timing(status.firstDelayMs, ctx),
      retryMs: status.retryMs,
      deadline: ends.length ? Math.min(...ends) : undefined,
      isFinal: (a) => !pending.includes(a.code),
      onAnswer: (a) => {
        setState({ failures: 0, last: a, timedOut: false });
        if (!pending.includes(a.code) && latest.current.onFinal?.(a) !== false) complete(c, a.code, a.response);
      },
      onError: (_e, failures) => setState((s) => ({ ...s, failures })),
      onDeadline: () => {
        setState((s) => ({ ...s, timedOut: true }));
        latest.current.onTimeout?.();
      },
    });
    // Reachable through core (checkStatusNow) while this screen polls: the sandbox's control asks at once.
    const checkNow = (): Promise<StatusCheckOutcome> =>
      poller.checkNow().then((r) => (r.kind === 'answer' ? (r.final ? 'final' : 'pending') : r.kind === 'error' ? 'error' : 'none'));
    c.checkStatusNow = checkNow;
    poller.start();
    return () => {
      poller.stop();
      if (c.checkStatusNow === checkNow) c.checkStatusNow = undefined;
    };
  }, [c, plugin, active, paramsKey, deadline]);
  return state;
}
