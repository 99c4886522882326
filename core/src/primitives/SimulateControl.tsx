import { css } from '@linaria/core';
import { useState } from 'react';
import { useT } from '../i18n';
import { useCheckout, useCheckoutState } from '../state/checkout';
import { notify } from '../state/actions';
import { checkStatusNow } from '../state/attemptActions';
import { messageKeyForFailure } from '../codeMessages';
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
  button { font: inherit; min-height: 44px; padding: 6px 12px; border-radius: 6px; border: 1px solid var(--oja-border, #cfd6e0); background: var(--oja-surface, #fff); color: inherit; cursor: pointer; }
`;

/** Always in the page (empty when idle), so that screen readers announce the text when it appears. */
const status = css`
  display: block;
  &:not(:empty) { margin-top: 8px; }
`;

const OUTCOMES = ['success', 'failed', 'expired'] as const;

export interface SimulateControlProps {
  /** For stories: start in the "settling" state. Default false. */
  initiallySettling?: boolean;
}

/**
 * The sandbox's own control to settle an asynchronous payment; only rendered when the sandbox is on. After the
 * sandbox accepts, it asks the status at once through the screen's polling (checkStatusNow) rather than waiting
 * for the next interval (20 s for transfer and USSD), and says "Settling this payment…" from the click until the
 * payment completes or the check answers that it is still pending.
 */
export function SimulateControl({ initiallySettling = false }: SimulateControlProps) {
  const t = useT();
  const c = useCheckout();
  const { env, props } = useCheckoutState();
  const [settling, setSettling] = useState(initiallySettling);
  if (!env.sandbox) return null;
  const simulate = async (outcome: (typeof OUTCOMES)[number]) => {
    setSettling(true);
    try {
      await c.http.post('/sandbox/simulate', { merchant_code: props.merchantCode, txn_ref: props.merchantTransactionReference, outcome });
    } catch (e) {
      setSettling(false);
      // Refused (a 4xx: no such payment, already settled) or a temporary failure the payer may simply retry.
      const key = messageKeyForFailure(e);
      notify(c, t(key === 'core.error.default' ? 'core.sandbox.failedCall' : key));
      return;
    }
    // A final answer completes the payment and this screen goes; otherwise the control is usable again.
    if ((await checkStatusNow(c)) !== 'final') setSettling(false);
  };
  return (
    <div className={box} data-testid="sandbox-simulate" aria-busy={settling}>
      <p>{t('core.sandbox.simulate')}</p>
      <div>
        {OUTCOMES.map((o) => (
          <button key={o} type="button" disabled={settling} data-outcome={o} onClick={() => simulate(o)}>
            {t(`core.sandbox.${o}`)}
          </button>
        ))}
      </div>
      <span className={status} role="status" aria-live="polite" data-testid="sandbox-settling">
        {settling ? t('core.sandbox.settling') : ''}
      </span>
    </div>
  );
}
