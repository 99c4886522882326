import { css } from '@linaria/core';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { ChangeMethodLink, registerMessages, styles, useCheckout, useCheckoutState, useT } from '@oja/core';
import { useVisit } from '@oja/core/visit';
import { BrandIcon, CardForm } from '@oja/card/steps';
import { changeCard, googlePayVisit, openSheet, pay, prepare } from './flow';
import type { GooglePayVisit } from './flow';
import { brandOf } from './request';
import { screenMessages } from './screenMessages';

/** A link-styled button at the start of the line, as the links under it: a form is left-aligned throughout. */
registerMessages(screenMessages);

const buttonSlot = css`
  min-height: 48px;
  width: 100%;
  display: flex;
  & > * { flex: 1; }
`;
const cardLine = css`
  display: flex;
  align-items: center;
  gap: 12px;
  margin: 0;
`;

/** Google's own button, drawn by its script into this slot (the page never draws Google's mark itself). */
function GoogleButton({ v }: { v: GooglePayVisit }) {
  const c = useCheckout();
  const { locale } = useCheckoutState();
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const client = v.secret.client;
    const el = slot.current;
    if (!client || !el) return;
    const button = client.createButton({ onClick: () => void openSheet(c, v), buttonType: 'pay', buttonSizeMode: 'fill', buttonLocale: locale });
    el.replaceChildren(button);
    return () => el.replaceChildren();
  }, [c, v, locale]);
  return <div ref={slot} className={buttonSlot} data-testid="google-pay-button" />;
}

/** Before a card is authorized: the heading and its line, then the button, or why there is none. */
function Start({ v }: { v: GooglePayVisit }) {
  const t = useT();
  const c = useCheckout();
  const snap = useSnapshot(v.state);
  return (
    <section className={styles.stack} aria-labelledby="google-pay-title">
      <h1 id="google-pay-title" className={styles.heading}>
        {t('google-pay.title')}
      </h1>
      <p>{t('google-pay.intro')}</p>
      {snap.phase === 'loading' && (
        <p className={styles.muted} role="status">
          {t('google-pay.loading')}
        </p>
      )}
      {snap.error && (
        <p className={styles.errorText} role="alert">
          {t(snap.error)}
        </p>
      )}
      {snap.phase === 'ready' && <GoogleButton v={v} />}
      {snap.sheetOpen && (
        <p className={styles.muted} role="status">
          {t('google-pay.sheetOpen')}
        </p>
      )}
      {snap.phase === 'unavailable' && (
        <p className={styles.errorText} role="alert">
          {t('google-pay.unavailable')}
        </p>
      )}
      {snap.phase === 'failed' && (
        <>
          <p className={styles.errorText} role="alert">
            {t('google-pay.failed')}
          </p>
          <button
            type="button"
            className={styles.button}
            onClick={() => {
              v.state.phase = 'loading';
              void prepare(c, v, t('google-pay.error.invalidData'));
            }}
          >
            {t('google-pay.tryAgain')}
          </button>
        </>
      )}
      <ChangeMethodLink />
    </section>
  );
}

/** A card authorized: its network and last digits, then the CVV and Pay (companion §2). */
function Cvv({ v }: { v: GooglePayVisit }) {
  const t = useT();
  const c = useCheckout();
  const snap = useSnapshot(v.state);
  const card = snap.card!;
  const brand = brandOf(card.network);
  return (
    <CardForm fields={{ cvv: true }} title={t('google-pay.title')} onSubmit={(secret) => void pay(c, v, secret.cvv)} back={<ChangeMethodLink />}>
      <p className={cardLine}>
        {brand && <BrandIcon brand={brand} />}
        <span>{t('google-pay.card', { brand: brand ? t(`card.brand.${brand}`) : card.network, last4: card.last4 })}</span>
      </p>
      <p className={styles.muted}>{t('google-pay.cvvNote')}</p>
      <button type="button" className={styles.link} onClick={() => changeCard(v)}>
        {t('google-pay.changeCard')}
      </button>
    </CardForm>
  );
}

/** The Google Pay screen: Google's script loads when it opens (never with the initial route). */
export default function GooglePayScreen() {
  const t = useT();
  const c = useCheckout();
  const v = useVisit(googlePayVisit);
  const snap = useSnapshot(v.state);
  const invalid = t('google-pay.error.invalidData');
  useEffect(() => {
    if (v.state.phase === 'loading' && v.state.loads === 0) void prepare(c, v, invalid);
  }, [c, v, invalid]);
  return snap.phase === 'authorized' && snap.card ? <Cvv v={v} /> : <Start v={v} />;
}
