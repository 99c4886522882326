import { useEffect, useRef, useState } from 'react';
import type { ChannelPlugin, StatusAnswer } from '../plugin';
import { createPoller } from './poller';
import { useCheckout } from '../state/checkout';
import type { StatusCheckOutcome } from '../state/checkout';
import { complete } from '../state/actions';

/** Codes that mean "not settled yet" unless a channel says otherwise. */
export const DEFAULT_PENDING_CODES = ['09', 'S0', 'Z0'];

export interface StatusPolling {
  /** Consecutive failed requests (0 when the last one got an answer). */
  failures: number;
  last: StatusAnswer | null;
}

/**
 * Drives the channel's one status check while `active` (first request at once): one request in flight, the channel's interval,
 * backoff with jitter on errors, stopped on a final code (which completes the transaction) and when the
 * screen unmounts. While active, core's checkStatusNow(c) asks at once (poller.checkNow).
 */
/** onFinal may return false to keep the transaction open (the channel shows its own view instead). */
export function useStatusPolling(plugin: ChannelPlugin, active: boolean, onFinal?: (answer: StatusAnswer) => boolean | void): StatusPolling {
  const c = useCheckout();
  const [state, setState] = useState<StatusPolling>({ failures: 0, last: null });
  const onFinalRef = useRef(onFinal);
  onFinalRef.current = onFinal;
  useEffect(() => {
    const status = plugin.status;
    if (!active || !status) return;
    const pending = status.pendingCodes ?? DEFAULT_PENDING_CODES;
    const poller = createPoller<StatusAnswer>({
      check: (signal) => status.check({ props: c.state.props, http: c.http, signal, visits: c.visits }),
      intervalMs: status.intervalMs,
      retryMs: status.retryMs,
      isFinal: (a) => !pending.includes(a.code),
      onAnswer: (a) => {
        setState({ failures: 0, last: a });
        if (!pending.includes(a.code) && onFinalRef.current?.(a) !== false) complete(c, a.code, a.response);
      },
      onError: (_e, failures) => setState((s) => ({ ...s, failures })),
    });
    poller.start();
    // Reachable through core (checkStatusNow) while this screen polls: the sandbox's control asks at once.
    const checkNow = (): Promise<StatusCheckOutcome> =>
      poller.checkNow().then((r) => (r.kind === 'answer' ? (r.final ? 'final' : 'pending') : r.kind === 'error' ? 'error' : 'none'));
    c.checkStatusNow = checkNow;
    return () => {
      poller.stop();
      if (c.checkStatusNow === checkNow) c.checkStatusNow = undefined;
    };
  }, [c, plugin, active]);
  return state;
}
