import { ChangeMethodLink, formatAmount, useCheckoutState, useT } from '@oja/core';
import { PendingLayout, StillTrying } from '@oja/core/pending-layout';
import { BILLERS } from './constants';
import type { Telco } from './constants';

export interface ApprovalPendingProps {
  /** The biller the request went through. */
  telco: Telco | '';
  /** The number or wallet ID it went to, as typed. */
  customerId: string;
  /** Consecutive failed status requests. */
  failures: number;
}

/** The wait once the request is on the payer's phone (the notification answered 09): what was sent, to whom. */
export function ApprovalPending({ telco, customerId, failures }: ApprovalPendingProps) {
  const t = useT();
  const { props, locale } = useCheckoutState();
  const biller = BILLERS.find((b) => b.telco === telco);
  return (
    <PendingLayout
      title={t('uganda-mobile-money.pending.title')}
      message={t('uganda-mobile-money.pending.message', {
        amount: formatAmount(props.checkoutAmount, props.currencyCode, locale),
        number: customerId.trim(),
        biller: biller ? t(biller.label) : telco,
      })}
    >
      <StillTrying failures={failures} />
      <ChangeMethodLink />
    </PendingLayout>
  );
}
