import { css } from '@linaria/core';
import { formatAmount, styles, useCheckoutState, useT } from '@oja/core';
import { CopyButton } from '@oja/core/copy-button';
import { PendingLayout } from '@oja/core/pending-layout';
import { dialHref } from './api';
import type { UssdCode } from './api';
import { WaitingActions } from './WaitingActions';
import type { WaitingProps } from './WaitingActions';

const codeBox = css`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 8px 12px;
  padding: 12px 14px;
  border: 1px solid var(--oja-border, #e3e8ef);
  border-radius: var(--oja-radius-button, 8px);
  > span:first-child { color: var(--oja-muted, #5b6577); font-size: 13px; flex: 1 0 100%; }
`;
const codeText = css`
  font-size: 26px;
  font-weight: 700;
  letter-spacing: 1px;
  font-variant-numeric: tabular-nums;
  overflow-wrap: anywhere;
`;
const steps = css`
  margin: 0;
  padding-left: 20px;
  font-size: 14px;
  li + li { margin-top: 4px; }
`;

export interface DialCodeProps extends WaitingProps {
  code: UssdCode;
  bankName: string;
}

/** The code to dial, large, with copy and tap-to-dial, the steps, and the wait for the bank's confirmation. */
export function DialCode({ code, bankName, ...waiting }: DialCodeProps) {
  const t = useT();
  const { props } = useCheckoutState();
  const amount = formatAmount(props.checkoutAmount, props.currencyCode);
  const href = dialHref(code.dialCode);
  return (
    <PendingLayout title={t('ussd.dial.title', { amount })} message={t('ussd.dial.waiting', { bank: bankName })} remainingMs={waiting.validityLeft}>
      <div className={codeBox}>
        <span>{t('ussd.dial.codeLabel')}</span>
        <span className={codeText} data-testid="ussd-code">
          {code.dialCode}
        </span>
        <CopyButton value={code.dialCode} what={t('ussd.dial.codeLabel')} />
      </div>
      {href && (
        <a className={styles.button} href={href} data-testid="ussd-dial">
          {t('ussd.dial.call', { code: code.dialCode })}
        </a>
      )}
      <ol className={steps} aria-label={t('ussd.dial.steps')}>
        <li>{t('ussd.dial.step1', { bank: bankName })}</li>
        <li>{t('ussd.dial.step2', { amount })}</li>
        <li>{t('ussd.dial.step3')}</li>
      </ol>
      <WaitingActions {...waiting} />
    </PendingLayout>
  );
}
