import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { ChangeMethodLink, CODE_EXPIRED, classify, complete, registerMessages, serverNow, styles, useChannel, useCheckout, useT } from '@oja/core';
import { PendingLayout } from '@oja/core/pending-layout';
import { WaitingView } from '@oja/core/waiting-view';
import { useCountdown } from '@oja/core/countdown';
import { useStatusPolling } from '@oja/core/status-polling';
import { generateAccount } from './api';
import { AccountDetails } from './AccountDetails';
import { EXTENSION_MS, MAX_EXTENSIONS, WAIT_MS } from './constants';
import { expiryOf, transferVisit } from './visit';
import { screenMessages } from './screenMessages';
import { messageKeyForFailure } from '@oja/core/code-messages';
import { useVisit } from '@oja/core/visit';

registerMessages(screenMessages);

/** Transfer: generate the account, then wait for the bank while polling status (spec core §4 "Transfer"). */
export default function TransferScreen() {
  const t = useT();
  const c = useCheckout();
  const plugin = useChannel();
  const v = useVisit(transferVisit);
  const state = v.state;
  const snap = useSnapshot(state);

  const generate = () => {
    void v.run(state.account, generateAccount).then((account) => {
      if (account) state.expiresAt = expiryOf(account);
    });
  };

  useEffect(() => {
    // Generated once per visit (unless the server did): Retry starts a new visit.
    if (state.account.status === 'idle') generate();
  }, [v]);

  // The payment completes as expired once the account's validity and its grace are over.
  useCountdown(snap.expiresAt, () => complete(c, CODE_EXPIRED));

  const polling = useStatusPolling(plugin, snap.stage === 'waiting', {
    visit: v,
    onFinal: (answer) => {
      if (classify(answer.code) !== 'failed') return true;
      complete(c, answer.code, { ...answer.response, titleKey: 'transfer.errorTitle', messageKey: 'transfer.errorMessage' });
      return false;
    },
  });

  const onTransferred = () => {
    state.stage = 'waiting';
    state.waitDeadline = serverNow() + WAIT_MS;
  };
  const onExtend = () => {
    if (state.extensions >= MAX_EXTENSIONS) return;
    state.extensions += 1;
    state.waitDeadline = Math.max(state.waitDeadline, serverNow()) + EXTENSION_MS;
  };

  const slot = snap.account;
  if (slot.status === 'error') {
    return (
      <section className={styles.stack}>
        <p className={styles.errorText} role="alert">
          {t('transfer.generateFailed')} {t(messageKeyForFailure(slot.error))}
        </p>
        <button type="button" className={styles.button} onClick={generate}>
          {t('transfer.retry')}
        </button>
        <ChangeMethodLink />
      </section>
    );
  }
  if (slot.status !== 'success' || !slot.response) {
    return (
      <PendingLayout title={t('transfer.generating')}>
        <ChangeMethodLink />
      </PendingLayout>
    );
  }
  if (snap.stage === 'waiting') {
    // "Confirming your transfer": the wait's countdown, and up to three 5-minute extensions once it runs out.
    const extensionsLeft = MAX_EXTENSIONS - snap.extensions;
    return (
      <WaitingView
        title={t('transfer.waitingTitle')}
        message={t('transfer.waitingMessage')}
        deadline={snap.waitDeadline}
        failures={polling.failures}
        ended={
          extensionsLeft > 0
            ? {
                text: t('transfer.notYet'),
                waitLonger: { label: t('transfer.extend'), onClick: onExtend, note: t('transfer.extensionsLeft', { count: extensionsLeft }) },
              }
            : { text: t('transfer.stillChecking') }
        }
      />
    );
  }
  return <AccountDetails account={slot.response} onTransferred={onTransferred} />;
}
