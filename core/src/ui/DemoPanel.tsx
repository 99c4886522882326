import { css } from '@linaria/core';
import { useId, useState } from 'react';
import { useT } from '../i18n';
import { useCheckoutState } from '../state/checkout';
import { SettingsIcon, CloseIcon } from './icons';
import { button, heading, secondaryButton, stack } from './styles';
import { registerMessages } from '../i18n';
import { demoMessages } from './demoMessages';

registerMessages(demoMessages);

const opener = css`
  position: fixed;
  top: 8px;
  left: 8px;
  z-index: 15;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  border: 1px solid var(--oja-border, #cfd6e0);
  background: var(--oja-surface, #fff);
  color: inherit;
  cursor: pointer;
  display: grid;
  place-items: center;
`;
const panel = css`
  position: fixed;
  top: 0;
  left: 0;
  bottom: 0;
  width: min(340px, 100%);
  overflow-y: auto;
  z-index: 25;
  background: var(--oja-surface, #fff);
  box-shadow: 4px 0 24px rgba(0, 0, 0, 0.2);
  padding: 16px;
  label { display: flex; flex-direction: column; gap: 4px; font-size: 13px; font-weight: 600; }
  input, select { font: inherit; padding: 8px; border: 1px solid var(--oja-border, #cfd6e0); border-radius: 6px; }
`;
const top = css`
  display: flex;
  justify-content: space-between;
  align-items: center;
  button { background: none; border: 0; cursor: pointer; color: inherit; padding: 6px; }
`;

/**
 * The internal demo panel (companion §2), shown only with the sandbox on: it starts a new payment with other
 * parameters, or a sample bulk payment, by posting to /pay like a merchant would.
 */
export function DemoPanel() {
  const t = useT();
  const { props } = useCheckoutState();
  const [open, setOpen] = useState(false);
  const id = useId();
  const field = (name: string, label: string, value: string | number, type = 'text') => (
    <label htmlFor={`${id}-${name}`}>
      {t(label)}
      <input id={`${id}-${name}`} name={name} type={type} defaultValue={String(value)} inputMode={type === 'number' ? 'numeric' : undefined} />
    </label>
  );
  return (
    <>
      <button type="button" className={opener} aria-label={t('core.demo.open')} aria-expanded={open} onClick={() => setOpen(true)}>
        <SettingsIcon />
      </button>
      {open && (
        <aside className={panel} aria-labelledby={`${id}-title`}>
          <div className={top}>
            <h2 id={`${id}-title`} className={heading}>{t('core.demo.title')}</h2>
            <button type="button" aria-label={t('core.demo.close')} onClick={() => setOpen(false)}>
              <CloseIcon />
            </button>
          </div>
          <form method="POST" action="/pay" className={stack}>
            {field('merchant_code', 'core.demo.merchantCode', props.merchantCode)}
            {field('pay_item_id', 'core.demo.payableCode', props.payableCode)}
            {field('amount', 'core.demo.amount', 1500, 'number')}
            {field('currency', 'core.demo.currency', props.currencyCode)}
            {field('txn_ref', 'core.demo.txnRef', `DEMO-${props.paymentId}-${Date.now().toString(36)}`)}
            {field('cust_name', 'core.demo.customerName', props.customerName ?? '')}
            {field('passportsessionid', 'core.demo.sessionId', '')}
            <label htmlFor={`${id}-mode`}>
              {t('core.demo.displayMode')}
              <select id={`${id}-mode`} name="display_mode" defaultValue={props.displayMode === 'INLINE' ? 'INLINE' : 'REDIRECT'}>
                <option value="REDIRECT">REDIRECT</option>
                <option value="INLINE">INLINE</option>
              </select>
            </label>
            <input type="hidden" name="site_redirect_url" value={props.siteRedirectUrl} />
            <input type="hidden" name="acquirer" value={props.acquiredBy} />
            <button type="submit" className={button}>{t('core.demo.apply')}</button>
            <button type="submit" name="bulk" value="1" className={`${button} ${secondaryButton}`}>{t('core.demo.bulk')}</button>
          </form>
        </aside>
      )}
    </>
  );
}
