import { css } from '@linaria/core';
import { useId, useState } from 'react';
import { useT } from '../i18n';
import { useCheckoutState } from '../state/checkout';
import type { PaymentProps } from '../props';
import { formatAmount } from '../money';
import { Dialog } from '../primitives/Dialog';
import { button, muted, secondaryButton, stack } from './styles';
import { registerMessages } from '../i18n';
import { demoMessages } from './demoMessages';

registerMessages(demoMessages);

const opener = css`
  min-height: 44px;
  padding: 8px 14px;
  border-radius: var(--oja-radius-button, 8px);
  border: 1px solid var(--oja-border, #cfd6e0);
  background: var(--oja-surface, #fff);
  color: inherit;
  font: inherit;
  font-size: 14px;
  font-weight: 600;
  cursor: pointer;
`;
const form = css`
  margin-top: 12px;
  label { display: flex; flex-direction: column; gap: 4px; font-size: 13px; font-weight: 600; }
  input, select { font: inherit; min-height: 44px; padding: 8px; border: 1px solid var(--oja-border, #cfd6e0); border-radius: 6px; }
`;

type KeptProp =
  | 'siteRedirectUrl'
  | 'customerEmail'
  | 'customerId'
  | 'customerMobileNo'
  | 'payItemName'
  | 'accessToken'
  | 'accessTokenType'
  | 'acquiredBy'
  | 'paymentChannels'
  | 'countryCode'
  | 'surcharge'
  | 'passFeeToCustomer'
  | 'escrowFee'
  | 'cancellationPeriod'
  | 'refundDuration'
  | 'tucRewardPercentage'
  | 'tucRewardDescription'
  | 'logoUrl'
  | 'isBulkPayment';

/**
 * The /pay fields (CONTRACT §2) of this payment that the panel does not show as inputs, so that submitting it
 * unchanged starts the same payment again (customer, item, token, and the sandbox's merchant settings).
 */
export function keptPayFields(
  props: Omit<Pick<PaymentProps, KeptProp>, 'paymentChannels'> & { paymentChannels: readonly string[] },
): Array<[string, string]> {
  const fields: Array<[string, string | number | boolean | undefined]> = [
    ['site_redirect_url', props.siteRedirectUrl],
    ['cust_email', props.customerEmail],
    ['cust_id', props.customerId],
    ['cust_mobile_no', props.customerMobileNo],
    ['pay_item_name', props.payItemName],
    ['access_token', props.accessToken],
    ['access_token_type', props.accessTokenType],
    ['acquirer', props.acquiredBy],
    ['channels', props.paymentChannels.join(',')],
    ['country', props.countryCode],
    ['surcharge', props.surcharge || undefined],
    ['pass_fee', props.passFeeToCustomer ? 'true' : undefined],
    ['escrow_fee', props.escrowFee],
    ['cancellation_period', props.cancellationPeriod],
    ['refund_duration', props.refundDuration],
    ['tuc_reward_percentage', props.tucRewardPercentage],
    ['tuc_reward_description', props.tucRewardDescription],
    ['logo_url', props.logoUrl],
    ['bulk', props.isBulkPayment ? '1' : undefined],
  ];
  return fields.filter((f): f is [string, string | number | boolean] => f[1] !== undefined && f[1] !== '').map(([k, v]) => [k, String(v)]);
}

/**
 * The internal demo panel (companion §2), shown only with the sandbox on: it starts a new payment with other
 * parameters, or a sample bulk payment, by posting to /pay like a merchant would. Opened by a labelled button in
 * the page's flow, in core's Dialog (Escape closes it and the focus goes back to the button). The amount is shown
 * and sent in minor units, as /pay takes it, so a resubmission keeps it exactly.
 */
export function DemoPanel() {
  const t = useT();
  const { props, locale } = useCheckoutState();
  const [open, setOpen] = useState(false);
  const id = useId();
  const field = (name: string, label: string, value: string | number, type = 'text', describedBy?: string) => (
    <label htmlFor={`${id}-${name}`}>
      {t(label)}
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        defaultValue={String(value)}
        inputMode={type === 'number' ? 'numeric' : undefined}
        aria-describedby={describedBy}
      />
    </label>
  );
  return (
    <>
      <button type="button" className={opener} aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        {t('core.demo.open')}
      </button>
      {open && (
        <Dialog title={t('core.demo.title')} closeLabel={t('core.demo.close')} onClose={() => setOpen(false)}>
          <form method="POST" action="/pay" className={`${stack} ${form}`}>
            {field('merchant_code', 'core.demo.merchantCode', props.merchantCode)}
            {field('pay_item_id', 'core.demo.payableCode', props.payableCode)}
            {field('amount', 'core.demo.amount', props.amount, 'number', `${id}-amount-now`)}
            <p id={`${id}-amount-now`} className={muted}>
              {t('core.demo.amountNow', { amount: formatAmount(props.amount, props.currencyCode, locale) })}
            </p>
            {field('currency', 'core.demo.currency', props.currencyCode)}
            {field('txn_ref', 'core.demo.txnRef', `DEMO-${props.paymentId}-${Date.now().toString(36)}`)}
            {field('cust_name', 'core.demo.customerName', props.customerName ?? '')}
            {field('passportsessionid', 'core.demo.sessionId', '')}
            <label htmlFor={`${id}-mode`}>
              {t('core.demo.displayMode')}
              <select id={`${id}-mode`} name="display_mode" defaultValue={props.displayMode}>
                <option value="REDIRECT">REDIRECT</option>
                <option value="INLINE">INLINE</option>
                <option value="POPUP">POPUP</option>
              </select>
            </label>
            <input type="hidden" name="lang" value={locale} />
            {keptPayFields(props).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className={button}>
              {t('core.demo.apply')}
            </button>
            {!props.isBulkPayment && (
              <button type="submit" name="bulk" value="1" className={`${button} ${secondaryButton}`}>
                {t('core.demo.bulk')}
              </button>
            )}
          </form>
        </Dialog>
      )}
    </>
  );
}
