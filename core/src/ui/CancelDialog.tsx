import { useT } from '../i18n';
import { useCheckout, useCheckoutState } from '../state/checkout';
import { notify } from '../state/actions';
import { confirmCancel } from '../state/attemptActions';
import { button, dangerButton, muted, secondaryButton, stack } from './styles';
import { Dialog } from '../primitives/Dialog';
import { registerMessages } from '../i18n';
import { cancelMessages } from './cancelMessages';

registerMessages(cancelMessages);

/** "Cancel Payment?" with the ongoing channel's wording (companion §2), in core's Dialog: Escape, the close controls and the backdrop dismiss it. */
export function CancelDialog() {
  const t = useT();
  const c = useCheckout();
  const { channel, cancelling } = useCheckoutState();
  const wording = (channel && c.registry.channel(channel)?.cancelDialog) || { subtitle: 'core.cancel.subtitle', close: 'core.cancel.close' };
  const close = () => {
    c.state.cancelDialogOpen = false;
  };
  return (
    <Dialog title={t('core.cancel.title')} closeLabel={t('core.cancel.close')} onClose={close} describedBy="oja-cancel-desc">
      <div className={stack}>
        <p id="oja-cancel-desc" className={muted}>
          {t(wording.subtitle)}
        </p>
        <button
          type="button"
          data-autofocus
          className={`${button} ${dangerButton}`}
          // aria-disabled rather than disabled: the focus stays on the button while the call runs.
          aria-disabled={cancelling}
          aria-busy={cancelling}
          onClick={() => {
            void confirmCancel(c).then((outcome) => {
              // Paid meanwhile (another tab) and not completed here: the payer is told, nothing was cancelled.
              if (outcome === 'paid' && !c.state.result) notify(c, t('core.error.alreadyPaid'));
            });
          }}
        >
          {t('core.cancel.confirm')}
        </button>
        <button type="button" className={`${button} ${secondaryButton}`} onClick={close}>
          {t(wording.close)}
        </button>
      </div>
    </Dialog>
  );
}
