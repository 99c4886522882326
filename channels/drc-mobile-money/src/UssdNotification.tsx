import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { changeMethod, complete, formatAmount, go, serverNow, styles, useChannel, useCheckout, useCheckoutState, useT } from '@oja/core';
import { WaitingView } from '@oja/core/waiting-view';
import { useCountdown } from '@oja/core/countdown';
import { useStatusPolling } from '@oja/core/status-polling';
import { useVisit } from '@oja/core/visit';
import { CODE_WALLET_FAILED } from './constants';
import { walletNumber } from './rules';
import { isOrange, ORANGE_FIRST_QUERY_MS, POLL_TIMEOUT_MS } from './timing';
import { drcVisit, recallWait, rememberStart } from './visit';
import { WALLET_FAILED_KEY } from './WalletForm';

/** Oops: the wait ended without an answer (companion §2): Retry goes back to the method list. */
export function WaitFailed() {
  const t = useT();
  const c = useCheckout();
  return (
    <section className={styles.stack} aria-labelledby="drc-failed-title">
      <div role="alert">
        <h1 id="drc-failed-title" className={styles.heading}>
          {t('drc-mobile-money.failed.title')}
        </h1>
        <p className={styles.muted}>{t('drc-mobile-money.failed.hint')}</p>
      </div>
      <button type="button" className={styles.button} onClick={() => changeMethod(c)}>
        {t('drc-mobile-money.failed.retry')}
      </button>
    </section>
  );
}

/**
 * The USSD notification page (companion §2, §4 "DRC wallet"): the prompt is on the payer's phone. The status is
 * asked 4 s after the wait began (23 minutes for ORANGE), again while 09, one request at a time; a final code
 * completes. The 30 s polling timeout ends the wait ("Oops…", Retry to the method list), except for ORANGE, whose
 * page then says "Transaction in Progress" and counts down to its first query. Deadlines run on the server's clock
 * from the wait's start, kept for the tab so a reload keeps them.
 */
export function UssdNotification() {
  const t = useT();
  const c = useCheckout();
  const plugin = useChannel();
  const { props, locale } = useCheckoutState();
  const v = useVisit(drcVisit);
  const state = v.state;
  const snap = useSnapshot(state);

  useEffect(() => {
    // A reload: the biller and the wait's start from the tab's storage (read once hydrated: the server has none).
    if (state.biller && state.startedAt !== null) return;
    const kept = recallWait(props.paymentId);
    state.biller ||= kept.biller;
    // Nothing to wait on (the page opened by its address alone): the form.
    if (!state.biller) return go(c, plugin.path, true);
    if (state.startedAt === null) {
      state.startedAt = kept.startedAt ?? serverNow();
      rememberStart(props.paymentId, state.startedAt);
    }
  }, [state]);

  const startedAt = snap.startedAt;
  const ready = snap.biller !== '' && startedAt !== null;
  const orange = isOrange(snap.biller);
  const polling = useStatusPolling(plugin, ready, {
    visit: v,
    params: { biller: snap.biller, startedAt },
    onFinal: (answer) => {
      if (answer.code !== CODE_WALLET_FAILED) return;
      complete(c, answer.code, { ...answer.response, messageKey: WALLET_FAILED_KEY });
      return false;
    },
  });
  // The payer's 30 s; for ORANGE, then the countdown to its first query (the views show them; these pick the view).
  const waitLeft = useCountdown(ready ? startedAt + POLL_TIMEOUT_MS : null);
  const queryLeft = useCountdown(ready && orange ? startedAt + ORANGE_FIRST_QUERY_MS : null);

  if (polling.timedOut) return <WaitFailed />;
  if (ready && orange && waitLeft === 0) {
    return (
      <WaitingView
        title={t('drc-mobile-money.inProgress.title')}
        message={t('drc-mobile-money.inProgress.message', { biller: snap.biller })}
        deadline={queryLeft > 0 ? startedAt + ORANGE_FIRST_QUERY_MS : null}
        failures={polling.failures}
      />
    );
  }
  return (
    <WaitingView
      title={t('drc-mobile-money.ussd.title')}
      message={t('drc-mobile-money.ussd.message')}
      deadline={ready ? startedAt + POLL_TIMEOUT_MS : null}
      failures={polling.failures}
    >
      {snap.number && snap.biller && (
        <p className={styles.muted}>
          {t('drc-mobile-money.ussd.sentTo', {
            amount: formatAmount(props.checkoutAmount, props.currencyCode, locale),
            biller: snap.biller,
            number: walletNumber(snap.biller, snap.number),
          })}
        </p>
      )}
    </WaitingView>
  );
}
