import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { CODE_EXPIRED, ChangeMethodLink, complete, serverNow, styles, useChannel, useCheckout, useT } from '@oja/core';
import { PendingLayout, StillTrying } from '@oja/core/pending-layout';
import { useCountdown } from '@oja/core/countdown';
import { useStatusPolling } from '@oja/core/status-polling';
import type { PwaState } from './state';
import { MAX_STATUS_EXTENSIONS, STATUS_EXTENSION_MS, STATUS_WAIT_MS } from './constants';

/** "Wait additional 5 Minutes": once, restarting the countdown; the choice is recorded (spec core §4 step 5). */
export function waitMore(state: PwaState): void {
  if (state.extensions >= MAX_STATUS_EXTENSIONS) return;
  state.extensions += 1;
  state.statusDeadline = serverNow() + STATUS_EXTENSION_MS;
}

/**
 * The status page (spec core §2 "Transaction-status screen", §4 steps 4-6): status every 5 s, a 5 minute
 * countdown; at its end one more wait of 5 minutes may be asked for, and the end of that completes with XS1.
 */
export function TransactionStatus({ state }: { state: PwaState }) {
  const t = useT();
  const c = useCheckout();
  const plugin = useChannel();
  const snap = useSnapshot(state);
  useEffect(() => {
    // The wait starts when the page opens; back from it and in again, it carries on.
    if (state.statusDeadline === null) state.statusDeadline = serverNow() + STATUS_WAIT_MS;
  }, [state]);
  const left = useCountdown(snap.statusDeadline, () => {
    if (state.extensions >= MAX_STATUS_EXTENSIONS) complete(c, CODE_EXPIRED);
  });
  const polling = useStatusPolling(plugin, true);
  const timedOut = snap.statusDeadline !== null && left === 0;
  return (
    <PendingLayout
      title={t('pay-with-app.status.title')}
      remainingMs={snap.statusDeadline === null ? STATUS_WAIT_MS : left}
      message={t('pay-with-app.status.message')}
    >
      <StillTrying failures={polling.failures} />
      {timedOut && snap.extensions < MAX_STATUS_EXTENSIONS && (
        <div className={styles.stack} role="alert">
          <p>{t('pay-with-app.status.timedOut')}</p>
          <button
            type="button"
            className={styles.button}
            onClick={(e) => {
              // The button goes with the prompt: the focus goes to the page's heading rather than nowhere.
              const h1 = e.currentTarget.closest('section')?.querySelector('h1');
              waitMore(state);
              if (h1) {
                h1.tabIndex = -1;
                h1.focus();
              }
            }}
          >
            {t('pay-with-app.status.waitMore')}
          </button>
        </div>
      )}
      <ChangeMethodLink />
    </PendingLayout>
  );
}
