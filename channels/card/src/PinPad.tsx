import { css } from '@linaria/core';
import { useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { ChangeMethodLink, styles, useCheckout, useT } from '@oja/core';
import { cardFlow, submitPin } from './flow';
import { shuffledDigits, validatePin } from './rules';

/** Has the payer touched the page yet? Browsers without the User Activation API are taken at their word. */
export function canVibrate(nav: { userActivation?: { hasBeenActive: boolean } } = navigator): boolean {
  const activation = nav.userActivation;
  return activation ? activation.hasBeenActive : true;
}

/** Vibration per tap, ms (spec core §9). */
export const TAP_VIBRATION_MS = 30;
const PIN_LENGTH = 4;

const dots = css`
  display: flex;
  justify-content: center;
  gap: 14px;
  margin: 4px 0;
  > span { width: 16px; height: 16px; border-radius: 50%; border: 2px solid var(--oja-primary, #0b5cad); }
  > span[data-filled='true'] { background: var(--oja-primary, #0b5cad); }
`;
// Three equal columns whatever the labels' lengths (minmax(0, 1fr)): Clear and Delete take the same cell as a digit.
const pad = css`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  grid-auto-rows: minmax(52px, auto);
  gap: 8px;
  > button { min-height: 52px; font-size: 20px; }
  /* Clear and Delete edit the PIN, the digits make it: lighter than a digit (no box, regular weight, the muted text
     colour, 4.5:1 on every branding's surface), still a whole cell of the pad, so a 52 px target. */
  > button[data-key='word'] {
    padding: 6px 4px; font-size: 15px; line-height: 1.2; flex-wrap: wrap; gap: 4px;
    border-color: transparent; font-weight: 400; color: var(--oja-muted, #5b6577);
  }
  @media (hover: hover) { > button[data-key='word']:hover { color: var(--oja-text, #1c2434); border-color: var(--oja-border, #cfd6e0); } }
`;

/** Backspace, drawn beside the Delete key's label. */
function BackspaceIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M9 5h11a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H9l-6-7z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <path d="M12 9.5l5 5M17 9.5l-5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export interface PinPadProps {
  /** The digits' order; shuffled once per visit by default. */
  digits?: string[];
  /**
   * What Authorize does with a valid PIN. Default: the card's own flow (the PIN sealed with the card, then the
   * payment). A borrower (pay on credit's card tokenisation) gives its own, with its `busy` and `error`.
   */
  onSubmit?(pin: string): void;
  /** A borrower's request is in flight: Authorize does nothing. Default: the card flow's. */
  busy?: boolean;
  /** Translation key of a borrower's message under the pad. Default: the card flow's. */
  error?: string | null;
  /** The link under the button. Default "Change payment method". */
  footer?: ReactNode;
}

/**
 * The card PIN (spec core §2 "Card PIN"): a four-digit pad with shuffled digits, a 30 ms vibration per tap,
 * Authorize. Clear and Delete are keys of the pad's own size, drawn lighter than the digits. The physical keyboard works too (digits, Backspace or
 * Delete, Escape to clear, Enter).
 */
export function PinPad({ digits: given, onSubmit, busy, error: givenError, footer }: PinPadProps) {
  const t = useT();
  const c = useCheckout();
  const flow = useSnapshot(cardFlow(c));
  const [digits] = useState(() => given ?? shuffledDigits());
  const [pin, setPin] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const error = submitted ? validatePin(pin) : null;
  const isBusy = busy ?? flow.busy;
  const flowError = onSubmit ? givenError : flow.error;

  const tap = (d: string) => {
    // Only after a real tap on the page: Chromium blocks (and logs) vibrations before any, e.g. a scripted click.
    if (canVibrate()) navigator.vibrate?.(TAP_VIBRATION_MS);
    setPin((p) => (p.length < PIN_LENGTH ? p + d : p));
  };
  const authorize = () => {
    setSubmitted(true);
    if (validatePin(pin) || isBusy) return;
    if (onSubmit) onSubmit(pin);
    else void submitPin(c, pin);
  };
  const onKey = (e: KeyboardEvent) => {
    if (/^\d$/.test(e.key)) tap(e.key);
    else if (e.key === 'Backspace' || e.key === 'Delete') setPin((p) => p.slice(0, -1));
    else if (e.key === 'Escape') setPin('');
    else if (e.key === 'Enter' && (e.target as HTMLElement).tagName !== 'BUTTON') authorize();
    else return;
    e.preventDefault();
  };
  // Nine digits in three rows, then Clear, the tenth digit and Delete.
  const keys = [...digits.slice(0, 9), 'clear', digits[9]!, 'delete'];

  return (
    <section className={styles.stack} aria-labelledby="pin-title" onKeyDown={onKey}>
      <h1 id="pin-title" className={styles.heading}>
        {t('card.pin.title')}
      </h1>
      <p className={styles.muted}>{t('card.pin.subtitle')}</p>
      <div className={dots} aria-hidden="true">
        {Array.from({ length: PIN_LENGTH }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of PIN_LENGTH dots: the position is the identity.
          <span key={i} data-filled={i < pin.length} />
        ))}
      </div>
      <p className="oja-sr-only" role="status" aria-live="polite">
        {t('card.pin.progress', { count: pin.length })}
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of keys, not a form section with a legend (a fieldset). */}
      <div className={pad} role="group" aria-label={t('card.pin.pad')} data-testid="pin-pad">
        {keys.map((k) =>
          k === 'clear' || k === 'delete' ? (
            <button
              key={k}
              type="button"
              className={`${styles.button} ${styles.secondaryButton}`}
              data-key="word"
              onClick={() => setPin((p) => (k === 'clear' ? '' : p.slice(0, -1)))}
            >
              {k === 'delete' && <BackspaceIcon />}
              <span>{t(`card.pin.${k}`)}</span>
            </button>
          ) : (
            <button
              key={k}
              type="button"
              className={`${styles.button} ${styles.secondaryButton}`}
              aria-label={t('card.pin.digit', { digit: k })}
              onClick={() => tap(k)}
            >
              {k}
            </button>
          ),
        )}
      </div>
      {error && (
        <p className={styles.errorText} role="alert">
          {t(error)}
        </p>
      )}
      {flowError && (
        <p className={styles.errorText} role="alert">
          {t(flowError)}
        </p>
      )}
      <button type="button" className={styles.button} aria-disabled={isBusy || undefined} onClick={authorize} data-testid="pin-authorize">
        {t('card.pin.authorize')}
      </button>
      {footer ?? <ChangeMethodLink />}
    </section>
  );
}
