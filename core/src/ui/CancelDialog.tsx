import { css } from '@linaria/core';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n';
import { useCheckout, useCheckoutState } from '../state/checkout';
import { confirmCancel } from '../state/actions';
import { button, dangerButton, heading, muted, secondaryButton, stack } from './styles';
import { CloseIcon } from './icons';
import { registerMessages } from '../i18n';
import { cancelMessages } from './cancelMessages';

registerMessages(cancelMessages);

const backdrop = css`
  position: fixed;
  inset: 0;
  background: rgba(12, 18, 28, 0.55);
  display: grid;
  place-items: center;
  padding: 16px;
  z-index: 20;
`;
const dialog = css`
  position: relative;
  width: 100%;
  max-width: 380px;
  background: var(--oja-surface, #fff);
  border-radius: var(--oja-radius, 12px);
  padding: 22px 20px 18px;
`;
const closeX = css`
  position: absolute;
  top: 8px;
  right: 8px;
  width: 40px;
  height: 40px;
  border: 0;
  background: none;
  color: inherit;
  cursor: pointer;
  border-radius: 50%;
`;

/** "Cancel Payment?" with the ongoing channel's wording (companion §2). Escape and the close controls dismiss it. */
export function CancelDialog() {
  const t = useT();
  const c = useCheckout();
  const { channel } = useCheckoutState();
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const wording = (channel && c.registry.channel(channel)?.cancelDialog) || { subtitle: 'core.cancel.subtitle', close: 'core.cancel.close' };
  const close = () => {
    c.state.cancelDialogOpen = false;
  };
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('button[data-autofocus]')?.focus();
    return () => opener?.focus?.();
  }, []);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') close();
    if (e.key !== 'Tab' || !ref.current) return;
    // Keep focus inside the dialog.
    const items = [...ref.current.querySelectorAll<HTMLElement>('button:not([disabled])')];
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last?.focus(); }
    else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first?.focus(); }
  };
  return (
    <div className={backdrop} onKeyDown={onKeyDown}>
      <div ref={ref} className={dialog} role="dialog" aria-modal="true" aria-labelledby="oja-cancel-title" aria-describedby="oja-cancel-desc">
        <button type="button" className={closeX} aria-label={t('core.cancel.close')} onClick={close}>
          <CloseIcon />
        </button>
        <div className={stack}>
          <h2 id="oja-cancel-title" className={heading}>{t('core.cancel.title')}</h2>
          <p id="oja-cancel-desc" className={muted}>{t(wording.subtitle)}</p>
          <button
            type="button"
            data-autofocus
            className={`${button} ${dangerButton}`}
            disabled={busy}
            aria-busy={busy}
            onClick={async () => {
              setBusy(true);
              await confirmCancel(c);
            }}
          >
            {t('core.cancel.confirm')}
          </button>
          <button type="button" className={`${button} ${secondaryButton}`} onClick={close}>
            {t(wording.close)}
          </button>
        </div>
      </div>
    </div>
  );
}
