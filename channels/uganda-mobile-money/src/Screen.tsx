import { useSnapshot } from 'valtio';
import { CODE_PENDING, ChangeMethodLink, complete, formatAmount, registerMessages, useChannel, useCheckout, useCheckoutState, useT } from '@oja/core';
import type { ChannelPlugin, Checkout } from '@oja/core';
import { PendingLayout } from '@oja/core/pending-layout';
import { WaitingView } from '@oja/core/waiting-view';
import { useStatusPolling } from '@oja/core/status-polling';
import { completeIfPaid } from '@oja/core/attempt';
import { isRefusedAsPaid } from '@oja/core/code-messages';
import { useVisit } from '@oja/core/visit';
import type { Visit } from '@oja/core';
import { notifyPayment } from './api';
import { detailsOf } from './rules';
import { MobileMoneyForm } from './MobileMoneyForm';
import { BILLERS } from './constants';
import type { MobileMoneyState } from './visit';
import { mobileMoneyVisit } from './visit';
import { screenMessages } from './screenMessages';

registerMessages(screenMessages);

/** The code a payment completes with when the notification fails (network, 5xx, no code): companion §4, §8. */
export const CODE_NOTIFICATION_FAILED = '';

/**
 * Pay: one payment notification per visit, however often Pay is pressed (the slot's pending or answered state
 * refuses another). 09 leaves the screen waiting (the status is polled); any other code completes with it; a
 * failed call completes with an empty code, or, refused because the payment was paid meanwhile, with its success.
 */
export async function pay(c: Checkout, plugin: ChannelPlugin, v: Visit<MobileMoneyState>): Promise<void> {
  const { state } = v;
  const details = detailsOf(state);
  if (!details || state.notification.status === 'pending' || state.notification.status === 'success') return;
  const answer = await v.run(state.notification, (ctx) => notifyPayment(ctx, details));
  if (answer) {
    if (answer.code !== CODE_PENDING) complete(c, answer.code, answer.response);
    return;
  }
  // Left the screen meanwhile (its visit ended, the call aborted): nothing to complete.
  if (v.ended || state.notification.status !== 'error') return;
  if (isRefusedAsPaid(state.notification.error) && (await completeIfPaid(c, plugin, v.ctx.signal, v))) return;
  complete(c, CODE_NOTIFICATION_FAILED);
}

/**
 * Uganda mobile money (companion §2, §4): the biller and number, the notification, then the approval wait with
 * the status every 2 s while 09.
 */
export default function UgandaMobileMoneyScreen() {
  const t = useT();
  const c = useCheckout();
  const plugin = useChannel();
  const v = useVisit(mobileMoneyVisit);
  const snap = useSnapshot(v.state);
  const waiting = snap.notification.status === 'success' && snap.notification.response?.code === CODE_PENDING;
  const polling = useStatusPolling(plugin, waiting, { visit: v });
  const { props, locale } = useCheckoutState();

  if (waiting) {
    // The request is on the payer's phone (the notification answered 09): what was sent, to whom.
    const biller = BILLERS.find((b) => b.telco === snap.telco);
    return (
      <WaitingView
        title={t('uganda-mobile-money.pending.title')}
        message={t('uganda-mobile-money.pending.message', {
          amount: formatAmount(props.checkoutAmount, props.currencyCode, locale),
          number: snap.customerId.trim(),
          biller: biller ? t(biller.label) : snap.telco,
        })}
        failures={polling.failures}
      />
    );
  }
  if (snap.notification.status === 'pending') {
    return (
      <PendingLayout title={t('uganda-mobile-money.sending')}>
        <ChangeMethodLink />
      </PendingLayout>
    );
  }
  return <MobileMoneyForm state={v.state} onPay={() => void pay(c, plugin, v)} />;
}
