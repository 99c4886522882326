import { css } from '@linaria/core';
import { formatAmount, styles, useCheckoutState, useT } from '@oja/core';
import { CopyValue } from '@oja/core/copy-value';
import { WaitingView } from '@oja/core/waiting-view';
import { dialHref } from './api';
import type { UssdCode } from './api';
import type { UssdWait } from './PushPrompt';

const steps = css`
  margin: 0;
  padding-left: 20px;
  font-size: 14px;
  li + li { margin-top: 4px; }
`;

export interface DialCodeProps {
  code: UssdCode;
  bankName: string;
  /** The wait both USSD screens share: the code's validity, "still trying", "Change bank". */
  wait: UssdWait;
}

/** The code to dial, large, with copy and tap-to-dial, the steps, and the wait for the bank's confirmation. */
export function DialCode({ code, bankName, wait }: DialCodeProps) {
  const t = useT();
  const { props, locale } = useCheckoutState();
  const amount = formatAmount(props.checkoutAmount, props.currencyCode, locale);
  const href = dialHref(code.dialCode);
  return (
    <WaitingView title={t('ussd.dial.title', { amount })} message={t('ussd.dial.waiting', { bank: bankName })} {...wait}>
      <CopyValue label={t('ussd.dial.codeLabel')} value={code.dialCode} testId="ussd-code" />
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
    </WaitingView>
  );
}
