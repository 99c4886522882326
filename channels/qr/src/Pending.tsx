import { css } from '@linaria/core';
import { ChangeMethodLink, formatAmount, styles, useCheckoutState, useT } from '@oja/core';
import { PendingCountdown, pendingActions, PendingStatusLine, SandboxSimulateControl, SmallSpinner, StillTrying } from '@oja/core/pending-layout';
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

// The code leads: the payer's task first, the status a quiet line under it.
const lead = css`
  text-align: center;
  > h1 { margin: 4px 0 0; }
`;
/** The code's room while it is generated: the same size as the code, so nothing moves when it comes. */
const codeRoom = css`
  width: 100%;
  max-width: 240px;
  aspect-ratio: 1;
  margin: 0 auto;
  display: flex;
  align-items: center;
  justify-content: center;
  border: 1px dashed var(--oja-border, #e3e8ef);
  border-radius: var(--oja-radius-button, 8px);
`;

export interface QrPendingProps {
  /** The generated code; null while it is being generated. */
  payment: QrPayment | null;
  /** Consecutive failed status requests. */
  failures: number;
}

/**
 * The QR screen: the instruction to scan and the code lead, with the amount and merchant, the validity's countdown
 * when the API gives one, then "Confirming transaction status" as a quiet line (announced politely): the payer
 * has a code to scan before there is anything to confirm. While the code is generated, the same layout says so,
 * so that the heading the payer's focus is on stays and its new text is announced.
 */
export function QrPending({ payment, failures }: QrPendingProps) {
  const t = useT();
  const { props, env, locale } = useCheckoutState();
  const left = useCountdown(payment?.expiresAt ?? null);
  const amount = formatAmount(props.checkoutAmount, props.currencyCode, locale);
  const timed = payment !== null && payment.expiresAt !== null;
  return (
    <section className={styles.stack} aria-labelledby="qr-title" aria-busy={payment === null}>
      <div className={lead} role="status" aria-live="polite">
        <h1 id="qr-title" className={styles.heading}>
          {payment ? t('qr.instruction') : t('qr.generating')}
        </h1>
      </div>
      {payment ? (
        <QrCode value={payment.rawQRData} label={t('qr.codeLabel', { amount, merchant: props.merchantName })} />
      ) : (
        <div className={codeRoom} aria-hidden="true">
          <SmallSpinner />
        </div>
      )}
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
      {timed && <PendingCountdown remainingMs={left} />}
      {payment && <PendingStatusLine text={t('qr.confirming')} />}
      <div className={pendingActions}>
        {/* The status has the last word (XS1); until it comes, say why the code may not work any more. */}
        {timed && left === 0 && (
          <p className={styles.notice} role="status">
            {t('qr.validityOver')}
          </p>
        )}
        <StillTrying failures={failures} />
        <ChangeMethodLink />
      </div>
      {payment && env.sandbox && <SandboxSimulateControl />}
    </section>
  );
}
