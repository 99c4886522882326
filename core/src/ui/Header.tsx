import { css } from '@linaria/core';
import { useT } from '../i18n';
import { formatAmount } from '../money';
import { CODE_SUCCESS } from '../codes';
import { useCheckout, useCheckoutState, brandingOf } from '../state/checkout';
import { Drawn } from './Drawn';

const header = css`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 16px 20px;
  background: var(--oja-header-bg, #f6f8fb);
  border-bottom: 1px solid var(--oja-border, #e3e8ef);
`;
const logo = css`
  flex: 0 0 auto;
  width: 44px;
  height: 44px;
  display: grid;
  place-items: center;
  img, svg { max-width: 44px; max-height: 44px; }
`;
const payer = css`
  margin-left: auto;
  text-align: right;
  min-width: 0;
`;
const who = css`
  font-size: 13px;
  color: var(--oja-muted, #5b6577);
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;
const amount = css`
  font-size: 20px;
  font-weight: 700;
  color: var(--oja-amount, var(--oja-text, #1c2434));
`;
const fee = css`
  font-size: 12px;
  color: var(--oja-muted, #5b6577);
`;

/** Only absolute https: merchant logos are shown; anything else falls back to the acquirer's. */
function safeLogoUrl(url: string | undefined): string | undefined {
  try {
    return url && new URL(url).protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

export function Header() {
  const t = useT();
  const c = useCheckout();
  const { props } = useCheckoutState();
  const branding = brandingOf(c);
  const logoUrl = safeLogoUrl(props.logoUrl);
  const showFee = props.passFeeToCustomer && props.surcharge > 0;
  return (
    <header className={header}>
      <div className={logo}>{logoUrl ? <img src={logoUrl} alt={props.merchantName} /> : <Drawn picture={branding.Logo} slot="logo" />}</div>
      {/* A refused request (Incorrect Transaction) has no amount to show. */}
      {props.responseCode === CODE_SUCCESS && (
        <div className={payer}>
          <div className={who}>{props.customerEmail || t('core.header.youArePaying')}</div>
          {/* Named for screen readers by text they read (an aria-label on a plain div is not announced everywhere). */}
          <div className={amount}>
            <span className="oja-sr-only">{t('core.header.amountLabel')}: </span>
            <span>{formatAmount(props.checkoutAmount, props.currencyCode)}</span>
          </div>
          {showFee && <div className={fee}>{t('core.header.fee', { amount: formatAmount(props.surcharge, props.currencyCode) })}</div>}
        </div>
      )}
    </header>
  );
}
