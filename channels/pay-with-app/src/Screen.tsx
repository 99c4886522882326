import { useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { useSnapshot } from 'valtio';
import { ChangeMethodLink, registerMessages, serverNow, styles, useChannel, useCheckout, useT } from '@oja/core';
import { PendingLayout } from '@oja/core/pending-layout';
import { NotConfiguredError, startPayWithApp } from './api';
import { chooseDevice } from './state';
import { pwaVisit } from './visit';
import type { PwaState } from './state';
import { CODE_VALIDITY_MS } from './constants';
import { PAGES, firstPage, goToPage } from './pages';
import { DeepLink } from './DeepLink';
import { FiveDigitCode } from './FiveDigitCode';
import { TransactionStatus } from './TransactionStatus';
import { screenMessages } from './screenMessages';
import { messageKeyForFailure } from '@oja/core/code-messages';
import { useVisit } from '@oja/core/visit';

registerMessages(screenMessages);

function Starting() {
  const t = useT();
  return (
    <PendingLayout title={t('pay-with-app.starting')}>
      <ChangeMethodLink />
    </PendingLayout>
  );
}

/** The token or institutions call failed: why, Try again (unless the checkout lacks the settings), another method. */
function StartFailed({ error, onRetry }: { error: Error | null; onRetry(): void }) {
  const t = useT();
  const unset = error instanceof NotConfiguredError;
  const reason = messageKeyForFailure(error);
  return (
    <section className={styles.stack} aria-labelledby="pwa-failed-title">
      <h1 id="pwa-failed-title" className={styles.heading}>
        {t('pay-with-app.title')}
      </h1>
      <p className={styles.errorText} role="alert">
        {unset ? t('pay-with-app.notConfigured') : `${t('pay-with-app.startFailed')} ${t(reason)}`}
      </p>
      {!unset && (
        <button type="button" className={styles.button} onClick={onRetry}>
          {t('pay-with-app.retry')}
        </button>
      )}
      <ChangeMethodLink />
    </section>
  );
}

/** The section's own path (or an unknown page of it): on to the device's first page. */
function ToFirstPage({ state }: { state: PwaState }) {
  const c = useCheckout();
  const plugin = useChannel();
  useEffect(() => {
    goToPage(c, plugin, firstPage(state.device ?? chooseDevice()), true);
  }, [c, plugin, state]);
  return <Starting />;
}

/**
 * Pay with App (spec core §2, §4 "Pay with app"): a token, then the institutions and the five-digit code; then the
 * deep links (phone) or the code (web), and the status page. Everything lives in the channel's visit (visit.ts).
 */
export default function PayWithAppScreen() {
  const c = useCheckout();
  const plugin = useChannel();
  const v = useVisit(pwaVisit);
  const state = v.state;
  const snap = useSnapshot(state);

  const start = () =>
    void v.run(state.start, async (ctx) => {
      const started = await startPayWithApp(ctx, c.state.env.channelSettings?.[plugin.id]);
      // A successful institutions fetch starts the code's 15 minutes (spec core §4 step 2).
      state.codeDeadline = serverNow() + CODE_VALIDITY_MS;
      return started;
    });

  useEffect(() => {
    // Decided once, on entry (spec core §9 "Mobile breakpoint 480"); a visit already started (back from the result) keeps its own.
    if (state.start.status !== 'idle') return;
    state.device = chooseDevice();
    start();
    // Once per visit; Try again starts afresh within it. The visit's end drops the token and the institutions.
  }, []);

  if (snap.start.status === 'error') return <StartFailed error={snap.start.error as Error | null} onRetry={start} />;
  if (snap.start.status !== 'success') return <Starting />;
  return (
    <Switch>
      <Route path="/deeplink/:device">
        <DeepLink state={state} />
      </Route>
      <Route path="/five-digit-code/:device">
        {(params: { device?: string }) => <FiveDigitCode state={state} device={params.device === 'mobile' ? 'mobile' : 'web'} />}
      </Route>
      <Route path={PAGES.status}>
        <TransactionStatus visit={v} />
      </Route>
      <Route>
        <ToFirstPage state={state} />
      </Route>
    </Switch>
  );
}
