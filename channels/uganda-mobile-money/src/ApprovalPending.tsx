import { useSnapshot } from 'valtio';
import { ChangeMethodLink, formatAmount, useCheckoutState, useT } from '@oja/core';
import { PendingLayout, StillTrying } from '@oja/core/pending-layout';
import { BILLERS } from './constants';
import type { MobileMoneyState } from './visit';

export interface ApprovalPendingProps {
  state: MobileMoneyState;
  /** Consecutive failed status requests. */
  failures: number;
}

/** The wait once the request is on the payer's phone (the notification answered 09): what was sent, to whom. */
export function ApprovalPending({ state, failures }: ApprovalPendingProps) {
  const t = useT();
  const { props } = useCheckoutState();
  const snap = useSnapshot(state);
  const biller = BILLERS.find((b) => b.telco === snap.telco);
  return (
    <PendingLayout
      title={t('uganda-mobile-money.pending.title')}
      message={t('uganda-mobile-money.pending.message', {
        amount: formatAmount(props.checkoutAmount, props.currencyCode),
        number: snap.customerId.trim(),
        biller: biller ? t(biller.label) : snap.telco,
      })}
    >
      <StillTrying failures={failures} />
      <ChangeMethodLink />
    </PendingLayout>
  );
}
