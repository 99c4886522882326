import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { ChangeMethodLink, styles, useCheckout, useT } from '@oja/core';
import { Field } from '@oja/core/field';
import { ResendCode } from '@oja/core/resend-code';
import { cardFlow, hasCard, resendOtp, submitOtp } from './flow';
import { digitsOnly, OTP_LENGTH, validateOtp } from './rules';

/** The resend link appears this long after a code was sent, ms (spec core §9). */
export const OTP_RESEND_MS = 60_000;

/**
 * The card OTP (spec core §2 "Card OTP"): the code sent to phone, email or token, a 60 s resend countdown,
 * "Code sent" for 3 s after a resend, Authorize. An invalid code keeps the payer here to try again.
 */
export function Otp() {
  const t = useT();
  const c = useCheckout();
  const flow = useSnapshot(cardFlow(c));
  const [otp, setOtp] = useState('');
  const [submitted, setSubmitted] = useState(false);
  // The empty field's message names the phone only when the API said the code went there.
  const rule = { sentToPhone: !!flow.otpTarget };
  const error = submitted ? validateOtp(otp, rule) : null;

  const authorize = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (validateOtp(otp, rule) || flow.busy) return;
    void submitOtp(c, otp).then(() => {
      // A refused code is cleared for the next try, and its message (not the empty field's) is what shows.
      if (!cardFlow(c).error) return;
      setOtp('');
      setSubmitted(false);
    });
  };

  return (
    <form className={styles.stack} onSubmit={authorize} noValidate aria-labelledby="otp-title">
      <h1 id="otp-title" className={styles.heading}>
        {t('card.otp.title')}
      </h1>
      <p className={styles.muted}>{flow.otpTarget ? t('card.otp.sentTo', { target: flow.otpTarget }) : t('card.otp.sentGeneric')}</p>
      <Field
        label={t('card.otp.label')}
        name="otp"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={OTP_LENGTH}
        value={otp}
        onChange={(e) => setOtp(digitsOnly(e.target.value, OTP_LENGTH))}
        error={error ? t(error) : flow.error ? t(flow.error) : null}
      />
      <button type="submit" className={styles.button} aria-disabled={flow.busy || undefined} data-testid="otp-authorize">
        {t('card.otp.authorize')}
      </button>
      {hasCard(c) && (
        <ResendCode
          sentAt={flow.otpSentAt}
          afterMs={OTP_RESEND_MS}
          busy={flow.busy}
          onResend={() => resendOtp(c)}
          keys={{ resendIn: 'card.otp.resendIn', resend: 'card.otp.resend', resendReady: 'card.otp.resendReady', codeSent: 'card.otp.codeSent' }}
        />
      )}
      <ChangeMethodLink />
    </form>
  );
}
