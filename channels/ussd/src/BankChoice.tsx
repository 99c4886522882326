import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { ChangeMethodLink, formatAmount, HttpError, styles, useCheckoutState, useT } from '@oja/core';
import { PendingLayout } from '@oja/core/pending-layout';
import { SelectField } from '@oja/core/select-field';
import type { UssdState } from './visit';
import { messageKeyForFailure } from '@oja/core/code-messages';

export interface BankChoiceProps {
  state: UssdState;
  /** The chosen bank's name. */
  bankName: string;
  onRetryBanks(): void;
  /** Generates the chosen bank's code (the bank is chosen). */
  onContinue(): void;
  onChangeBank(): void;
}

/** The bank rule (spec core §5 "USSD: a bank must be chosen"): the message key, or null when met. */
export const bankRule = (bankCode: string): string | null => (bankCode ? null : 'ussd.bankRequired');

/**
 * The failure of a call: what went wrong, then the way on ("check your connection", "try again (in 1 minute)", or,
 * when the service refused, "choose another bank").
 */
export function failureText(t: (k: string) => string, error: Error | null, refused: string): string {
  if (!(error instanceof HttpError)) return t('core.error.network');
  // Paid meanwhile (another tab), temporary or rate-limited: core's words; a refusal: choose another bank.
  const key = messageKeyForFailure(error);
  return key === 'core.error.default' ? t(refused) : t(key);
}

/**
 * The first screen: loading the banks (or why not), the bank dropdown and Continue, then generating the code
 * (or why not).
 */
export function BankChoice({ state, bankName, onRetryBanks, onContinue, onChangeBank }: BankChoiceProps) {
  const t = useT();
  const { props, locale } = useCheckoutState();
  const snap = useSnapshot(state);
  const [submitted, setSubmitted] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  const title = (
    <h1 id="ussd-title" className={styles.heading}>
      {t('ussd.title', { amount: formatAmount(props.checkoutAmount, props.currencyCode, locale) })}
    </h1>
  );

  if (snap.issuers.status === 'error') {
    return (
      <section className={styles.stack} aria-labelledby="ussd-title">
        {title}
        <p className={styles.errorText} role="alert">
          {t('ussd.banksFailed')} {t(messageKeyForFailure(snap.issuers.error))}
        </p>
        <button type="button" className={styles.button} onClick={onRetryBanks}>
          {t('ussd.retry')}
        </button>
        <ChangeMethodLink />
      </section>
    );
  }
  if (snap.issuers.status !== 'success') {
    return (
      <PendingLayout title={t('ussd.loadingBanks')}>
        <ChangeMethodLink />
      </PendingLayout>
    );
  }
  if (snap.code.status === 'pending') {
    return (
      <PendingLayout title={t('ussd.generating', { bank: bankName })}>
        <ChangeMethodLink />
      </PendingLayout>
    );
  }
  if (snap.code.status === 'error') {
    return (
      <section className={styles.stack} aria-labelledby="ussd-title">
        <h1 id="ussd-title" className={styles.heading}>
          {t('ussd.generateFailedTitle')}
        </h1>
        <p className={styles.errorText} role="alert">
          {t('ussd.generateFailed', { bank: bankName })} {failureText(t, state.code.error, 'ussd.generateRefused')}
        </p>
        <button type="button" className={styles.button} onClick={onContinue}>
          {t('ussd.retry')}
        </button>
        <button type="button" className={styles.link} onClick={onChangeBank}>
          {t('ussd.changeBank')}
        </button>
        <ChangeMethodLink />
      </section>
    );
  }

  const banks = snap.issuers.response ?? [];
  if (!banks.length) {
    return (
      <section className={styles.stack} aria-labelledby="ussd-title">
        {title}
        <p className={styles.notice} role="status">
          {t('ussd.noBanks')}
        </p>
        <ChangeMethodLink />
      </section>
    );
  }
  const error = submitted ? bankRule(snap.bankCode) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (bankRule(state.bankCode)) {
      select.current?.focus();
      return;
    }
    onContinue();
  };
  return (
    <form className={styles.stack} onSubmit={submit} noValidate aria-labelledby="ussd-title">
      {title}
      <p className={styles.muted}>{t('ussd.intro')}</p>
      <SelectField
        ref={select}
        selectId="ussd-bank"
        name="bankCode"
        label={t('ussd.bankLabel')}
        placeholder={t('ussd.bankPlaceholder')}
        value={snap.bankCode}
        onChange={(e) => (state.bankCode = e.target.value)}
        error={error && t(error)}
      >
        {banks.map((b) => (
          <option key={b.cbnCode} value={b.cbnCode}>
            {b.name}
          </option>
        ))}
      </SelectField>
      <button type="submit" className={styles.button} data-testid="ussd-continue">
        {t('ussd.continue')}
      </button>
      <ChangeMethodLink />
    </form>
  );
}
