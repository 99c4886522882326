import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { complete, registerMessages, useChannel, useCheckout, useT } from '@oja/core';
import type { Checkout, Visit } from '@oja/core';
import { StillTrying } from '@oja/core/pending-layout';
import { BackLink, ProviderFrame } from '@oja/core/provider-frame';
import { useStatusPolling } from '@oja/core/status-polling';
import { useVisit } from '@oja/core/visit';
import { initialize } from './api';
import { CODE_EMPTY, CODE_STOPPED } from './constants';
import { opayVisit } from './visit';
import type { OpayState } from './visit';
import { screenMessages } from './screenMessages';

registerMessages(screenMessages);

/** A payment OPay stopped (01: the payer declined, or OPay ended it) says so, in OPay's words, not "Oops". */
const STOPPED = { messageKey: 'opay.stopped' };

/** Initialises unless already pending or done (companion §4 "OPay"); init 01 completes with an empty code. */
export async function start(c: Checkout, v: Visit<OpayState>): Promise<void> {
  const { init } = v.state;
  if (init.status === 'pending' || init.status === 'success') return;
  const answer = await v.run(init, (ctx) => initialize(ctx));
  if (answer?.responseCode === CODE_STOPPED) complete(c, CODE_EMPTY, STOPPED);
}

/**
 * OPay (companion §2, §4): a loader while initialising, then OPay's page in a frame, the status every 2 s: 00
 * completes, 01 completes empty and stops, anything else waits (api.ts). A failed initialise offers Try again.
 */
export default function OpayScreen() {
  const t = useT();
  const c = useCheckout();
  const plugin = useChannel();
  const v = useVisit(opayVisit);
  const snap = useSnapshot(v.state);
  useEffect(() => {
    void start(c, v);
  }, [v]);
  const url = snap.init.status === 'success' ? snap.init.response?.redirectUrl : undefined;
  const polling = useStatusPolling(plugin, !!url, (answer) => {
    if (answer.code !== CODE_STOPPED) return;
    complete(c, CODE_EMPTY, STOPPED);
    return false;
  });
  return (
    <ProviderFrame
      failure={snap.init.status === 'error' ? { message: t('opay.failed'), retryLabel: t('opay.retry'), onRetry: () => void start(c, v) } : undefined}
      title={t('opay.title')}
      url={url}
      frameTitle={t('opay.frameTitle')}
      message={t('opay.message')}
    >
      <StillTrying failures={polling.failures} />
      <BackLink label="opay.back" option="CUSTOMER_WALLET" />
    </ProviderFrame>
  );
}
