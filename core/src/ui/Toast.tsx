import { css } from '@linaria/core';
import { useEffect } from 'react';
import { useT } from '../i18n';
import { useCheckout, useCheckoutState } from '../state/checkout';
import { dismissNotification } from '../state/actions';
import { CloseIcon } from './icons';

const toast = css`
  position: fixed;
  left: 50%;
  bottom: 16px;
  transform: translateX(-50%);
  width: calc(100% - 24px);
  max-width: 400px;
  display: flex;
  align-items: flex-start;
  gap: 10px;
  padding: 12px 8px 12px 14px;
  border-radius: 10px;
  color: #fff;
  background: var(--oja-danger, #b42318);
  box-shadow: 0 6px 24px rgba(0, 0, 0, 0.2);
  z-index: 30;
  &[data-kind='INFO'] { background: var(--oja-info, #1d4f91); }
  &[data-kind='WARNING'] { background: var(--oja-warning-strong, #8a5300); }
  p { margin: 0; flex: 1; }
  button { background: none; border: 0; color: inherit; cursor: pointer; padding: 4px; border-radius: 4px; }
`;

/** INFO, WARNING or ERROR; a default message when none is given; auto-hides unless no duration is set. */
export function Toast() {
  const t = useT();
  const c = useCheckout();
  const { notification } = useCheckoutState();
  useEffect(() => {
    if (!notification || notification.durationMs === null) return;
    const timer = setTimeout(() => dismissNotification(c), notification.durationMs);
    return () => clearTimeout(timer);
  }, [c, notification]);
  return (
    <div aria-live="assertive" aria-atomic="true">
      {notification && (
        // Keyed by id: the same text notified again is a new toast, announced and timed afresh.
        <div key={notification.id} className={toast} data-kind={notification.kind} role={notification.kind === 'INFO' ? 'status' : 'alert'}>
          <p>{notification.message || t('core.toast.default')}</p>
          <button type="button" aria-label={t('core.toast.close')} onClick={() => dismissNotification(c)}>
            <CloseIcon />
          </button>
        </div>
      )}
    </div>
  );
}
