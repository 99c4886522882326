import { css } from '@linaria/core';
import { useState } from 'react';
import { formatAmount, styles, useCheckoutState, useGate, useT } from '@oja/core';
import { Field } from '@oja/core/field';
import { daysKey, escrowFeeMinor } from './rules';

const terms = css`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 8px 16px;
  margin: 0;
  dt { color: var(--oja-muted, #5b6577); }
  dd { margin: 0; font-weight: 600; text-align: right; }
`;
const agreement = css`
  display: flex;
  gap: 10px;
  align-items: flex-start;
  font-size: 14px;
  input { width: 22px; height: 22px; margin: 0; flex: none; }
`;

/**
 * The escrow screen (companion §2): delivery (refund) and cancellation periods in days, the fee ×100 in the payment's
 * currency, the payer's e-mail and phone (read-only), and the agreement, without which Continue stays disabled. The
 * header is hidden here (the spec), so the screen itself says whom the payer pays and how much, before they agree to
 * a fee on it.
 */
export default function EscrowScreen() {
  const t = useT();
  const { props, locale } = useCheckoutState();
  const { accept } = useGate();
  const [agreed, setAgreed] = useState(false);
  const refund = props.refundDuration ?? 0;
  const cancellation = props.cancellationPeriod ?? 0;
  return (
    <section className={styles.stack} aria-labelledby="escrow-title">
      <h1 id="escrow-title" className={styles.heading}>
        {t('escrow.title')}
      </h1>
      <p className={styles.muted}>{t('escrow.intro')}</p>
      <dl className={terms}>
        <dt>{t('escrow.payee')}</dt>
        <dd data-testid="escrow-payee">{props.merchantName}</dd>
        <dt>{t('escrow.amount')}</dt>
        <dd data-testid="escrow-amount">{formatAmount(props.checkoutAmount, props.currencyCode, locale)}</dd>
        <dt>{t('escrow.refundPeriod')}</dt>
        <dd data-testid="escrow-refund">{t(daysKey(refund), { count: String(refund) })}</dd>
        <dt>{t('escrow.cancellationPeriod')}</dt>
        <dd data-testid="escrow-cancellation">{t(daysKey(cancellation), { count: String(cancellation) })}</dd>
        <dt>{t('escrow.fee')}</dt>
        <dd data-testid="escrow-fee">{formatAmount(escrowFeeMinor(props.escrowFee ?? 0), props.currencyCode, locale)}</dd>
      </dl>
      <Field inputId="escrow-email" label={t('escrow.email')} type="email" value={props.customerEmail ?? ''} readOnly />
      <Field inputId="escrow-phone" label={t('escrow.phone')} type="tel" value={props.customerMobileNo ?? ''} readOnly />
      <label className={agreement}>
        <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        <span>{t('escrow.agree')}</span>
      </label>
      <button type="button" className={styles.button} disabled={!agreed} onClick={accept}>
        {t('escrow.continue')}
      </button>
    </section>
  );
}
