import { useEffect, useRef } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { ChangeMethodLink, CODE_EXPIRED, classify, complete, registerMessages, serverNow, styles, useChannel, useCheckout, useT } from '@oja/core';
import { PendingLayout, createAsyncSlot, runSlot, useCountdown, useStatusPolling } from '@oja/core/primitives';
import type { StatusAnswer } from '@oja/core';
import { generateAccount } from './api';
import type { TransferAccount } from './api';
import { AccountDetails } from './AccountDetails';
import { Waiting } from './Waiting';
import { AUTO_COMPLETE_GRACE_MS, EXTENSION_MS, MAX_EXTENSIONS, WAIT_MS } from './constants';
import { screenMessages } from './screenMessages';

registerMessages(screenMessages);

/** One visit's state: the account, the stage and the deadlines (server-clock ms). */
function createTransferState() {
  return proxy({
    stage: 'account' as 'account' | 'waiting',
    account: createAsyncSlot<TransferAccount>(),
    /** When the payment completes as expired: the account's validity plus the grace. */
    expiresAt: null as number | null,
    waitDeadline: 0,
    extensions: 0,
  });
}

/** Transfer: generate the account, then wait for the bank while polling status (spec core §4 "Transfer"). */
export default function TransferScreen() {
  const t = useT();
  const c = useCheckout();
  const plugin = useChannel();
  const local = useRef(createTransferState()).current;
  const snap = useSnapshot(local);

  const generate = () => {
    const ctrl = new AbortController();
    void runSlot(local.account, () => generateAccount(c.http, c.state.props, ctrl.signal)).then((account) => {
      if (account) local.expiresAt = serverNow() + account.validityPeriodMins * 60_000 + AUTO_COMPLETE_GRACE_MS;
    });
    return ctrl;
  };

  useEffect(() => {
    const ctrl = generate();
    return () => ctrl.abort();
    // Generated once per visit; Retry remounts the screen.
  }, []);

  // The payment completes as expired once the account's validity and its grace are over.
  useCountdown(snap.expiresAt, () => complete(c, CODE_EXPIRED));

  const polling = useStatusPolling(plugin, snap.stage === 'waiting', (answer: StatusAnswer) => {
    if (classify(answer.code) !== 'failed') return true;
    complete(c, answer.code, { ...answer.response, titleKey: 'transfer.errorTitle', messageKey: 'transfer.errorMessage' });
    return false;
  });

  const onTransferred = () => {
    local.stage = 'waiting';
    local.waitDeadline = serverNow() + WAIT_MS;
  };
  const onExtend = () => {
    if (local.extensions >= MAX_EXTENSIONS) return;
    local.extensions += 1;
    local.waitDeadline = Math.max(local.waitDeadline, serverNow()) + EXTENSION_MS;
  };

  const slot = snap.account;
  if (slot.status === 'error') {
    return (
      <section className={styles.stack}>
        <p className={styles.errorText} role="alert">{t('transfer.generateFailed')} {t('core.error.network')}</p>
        <button type="button" className={styles.button} onClick={generate}>
          {t('transfer.retry')}
        </button>
        <ChangeMethodLink />
      </section>
    );
  }
  if (slot.status !== 'success' || !slot.response) {
    return <PendingLayout title={t('transfer.generating')} simulate={false} />;
  }
  if (snap.stage === 'waiting') {
    return <Waiting waitDeadline={snap.waitDeadline} extensionsUsed={snap.extensions} onExtend={onExtend} failures={polling.failures} />;
  }
  return <AccountDetails account={slot.response as TransferAccount} onTransferred={onTransferred} />;
}
