import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { styles, useCheckout, useT } from '@oja/core';
import { Field } from '@oja/core/field';
import { ResendCode } from '@oja/core/resend-code';
import { creditOf, resendOtp, submitOtp, verifySignInOtp } from './flow';
import { digitsOnly, otpError } from './rules';
import { OTP_LENGTH, OTP_RESEND_MS } from './constants';
import { StepFrame } from './Frame';

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
  const error = submitted ? otpError(otp) : null;

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
      <ResendCode
        sentAt={snap.otpSentAt}
        afterMs={OTP_RESEND_MS}
        busy={snap.busy}
        onResend={() => resendOtp(c)}
        keys={{
          resendIn: 'credit.otp.resendIn',
          resend: 'credit.otp.resend',
          resendReady: 'credit.otp.resendReady',
          codeSent: 'credit.otp.codeSent',
        }}
      />
    </StepFrame>
  );
}
