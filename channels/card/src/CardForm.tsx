import { css } from '@linaria/core';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { formatAmount, registerMessages, styles, useCheckout, useCheckoutState, useT } from '@oja/core';
import { Field, fieldStyles } from '@oja/core/field';
import { cardFlow, loadCrypto } from './flow';
import type { CardSecret } from './crypto';
import {
  acceptedBrands,
  detectBrand,
  digitsOnly,
  expiryYYMM,
  formatCardNumber,
  formatExpiry,
  validateCardNumber,
  validateCvv,
  validateExpiry,
} from './rules';
import { BrandIcon, BrandList } from './BrandIcons';
import { screenMessages } from './screenMessages';

// The wallet uses this form (and the brand names) without the card's screen.
registerMessages(screenMessages);

const hintToggle = css`
  align-self: flex-start;
  font-size: 13px;
  padding: 0;
`;
const secureNote = css`
  font-size: 13px;
  margin: 0;
  color: var(--oja-muted, #5b6577);
`;

export interface CardFormProps {
  /** Which fields the card needs (a saved card may need only some, or none). Default all three. */
  fields?: { number?: boolean; expiry?: boolean; cvv?: boolean };
  /** Called once the shown fields are valid: the card as typed (digits only, expiry as YYMM). */
  onSubmit(card: CardSecret): void;
  /** The link under the button: change payment method, or select a card in wallet mode. */
  back: ReactNode;
  /** The heading, already translated; default "Enter your card details". */
  title?: string;
  /** Shown above the fields (the saved card being paid with). */
  children?: ReactNode;
  /** The button's label, already translated; default "Pay {amount}" (a borrower that pays nothing yet says "Continue"). */
  submitLabel?: string;
}

/**
 * The card details form (spec core §2 "Card entry"): grouped number with its brand as typed, MM / YY expiry,
 * CVV with its hint, digits only, messages under the fields after a submit attempt, the amount on the button.
 * The encryption chunk is fetched at the first keystroke so that it is there when Pay is pressed.
 */
export function CardForm({ fields = { number: true, expiry: true, cvv: true }, title, onSubmit, back, children, submitLabel }: CardFormProps) {
  const t = useT();
  const c = useCheckout();
  const { props, locale } = useCheckoutState();
  const flow = useSnapshot(cardFlow(c));
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvv, setCvv] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [showHint, setShowHint] = useState(false);

  const pan = digitsOnly(number);
  const brand = detectBrand(pan);
  const errors = {
    number: fields.number ? validateCardNumber(pan) : null,
    expiry: fields.expiry ? validateExpiry(expiry) : null,
    cvv: fields.cvv ? validateCvv(cvv) : null,
  };
  const shown = (k: keyof typeof errors) => (submitted && errors[k] ? t(errors[k]!) : null);

  const warmCrypto = () => void loadCrypto().catch(() => undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (flow.busy) return;
    if (errors.number || errors.expiry || errors.cvv) {
      // Focus the first field to fix, so keyboard and screen reader users land on it.
      const form = e.currentTarget as HTMLFormElement;
      const first = (['number', 'expiry', 'cvv'] as const).find((k) => errors[k]);
      form.querySelector<HTMLInputElement>(`[name="${first === 'number' ? 'cardnumber' : first === 'expiry' ? 'exp-date' : 'cvc'}"]`)?.focus();
      return;
    }
    onSubmit({ pan: fields.number ? pan : '', expiry: fields.expiry ? expiryYYMM(expiry) : '', cvv: fields.cvv ? cvv : '' });
  };

  return (
    <form className={styles.stack} onSubmit={submit} onFocus={warmCrypto} noValidate aria-labelledby="card-title" autoComplete="on">
      <h1 id="card-title" className={styles.heading}>
        {title ?? t('card.entry.title')}
      </h1>
      {children}
      {fields.number && (
        <>
          <BrandList brands={acceptedBrands(props.acquiredBy)} label={t('card.entry.accepted')} nameOf={(b) => t(`card.brand.${b}`)} />
          <Field
            label={t('card.entry.number')}
            name="cardnumber"
            autoComplete="cc-number"
            inputMode="numeric"
            maxLength={30}
            value={number}
            onChange={(e) => setNumber(formatCardNumber(e.target.value))}
            error={shown('number')}
            adornment={
              brand ? (
                <span aria-live="polite">
                  <BrandIcon brand={brand} />
                  <span className="oja-sr-only">{t('card.entry.brandDetected', { brand: t(`card.brand.${brand}`) })}</span>
                </span>
              ) : (
                <span aria-live="polite" />
              )
            }
          />
        </>
      )}
      {(fields.expiry || fields.cvv) && (
        <div className={fieldStyles.row}>
          {fields.expiry && (
            <Field
              label={t('card.entry.expiry')}
              name="exp-date"
              autoComplete="cc-exp"
              inputMode="numeric"
              placeholder={t('card.entry.expiryPlaceholder')}
              maxLength={7}
              value={expiry}
              onChange={(e) => setExpiry(formatExpiry(e.target.value, expiry))}
              error={shown('expiry')}
            />
          )}
          {fields.cvv && (
            <Field
              label={t('card.entry.cvv')}
              name="cvc"
              autoComplete="cc-csc"
              inputMode="numeric"
              type="password"
              maxLength={4}
              value={cvv}
              onChange={(e) => setCvv(digitsOnly(e.target.value, 4))}
              error={shown('cvv')}
              hint={
                <>
                  <button type="button" className={`${styles.link} ${hintToggle}`} aria-expanded={showHint} onClick={() => setShowHint((v) => !v)}>
                    {t('card.entry.whatsThis')}
                  </button>
                  {showHint && <span> {t('card.entry.cvvHint')}</span>}
                </>
              }
            />
          )}
        </div>
      )}
      {flow.error && (
        <p className={styles.errorText} role="alert">
          {t(flow.error)}
        </p>
      )}
      <button type="submit" className={styles.button} aria-disabled={flow.busy || undefined} data-testid="card-pay">
        {flow.busy
          ? t('card.entry.paying')
          : (submitLabel ?? t('card.entry.pay', { amount: formatAmount(props.checkoutAmount, props.currencyCode, locale) }))}
      </button>
      <p className={secureNote}>{t('card.entry.secure')}</p>
      {back}
    </form>
  );
}
