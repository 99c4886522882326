import { css } from '@linaria/core';
import { ChangeMethodLink, formatAmount, styles, useCheckoutState, useT } from '@oja/core';
import { PendingLayout, StillTrying } from '@oja/core/pending-layout';
import { useCountdown } from '@oja/core/countdown';
import { QrCode } from '@oja/core/qr';
import type { QrPayment } from './api';

const facts = css`
  display: flex;
  justify-content: center;
  flex-wrap: wrap;
  gap: 4px 24px;
  margin: 0;
  text-align: center;
  dt { color: var(--oja-muted, #5b6577); font-size: 13px; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
`;

export interface QrPendingProps {
  /** The generated code; null while it is being generated. */
  payment: QrPayment | null;
  /** Consecutive failed status requests. */
  failures: number;
}

/**
 * The pending screen: "generating", then the code to scan with the amount and merchant while the status is confirmed,
 * and the validity's countdown when the API gives one. One layout for both, so the heading the payer's focus is on
 * stays and its new text is announced.
 */
export function QrPending({ payment, failures }: QrPendingProps) {
  const t = useT();
  const { props } = useCheckoutState();
  const left = useCountdown(payment?.expiresAt ?? null);
  if (!payment) {
    return (
      <PendingLayout title={t('qr.generating')} simulate={false}>
        <ChangeMethodLink />
      </PendingLayout>
    );
  }
  const amount = formatAmount(props.checkoutAmount, props.currencyCode);
  const timed = payment.expiresAt !== null;
  return (
    <PendingLayout title={t('qr.confirming')} message={t('qr.instruction')} remainingMs={timed ? left : undefined}>
      <QrCode value={payment.rawQRData} label={t('qr.codeLabel', { amount, merchant: props.merchantName })} />
      <dl className={facts}>
        <div>
          <dt>{t('qr.amount')}</dt>
          <dd>{amount}</dd>
        </div>
        <div>
          <dt>{t('qr.merchant')}</dt>
          <dd>{props.merchantName}</dd>
        </div>
      </dl>
      {/* The status has the last word (XS1); until it comes, say why the code may not work any more. */}
      {timed && left === 0 && (
        <p className={styles.notice} role="status">
          {t('qr.validityOver')}
        </p>
      )}
      <StillTrying failures={failures} />
      <ChangeMethodLink />
    </PendingLayout>
  );
}
