import { css } from '@linaria/core';
import { useLocale, useT } from '../i18n';
import { formatAmount } from '../money';
import { CODE_SUCCESS } from '../codes';
import { useCheckoutState } from '../state/checkout';
import type { PaymentProps } from '../props';

const header = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 12px;
  padding: 16px 20px;
  background: var(--oja-header-bg, #f6f8fb);
  border-bottom: 1px solid var(--oja-border, #e3e8ef);
  /* INLINE: the merchant's page draws its close control over the header's top right corner. */
  .oja-embedded & { padding-right: 64px; }
`;
const mark = css`
  flex: 0 0 auto;
  width: 44px;
  height: 44px;
  display: grid;
  place-items: center;
  overflow: hidden;
  border-radius: 10px;
  img { max-width: 44px; max-height: 44px; }
`;
const monogram = css`
  /* A narrow dialog (INLINE on a phone) gives the initials' room to the name: they only echo it. */
  @media (max-width: 400px) { .oja-embedded & { display: none; } }
  background: var(--oja-primary, #0b5cad);
  color: var(--oja-on-primary, #fff);
  /* The merchant name's size and weight: each pair of the first screen is a font lookup in its first layout (README,
     "the first screen's type"). */
  font-weight: 600;
  font-size: 16px;
  letter-spacing: 0.02em;
`;
const merchant = css`
  /* At least 6em for the name; with less room, the amount goes under it rather than squeezing it to a letter. */
  flex: 1 1 6em;
  min-width: 6em;
  font-weight: 600;
  font-size: 16px;
  line-height: 1.3;
  /* A long name takes two lines, then ends in an ellipsis: the amount keeps its room. */
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
  overflow: hidden;
  overflow-wrap: anywhere;
  margin: 0;
`;
const payer = css`
  flex: 0 0 auto;
  margin-left: auto;
  max-width: 60%;
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
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
  color: var(--oja-amount, var(--oja-text, #1c2434));
`;
const fee = css`
  font-size: 12px;
  color: var(--oja-muted, #5b6577);
`;

/** Only absolute https: merchant logos are shown; anything else falls back to the merchant's initials. */
function safeLogoUrl(url: string | undefined): string | undefined {
  try {
    return url && new URL(url).protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The first letters of the merchant name's first two words ("Oja Demo Store" → "OD"), for a tile in its logo's
 * place; words that start with neither a letter nor a digit ("&") are skipped.
 */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[\p{L}\p{N}]/u.test(w));
  return words
    .slice(0, 2)
    .map((w) => Array.from(w)[0]!.toUpperCase())
    .join('');
}

/** What a payment's header reads of its properties; a page in a payment's frame (PageView.header) gives as much. */
export type PayeeProps = Pick<
  PaymentProps,
  'merchantName' | 'logoUrl' | 'customerEmail' | 'responseCode' | 'checkoutAmount' | 'currencyCode' | 'passFeeToCustomer' | 'surcharge'
>;

/** A payment's header: its own properties. */
export function Header() {
  return <PayeeHeader props={useCheckoutState().props} />;
}

/**
 * Who is being paid and how much: the merchant (its logo when given, else its initials) leads, the amount and
 * the payer's e-mail face it. The acquirer's mark is in the footer ("powered by", spec core §1).
 */
export function PayeeHeader({ props }: { props: PayeeProps }) {
  const t = useT();
  const locale = useLocale();
  const logoUrl = safeLogoUrl(props.logoUrl);
  const showFee = props.passFeeToCustomer && props.surcharge > 0;
  const initials = initialsOf(props.merchantName ?? '');
  return (
    <header className={header}>
      {logoUrl ? (
        <div className={mark}>
          <img src={logoUrl} alt="" width={44} height={44} />
        </div>
      ) : (
        initials && (
          <div className={`${mark} ${monogram}`} aria-hidden="true">
            {initials}
          </div>
        )
      )}
      {/* The merchant's name is text, never markup (it comes from the merchant's request). */}
      {props.merchantName && <p className={merchant}>{props.merchantName}</p>}
      {/* A refused request (Incorrect Transaction) has no amount to show. */}
      {props.responseCode === CODE_SUCCESS && (
        <div className={payer}>
          <div className={who}>{props.customerEmail || t('core.header.youArePaying')}</div>
          {/* Named for screen readers by text they read (an aria-label on a plain div is not announced everywhere). */}
          <div className={amount}>
            <span className="oja-sr-only">{t('core.header.amountLabel')}: </span>
            <span>{formatAmount(props.checkoutAmount, props.currencyCode, locale)}</span>
          </div>
          {showFee && <div className={fee}>{t('core.header.fee', { amount: formatAmount(props.surcharge, props.currencyCode, locale) })}</div>}
        </div>
      )}
    </header>
  );
}
