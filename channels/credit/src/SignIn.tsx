import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { styles, useCheckout, useT } from '@oja/core';
import { Field } from '@oja/core/field';
import { PasswordField } from '@oja/core/password-field';
import { creditOf, sendSignInOtp, signInWithWallet } from './flow';
import { digitsOnly, phoneError, walletSignInErrors } from './rules';
import { PHONE_LENGTH } from './constants';
import { StepFrame } from './Frame';
import type { CreditStep } from './visit';

/** The sign-in toggles (companion §2): phone and wallet sign-in take each other's place, not a step of their own. */
function toggleSignIn(c: ReturnType<typeof useCheckout>, step: CreditStep) {
  const s = creditOf(c).state;
  s.step = step;
  s.problem = null;
}

/** Phone sign-in (the default, companion §2): the number, then an OTP to it. */
export function PhoneStep() {
  const t = useT();
  const c = useCheckout();
  const s = creditOf(c).state;
  const snap = useSnapshot(s);
  const [phone, setPhone] = useState(snap.phone);
  const [submitted, setSubmitted] = useState(false);
  const error = submitted ? phoneError(phone) : null;
  const submit = () => {
    setSubmitted(true);
    if (phoneError(phone) || s.busy) return;
    void sendSignInOtp(c, phone);
  };
  return (
    <StepFrame title={t('credit.steps.phone.title')} subtitle={t('credit.steps.phone.subtitle')} onSubmit={submit}>
      <Field
        label={t('credit.phone.label')}
        name="phone"
        type="tel"
        autoComplete="tel-national"
        inputMode="numeric"
        placeholder={t('credit.phone.placeholder')}
        maxLength={PHONE_LENGTH}
        value={phone}
        onChange={(e) => setPhone(digitsOnly(e.target.value, PHONE_LENGTH))}
        error={error ? t(error) : null}
      />
      <button type="submit" className={styles.button} aria-disabled={snap.busy || undefined} data-testid="credit-phone-submit">
        {t('credit.phone.submit')}
      </button>
      <button type="button" className={styles.link} onClick={() => toggleSignIn(c, 'wallet')}>
        {t('credit.phone.useWallet')}
      </button>
    </StepFrame>
  );
}

/** Wallet sign-in (hidden by default, companion §2): username and password, SHOW/HIDE. */
export function WalletStep() {
  const t = useT();
  const c = useCheckout();
  const s = creditOf(c).state;
  const snap = useSnapshot(s);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const errors = walletSignInErrors(username, password);
  const submit = () => {
    setSubmitted(true);
    if (errors.username || errors.password || s.busy) return;
    void signInWithWallet(c, username.trim(), password);
  };
  return (
    <StepFrame title={t('credit.steps.wallet.title')} subtitle={t('credit.steps.wallet.subtitle')} onSubmit={submit}>
      <Field
        label={t('credit.wallet.username')}
        name="username"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={submitted && errors.username ? t(errors.username) : null}
      />
      <PasswordField
        label={t('credit.wallet.password')}
        name="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={submitted && errors.password ? t(errors.password) : null}
      />
      <button type="submit" className={styles.button} aria-disabled={snap.busy || undefined} data-testid="credit-wallet-submit">
        {t('credit.wallet.submit')}
      </button>
      <button type="button" className={styles.link} onClick={() => toggleSignIn(c, 'phone')}>
        {t('credit.wallet.usePhone')}
      </button>
    </StepFrame>
  );
}
