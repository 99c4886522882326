import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { styles, useCheckout, useT } from '@oja/core';
import { Field } from '@oja/core/field';
import { formatMmSs, useCountdown } from '@oja/core/countdown';
import { creditOf, resendOtp, submitOtp, verifySignInOtp } from './flow';
import { digitsOnly, otpError } from './rules';
import { OTP_LENGTH, OTP_RESEND_MS } from './constants';
import { StepFrame } from './Frame';

/** "Code sent" shows this long after a resend, ms. */
export const CODE_SENT_MS = 3_000;

/**
 * An OTP step (companion §2, §4, §5): the sign-in's ("Verify") or the one that accepts the offer ("Authorize"); the
 * resend link 60 s after each OTP sent, the countdown shown but not read out, its end announced once.
 */
export function OtpStep({ purpose }: { purpose: 'signIn' | 'accept' }) {
  const t = useT();
  const c = useCheckout();
  const s = creditOf(c).state;
  const snap = useSnapshot(s);
  const [otp, setOtp] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [sentNotice, setSentNotice] = useState(false);
  const remaining = useCountdown(snap.otpSentAt ? snap.otpSentAt + OTP_RESEND_MS : null);
  const error = submitted ? otpError(otp) : null;

  useEffect(() => {
    if (!sentNotice) return;
    const timer = setTimeout(() => setSentNotice(false), CODE_SENT_MS);
    return () => clearTimeout(timer);
  }, [sentNotice]);

  const submit = () => {
    setSubmitted(true);
    if (otpError(otp) || s.busy) return;
    void (purpose === 'signIn' ? verifySignInOtp(c, otp) : submitOtp(c, otp)).then(() => {
      // A refused code is cleared for the next try; its message (not the empty field's) is what shows.
      if (!creditOf(c).state.problem) return;
      setOtp('');
      setSubmitted(false);
    });
  };
  const resend = () => {
    if (s.busy) return;
    void resendOtp(c).then((sent) => {
      if (sent) setSentNotice(true);
    });
  };

  const title = purpose === 'signIn' ? t('credit.steps.signInOtp.title') : t('credit.steps.otp.title');
  const subtitle = purpose === 'signIn' ? t('credit.steps.signInOtp.subtitle', { phone: snap.phone }) : t('credit.steps.otp.subtitle');
  return (
    <StepFrame title={title} subtitle={subtitle} onSubmit={submit}>
      {purpose === 'accept' && snap.otpTarget && <p className={styles.muted}>{t('credit.otp.sentTo', { target: snap.otpTarget })}</p>}
      <Field
        label={t('credit.otp.label')}
        name="otp"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={OTP_LENGTH}
        value={otp}
        onChange={(e) => setOtp(digitsOnly(e.target.value, OTP_LENGTH))}
        error={error ? t(error) : null}
      />
      <button type="submit" className={styles.button} aria-disabled={snap.busy || undefined} data-testid="credit-otp-submit">
        {purpose === 'signIn' ? t('credit.otp.verify') : t('credit.otp.authorize')}
      </button>
      {sentNotice ? (
        <p className={styles.muted} role="status">
          {t('credit.otp.codeSent')}
        </p>
      ) : (
        <div>
          {remaining > 0 ? (
            <p className={styles.muted} role="timer" aria-live="off">
              {t('credit.otp.resendIn', { time: formatMmSs(remaining) })}
            </p>
          ) : (
            <button type="button" className={styles.link} onClick={resend}>
              {t('credit.otp.resend')}
            </button>
          )}
          <span className="oja-sr-only" aria-live="polite">
            {remaining > 0 ? '' : t('credit.otp.resendReady')}
          </span>
        </div>
      )}
    </StepFrame>
  );
}
