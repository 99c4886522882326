import { useState } from 'react';
import type { FormEvent } from 'react';
import { styles, useCheckout, useCheckoutState, useGate, useT } from '@oja/core';
import { Field } from '@oja/core/field';
import { OptInError, storeCashback } from './api';
import { cashbackValue } from './rules';

/**
 * The cashback screen (companion §2): the reward, a phone number or loyalty cash ID, "Continue to payment" (posts
 * the opt-in, then passes the gate) and "Skip this instead". A refusal shows the API's description, and the payer
 * may correct the value or skip.
 */
export default function CashbackScreen() {
  const t = useT();
  const c = useCheckout();
  const { props } = useCheckoutState();
  const { accept, skip } = useGate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const typed = cashbackValue(value);
    if (typed === null) {
      setError(t('cashback.required'));
      return;
    }
    setSending(true);
    setError(null);
    try {
      await storeCashback(c.http, props, typed);
      accept();
    } catch (err) {
      setError((err instanceof OptInError && err.description) || t('cashback.failed'));
      setSending(false);
    }
  };
  return (
    <form className={styles.stack} onSubmit={submit} noValidate aria-labelledby="cashback-title">
      <h1 id="cashback-title" className={styles.heading}>
        {t('cashback.title')}
      </h1>
      <p>{props.tucRewardDescription}</p>
      <p className={styles.muted}>{t('cashback.reward', { percentage: String(props.tucRewardPercentage ?? 0) })}</p>
      <Field
        inputId="cashback-value"
        name="mobileNumber"
        label={t('cashback.valueLabel')}
        autoComplete="tel"
        value={value}
        error={error}
        onChange={(e) => setValue(e.target.value)}
      />
      <button type="submit" className={styles.button} disabled={sending} aria-busy={sending || undefined}>
        {t('cashback.continue')}
      </button>
      <button type="button" className={styles.link} onClick={skip} disabled={sending}>
        {t('cashback.skip')}
      </button>
    </form>
  );
}
