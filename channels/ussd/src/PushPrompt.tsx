import { formatAmount, styles, useCheckoutState, useT } from '@oja/core';
import { WaitingView } from '@oja/core/waiting-view';
import type { WaitingViewProps } from '@oja/core/waiting-view';
import type { SlotStatus } from '@oja/core';
import { failureText } from './BankChoice';

/** What both waiting screens share (Screen.tsx): the code's validity and its end, "still trying", "Change bank". */
export type UssdWait = Pick<WaitingViewProps, 'deadline' | 'ended' | 'failures' | 'actions'>;

export interface PushPromptProps {
  bankName: string;
  /** The wait both USSD screens share. */
  wait: UssdWait;
  /** The last "send again". */
  resend: { status: SlotStatus; error: Error | null };
  onResend(): void;
  /** "USSD push not received?": the code to dial instead. */
  onNotReceived(): void;
}

/**
 * The notification screen (spec core §2 "USSD"): the API sent a USSD prompt to the payer's phone. Retry sends it
 * again; "USSD push not received?" shows the code to dial instead. The status is polled all along.
 */
export function PushPrompt({ bankName, wait, resend, onResend, onNotReceived }: PushPromptProps) {
  const t = useT();
  const { props, locale } = useCheckoutState();
  const params = { bank: bankName, amount: formatAmount(props.checkoutAmount, props.currencyCode, locale), phone: props.customerMobileNo };
  const busy = resend.status === 'pending';
  return (
    <WaitingView title={t('ussd.push.title')} message={t(props.customerMobileNo ? 'ussd.push.sentTo' : 'ussd.push.sent', params)} {...wait}>
      <p className={styles.muted}>{t('ussd.push.retryHint')}</p>
      <button
        type="button"
        className={`${styles.button} ${styles.secondaryButton}`}
        aria-disabled={busy || undefined}
        onClick={busy ? undefined : onResend}
      >
        {busy ? t('ussd.push.resending') : t('ussd.push.retry')}
      </button>
      {resend.status === 'success' && (
        <p className={styles.muted} role="status">
          {t('ussd.push.resent')}
        </p>
      )}
      {resend.status === 'error' && (
        <p className={styles.errorText} role="alert">
          {t('ussd.push.resendFailed')} {failureText(t, resend.error, 'ussd.generateRefused')}
        </p>
      )}
      <button type="button" className={styles.link} onClick={onNotReceived} data-testid="ussd-push-not-received">
        {t('ussd.push.notReceived')}
      </button>
    </WaitingView>
  );
}
