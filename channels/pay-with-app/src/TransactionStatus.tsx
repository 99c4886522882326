import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { CODE_EXPIRED, complete, serverNow, useChannel, useCheckout, useT } from '@oja/core';
import { WaitingView } from '@oja/core/waiting-view';
import { useStatusPolling } from '@oja/core/status-polling';
import type { Visit } from '@oja/core';
import type { PwaState } from './state';
import { MAX_STATUS_EXTENSIONS, STATUS_EXTENSION_MS, STATUS_WAIT_MS } from './constants';

/** "Wait additional 5 Minutes": once, restarting the countdown; the choice is recorded (spec core §4 step 5). */
export function waitMore(state: PwaState): void {
  if (state.extensions >= MAX_STATUS_EXTENSIONS) return;
  state.extensions += 1;
  state.statusDeadline = serverNow() + STATUS_EXTENSION_MS;
}

/**
 * The status page (spec core §2 "Transaction-status screen", §4 steps 4-6): status every 5 s with the visit's
 * token, a 5 minute countdown; at its end one more wait of 5 minutes may be asked for, and the end of that
 * completes with XS1.
 */
export function TransactionStatus({ visit }: { visit: Visit<PwaState> }) {
  const t = useT();
  const c = useCheckout();
  const plugin = useChannel();
  const { state } = visit;
  const snap = useSnapshot(state);
  useEffect(() => {
    // The wait starts when the page opens; back from it and in again, it carries on.
    if (state.statusDeadline === null) state.statusDeadline = serverNow() + STATUS_WAIT_MS;
  }, [state]);
  const polling = useStatusPolling(plugin, true, { visit });
  return (
    <WaitingView
      title={t('pay-with-app.status.title')}
      message={t('pay-with-app.status.message')}
      deadline={snap.statusDeadline}
      onEnd={() => {
        if (state.extensions >= MAX_STATUS_EXTENSIONS) complete(c, CODE_EXPIRED);
      }}
      failures={polling.failures}
      ended={
        snap.extensions < MAX_STATUS_EXTENSIONS
          ? { text: t('pay-with-app.status.timedOut'), waitLonger: { label: t('pay-with-app.status.waitMore'), onClick: () => waitMore(state) } }
          : undefined
      }
    />
  );
}
