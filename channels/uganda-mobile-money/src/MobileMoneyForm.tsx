import type { FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { ChangeMethodLink, formatAmount, styles, useCheckoutState, useT } from '@oja/core';
import { Field } from '@oja/core/field';
import { SelectField } from '@oja/core/select-field';
import { BILLERS, isTelco } from './constants';
import { customerIdError, detailsOf } from './rules';
import type { MobileMoneyState } from './visit';

export interface MobileMoneyFormProps {
  state: MobileMoneyState;
  /** Sends the payment notification (the rule is met). */
  onPay(): void;
}

/** The form (companion §2 "Uganda mobile money screen"): the biller, the number or wallet ID, and Pay. */
export function MobileMoneyForm({ state, onPay }: MobileMoneyFormProps) {
  const t = useT();
  const { props, locale } = useCheckoutState();
  const snap = useSnapshot(state);
  const ready = detailsOf(snap) !== null;
  const idError = customerIdError(snap);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (detailsOf(state)) onPay();
  };
  return (
    <form className={styles.stack} onSubmit={submit} noValidate aria-labelledby="ugmm-title">
      <h1 id="ugmm-title" className={styles.heading}>
        {t('uganda-mobile-money.title')}
      </h1>
      <p className={styles.muted}>{t('uganda-mobile-money.intro')}</p>
      <SelectField
        selectId="ugmm-biller"
        name="telco"
        label={t('uganda-mobile-money.billerLabel')}
        placeholder={t('uganda-mobile-money.billerPlaceholder')}
        value={snap.telco}
        onChange={(e) => (state.telco = isTelco(e.target.value) ? e.target.value : '')}
      >
        {BILLERS.map((b) => (
          <option key={b.telco} value={b.telco}>
            {t(b.label)}
          </option>
        ))}
      </SelectField>
      <Field
        inputId="ugmm-number"
        name="customerId"
        label={t('uganda-mobile-money.numberLabel')}
        placeholder={t('uganda-mobile-money.numberPlaceholder')}
        autoComplete="tel"
        value={snap.customerId}
        onChange={(e) => (state.customerId = e.target.value)}
        onBlur={() => (state.customerIdLeft = true)}
        error={idError ? t(idError) : null}
      />
      {/* Enabled only when both are filled (companion §5): until then neither a click nor Enter sends anything. */}
      <button type="submit" className={styles.button} disabled={!ready} data-testid="ugmm-pay">
        {t('uganda-mobile-money.pay', { amount: formatAmount(props.checkoutAmount, props.currencyCode, locale) })}
      </button>
      <ChangeMethodLink />
    </form>
  );
}
