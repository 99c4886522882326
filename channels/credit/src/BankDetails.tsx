import { css } from '@linaria/core';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { styles, useCheckout, useT } from '@oja/core';
import { Field } from '@oja/core/field';
import { PendingLayout } from '@oja/core/pending-layout';
import { ScrollList } from '@oja/core/scroll-list';
import { creditOf, loadBanks, showDeals } from './flow';
import { accountDigits, canShowDeals, filterBanks } from './rules';
import type { Bank } from './api';
import { StepFrame } from './Frame';

// The institution list scrolls within 200px (companion §9 "bank dropdown 200px"), in core's scrolling list.
const banksLimit = css`
  max-height: 200px;
`;
const bankList = css`
  margin: 0;
  padding: 0;
  border: 0;
  > legend { padding: 0 4px; font-size: 14px; }
  /* Each bank a 44 px target, as every control. */
  > label { display: flex; align-items: center; gap: 8px; min-height: 44px; padding: 8px 4px; cursor: pointer; }
`;

/**
 * Bank details (companion §2): the institution, found by a case-insensitive match of its name ("'{text}' not
 * found"; "Could not fetch banks" when there are none), the account number (numeric, at most 10 digits); "Show loan
 * deals" enabled with both, "Skip" without them.
 */
export function BankStep() {
  const t = useT();
  const c = useCheckout();
  const s = creditOf(c).state;
  const snap = useSnapshot(s);
  const [text, setText] = useState(snap.bank?.name ?? '');
  useEffect(() => {
    if (s.banks.status === 'idle') loadBanks(c);
  }, [c, s]);

  const banks = (snap.banks.response ?? []) as Bank[];
  const matching = filterBanks(banks, text);
  const ready = canShowDeals(snap.bank as Bank | null, snap.accountNumber);
  let list: ReactNode;
  if (snap.banks.status === 'pending' || snap.banks.status === 'idle') {
    list = <PendingLayout title={t('credit.bank.loading')} simulate={false} />;
  } else if (snap.banks.status === 'error' || banks.length === 0) {
    list = (
      <div role="alert">
        <p className={styles.errorText}>{t('credit.bank.failed')}</p>
        <button type="button" className={`${styles.button} ${styles.secondaryButton}`} onClick={() => loadBanks(c)}>
          {t('credit.bank.retry')}
        </button>
      </div>
    );
  } else {
    list = (
      <>
        <Field
          label={t('credit.bank.search')}
          name="bank-search"
          autoComplete="off"
          hint={t('credit.bank.searchHint')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        {matching.length === 0 ? (
          <p className={styles.muted} role="status">
            {t('credit.bank.notFound', { text: text.trim() })}
          </p>
        ) : (
          <ScrollList className={banksLimit} label={t('credit.bank.banks')}>
            <fieldset className={bankList} data-testid="credit-banks">
              <legend>{t('credit.bank.banks')}</legend>
              {matching.map((b) => (
                <label key={b.id} data-scroll-row="">
                  <input type="radio" name="bank" value={b.id} checked={snap.bank?.id === b.id} onChange={() => (s.bank = { ...b })} />
                  {b.name}
                </label>
              ))}
            </fieldset>
          </ScrollList>
        )}
      </>
    );
  }
  return (
    <StepFrame title={t('credit.steps.bank.title')} subtitle={t('credit.steps.bank.subtitle')} onSubmit={() => ready && showDeals(c, true)}>
      {list}
      <Field
        label={t('credit.bank.account')}
        name="account-number"
        inputMode="numeric"
        autoComplete="off"
        value={snap.accountNumber}
        onChange={(e) => (s.accountNumber = accountDigits(e.target.value))}
      />
      <p id="credit-deals-hint" className={styles.muted} hidden={ready}>
        {t('credit.bank.dealsHint')}
      </p>
      <button
        type="submit"
        className={styles.button}
        disabled={!ready}
        aria-describedby={ready ? undefined : 'credit-deals-hint'}
        data-testid="credit-show-deals"
      >
        {t('credit.bank.showDeals')}
      </button>
      <button type="button" className={`${styles.button} ${styles.secondaryButton}`} onClick={() => showDeals(c, false)} data-testid="credit-skip">
        {t('credit.bank.skip')}
      </button>
    </StepFrame>
  );
}
