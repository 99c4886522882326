import { useState } from 'react';
import type { FormEvent } from 'react';
import { HttpError, styles, useCheckoutState, useGate, useT } from '@oja/core';
import { Field } from '@oja/core/field';
import { CASHBACK_VALUE_MAX_CHARS, cashbackValue } from './rules';

/** The refusal's description, as the server passed on the API's words (422); none for a failure of another kind. */
function refusalOf(e: unknown): string | undefined {
  const body = e instanceof HttpError && e.status === 422 ? e.body : undefined;
  const d = body && typeof body === 'object' ? (body as Record<string, unknown>).responseDescription : undefined;
  return typeof d === 'string' && d.trim() ? d : undefined;
}

/**
 * The cashback screen (companion §2): the reward, a phone number or loyalty cash ID, "Continue to payment" (posts
 * the opt-in, then passes the gate) and "Skip this instead". A refusal shows the API's description, and the payer
 * may correct the value or skip.
 */
export default function CashbackScreen() {
  const t = useT();
  const { props } = useCheckoutState();
  const { acceptWith, skip } = useGate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const read = cashbackValue(value);
    if (!read.ok) {
      setError(t(read.problem));
      return;
    }
    setSending(true);
    setError(null);
    try {
      // Through the checkout server, for this page's session: it makes the opt-in for this page's payment only.
      await acceptWith({ value: read.value });
    } catch (err) {
      setError(refusalOf(err) ?? t('cashback.failed'));
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
        maxLength={CASHBACK_VALUE_MAX_CHARS}
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
