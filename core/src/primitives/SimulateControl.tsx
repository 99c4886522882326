import { css } from '@linaria/core';
import { useState } from 'react';
import { useT } from '../i18n';
import { useCheckout, useCheckoutState } from '../state/checkout';
import { notify } from '../state/actions';
import { registerMessages } from '../i18n';
import { sandboxMessages } from './sandboxMessages';

registerMessages(sandboxMessages);

const box = css`
  border: 1px dashed var(--oja-border, #cfd6e0);
  border-radius: 8px;
  padding: 10px;
  font-size: 13px;
  p { margin: 0 0 8px; font-weight: 600; }
  div { display: flex; flex-wrap: wrap; gap: 6px; }
  button { font: inherit; padding: 6px 10px; border-radius: 6px; border: 1px solid var(--oja-border, #cfd6e0); background: var(--oja-surface, #fff); color: inherit; cursor: pointer; }
`;

const OUTCOMES = ['success', 'failed', 'expired'] as const;

/** The sandbox's own control to settle an asynchronous payment; only rendered when the sandbox is on. */
export function SimulateControl() {
  const t = useT();
  const c = useCheckout();
  const { env, props } = useCheckoutState();
  const [busy, setBusy] = useState(false);
  if (!env.sandbox) return null;
  const simulate = async (outcome: (typeof OUTCOMES)[number]) => {
    setBusy(true);
    try {
      await c.http.post('/sandbox/simulate', { merchant_code: props.merchantCode, txn_ref: props.merchantTransactionReference, outcome });
    } catch {
      notify(c, t('core.sandbox.failedCall'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={box} data-testid="sandbox-simulate">
      <p>{t('core.sandbox.simulate')}</p>
      <div>
        {OUTCOMES.map((o) => (
          <button key={o} type="button" disabled={busy} data-outcome={o} onClick={() => simulate(o)}>
            {t(`core.sandbox.${o}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
