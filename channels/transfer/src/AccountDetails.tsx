import { css } from '@linaria/core';
import { ChangeMethodLink, formatAmount, styles, useCheckoutState, useT } from '@oja/core';
import { CopyValue } from '@oja/core/copy-value';
import type { TransferAccount } from './api';

const details = css`
  margin: 0;
  border: 1px solid var(--oja-border, #e3e8ef);
  border-radius: var(--oja-radius-button, 8px);
  > div { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: 4px 12px; padding: 12px 14px; }
  > div + div { border-top: 1px solid var(--oja-border, #e3e8ef); }
  dt { color: var(--oja-muted, #5b6577); font-size: 13px; }
  dd { margin: 0; text-align: right; font-weight: 600; overflow-wrap: anywhere; }
`;
export interface AccountDetailsProps {
  account: TransferAccount;
  onTransferred(): void;
}

/** The generated account, the "transfer once" warning and "I have transferred". */
export function AccountDetails({ account, onTransferred }: AccountDetailsProps) {
  const t = useT();
  const { props, locale } = useCheckoutState();
  return (
    <section className={styles.stack} aria-labelledby="transfer-heading">
      <h1 id="transfer-heading" className={styles.heading}>
        {t('transfer.heading', { amount: formatAmount(props.checkoutAmount, props.currencyCode, locale) })}
      </h1>
      <CopyValue label={t('transfer.accountNumber')} value={account.accountNumber} testId="account-number" />
      <dl className={details}>
        <div>
          <dt>{t('transfer.bank')}</dt>
          <dd>{account.bankName}</dd>
        </div>
        <div>
          <dt>{t('transfer.beneficiary')}</dt>
          <dd>{account.accountName}</dd>
        </div>
      </dl>
      <p className={styles.muted}>{t('transfer.validity', { minutes: account.validityPeriodMins })}</p>
      <p className={styles.notice} role="note">
        {t('transfer.onceWarning')}
      </p>
      <button type="button" className={styles.button} onClick={onTransferred}>
        {t('transfer.transferred')}
      </button>
      <ChangeMethodLink />
    </section>
  );
}
