import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { complete, registerMessages, serverNow, useChannel, useCheckout, useT } from '@oja/core';
import type { Checkout, Visit } from '@oja/core';
import { useCountdown } from '@oja/core/countdown';
import { StillTrying } from '@oja/core/pending-layout';
import { BackLink, ProviderFrame } from '@oja/core/provider-frame';
import { useStatusPolling } from '@oja/core/status-polling';
import { useVisit } from '@oja/core/visit';
import { initialize } from './api';
import { CODE_EMPTY, CODE_STOPPED, PAY_WINDOW_MS } from './constants';
import { palmpayVisit } from './visit';
import type { PalmpayState } from './visit';
import { screenMessages } from './screenMessages';

registerMessages(screenMessages);

/** A payment PalmPay stopped (01: the payer declined, or PalmPay ended it) says so, in PalmPay's words, not "Oops". */
const STOPPED = { messageKey: 'palmpay.stopped' };

/** Initialises unless already pending or done; init 01 completes empty; the window starts when it answers. */
export async function start(c: Checkout, v: Visit<PalmpayState>): Promise<void> {
  const { init } = v.state;
  if (init.status === 'pending' || init.status === 'success') return;
  const answer = await v.run(init, (ctx) => initialize(ctx));
  if (!answer) return;
  if (answer.responseCode === CODE_STOPPED) return complete(c, CODE_EMPTY, STOPPED);
  v.state.startedAt = serverNow();
}

/**
 * PalmPay (companion §2, §4): a loader while initialising, then PalmPay's page in a frame with the time left, the
 * status every 2 s (00 completes, 01 completes empty); at the end of the 5 minutes the payment completes empty.
 */
export default function PalmpayScreen() {
  const t = useT();
  const c = useCheckout();
  const plugin = useChannel();
  const v = useVisit(palmpayVisit);
  const snap = useSnapshot(v.state);
  useEffect(() => {
    void start(c, v);
  }, [v]);
  const url = snap.init.status === 'success' ? snap.init.response?.redirectUrl : undefined;
  const deadline = url && snap.startedAt !== null ? snap.startedAt + PAY_WINDOW_MS : null;
  const left = useCountdown(deadline, () => complete(c, CODE_EMPTY));
  const polling = useStatusPolling(plugin, deadline !== null && left > 0, {
    deadline,
    onFinal: (answer) => {
      if (answer.code !== CODE_STOPPED) return;
      complete(c, CODE_EMPTY, STOPPED);
      return false;
    },
  });
  return (
    <ProviderFrame
      failure={
        snap.init.status === 'error' ? { message: t('palmpay.failed'), retryLabel: t('palmpay.retry'), onRetry: () => void start(c, v) } : undefined
      }
      title={t('palmpay.title')}
      url={url}
      frameTitle={t('palmpay.frameTitle')}
      message={t('palmpay.message')}
      remainingMs={deadline === null ? undefined : left}
    >
      <StillTrying failures={polling.failures} />
      <BackLink label="palmpay.back" option="CUSTOMER_WALLET" />
    </ProviderFrame>
  );
}
