import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { complete, registerMessages, useChannel, useCheckout, useT } from '@oja/core';
import type { Checkout, Visit } from '@oja/core';
import { StillTrying } from '@oja/core/waiting-view';
import { BackLink, ProviderFrame } from '@oja/core/provider-frame';
import { useStatusPolling } from '@oja/core/status-polling';
import { useVisit } from '@oja/core/visit';
import { confirm, initialize } from './api';
import { CODE_EMPTY, CODE_STOPPED } from './constants';
import { enairaVisit } from './visit';
import type { EnairaState } from './visit';
import { screenMessages } from './screenMessages';

registerMessages(screenMessages);

/** A payment eNaira stopped (01: the payer declined, or eNaira ended it) says so, in eNaira's words, not "Oops". */
const STOPPED = { messageKey: 'enaira.stopped' };

/**
 * Initialises (once per visit), then confirms at once with the invoiceId (companion §4 "eNaira"). An initialise
 * error completes with an empty code; a failed confirmation leaves the status to tell.
 */
export async function start(c: Checkout, v: Visit<EnairaState>): Promise<void> {
  const { init } = v.state;
  if (init.status !== 'idle') return;
  const invoice = await v.run(init, (ctx) => initialize(ctx));
  if (!invoice) {
    // Left meanwhile (the visit ended): nothing to complete.
    if (!v.ended) complete(c, CODE_EMPTY);
    return;
  }
  await v.run(v.state.confirm, (ctx) => confirm(ctx, invoice.invoiceId));
}

/** eNaira (companion §2, §4): a loader while initialising, the eNaira page in a frame, the status every 2 s. */
export default function EnairaScreen() {
  const t = useT();
  const c = useCheckout();
  const plugin = useChannel();
  const v = useVisit(enairaVisit);
  const snap = useSnapshot(v.state);
  useEffect(() => {
    void start(c, v);
  }, [v]);
  const confirmed = snap.confirm.status === 'success' || snap.confirm.status === 'error';
  const polling = useStatusPolling(plugin, confirmed, {
    visit: v,
    onFinal: (answer) => {
      if (answer.code !== CODE_STOPPED) return;
      complete(c, CODE_EMPTY, STOPPED);
      return false;
    },
  });
  const url = snap.init.status === 'success' ? snap.init.response?.url : undefined;
  return (
    <ProviderFrame title={t('enaira.title')} url={url} frameTitle={t('enaira.frameTitle')} message={t('enaira.message')}>
      <StillTrying failures={polling.failures} />
      <BackLink label="enaira.back" option="CUSTOMER_WALLET" />
    </ProviderFrame>
  );
}
