import { css } from '@linaria/core';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Route, Switch } from 'wouter';
import { useSnapshot } from 'valtio';
import { ChangeMethodLink, ChevronIcon, go, HttpError, registerMessages, styles, useCheckout, useCheckoutState, useT, withSession } from '@oja/core';
import type { Checkout } from '@oja/core';
import { Field } from '@oja/core/field';
import { PasswordField } from '@oja/core/password-field';
import { PendingLayout } from '@oja/core/pending-layout';
import { BrandIcon, CARD_PATH, CARD_TYPE_BRANDS, CardForm, forgetCard, isECash, lendCardSteps, submitCard } from '@oja/card/steps';
import { savedCardLoan, signIn, walletByToken } from './api';
import type { WalletCard } from './api';
import { walletVisit } from './visit';
import { screenMessages } from './screenMessages';
import { useVisit, visitOf } from '@oja/core/visit';

registerMessages(screenMessages);

export const WALLET_PATH = '/payment/wallet';
export const LOGIN_PATH = `${WALLET_PATH}/login`;
export const WALLET_CARD_PATH = `${WALLET_PATH}/card`;

/**
 * Sign out: the wallet's data and any card of it are forgotten, and so is the merchant's access-token sign-in, so
 * that the wallet opened again on this page (after another method, a retry) asks to sign in.
 */
export function signOut(c: Checkout): void {
  c.state.tokenSignIn = null;
  const w = visitOf(c.visits, walletVisit).state;
  w.data = null;
  w.selected = null;
  w.error = null;
  w.signedOut = true;
  forgetCard(c);
  go(c, LOGIN_PATH, true);
}

// Full width, as the method list and the button under it; the focus ring is drawn inside each row, so that the
// scrolling list (desktop) does not clip it.
const list = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 10px;
  /* Capped at 220 px on wide screens (spec core §2 "Wallet card list"). */
  @media (min-width: 481px) { max-height: 220px; overflow-y: auto; }
  button:focus-visible { outline-offset: -3px; }
`;
const cardName = css`
  font-weight: 600;
`;
const userRow = css`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 8px;
`;
// The chosen card's line: its brand mark, then its name right beside it, both at the start of the line.
const cardLine = css`
  display: flex;
  justify-content: flex-start;
  align-items: center;
  gap: 10px;
  margin: 0;
`;

function brandOf(card: WalletCard) {
  return CARD_TYPE_BRANDS[card.cardTypeCode] ?? null;
}

/** "Verve ending in 7499", or "Verve e-cash" with no last four (spec core §2 "Wallet card list"). */
function CardLabel({ card }: { card: WalletCard }) {
  const t = useT();
  const brand = brandOf(card);
  const brandName = brand ? t(`card.brand.${brand}`) : card.name;
  return (
    <>
      {brand && <BrandIcon brand={brand} />}
      <span className={cardName}>
        {isECash(card.cardTypeCode) || !card.maskedPan
          ? t('wallet.list.eCash', { brand: brandName })
          : t('wallet.list.ending', { brand: brandName, last4: card.maskedPan.slice(-4) })}
      </span>
    </>
  );
}

function SignIn() {
  const t = useT();
  const c = useCheckout();
  const v = useVisit(walletVisit);
  const w = v.state;
  const snap = useSnapshot(w);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const errors = {
    username: username.trim() ? null : 'wallet.signIn.usernameRequired',
    password: password ? null : 'wallet.signIn.passwordRequired',
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (errors.username || errors.password || w.loading) return;
    w.loading = true;
    w.error = null;
    try {
      w.data = await v.call((ctx) => signIn(ctx, username.trim(), password));
      setPassword('');
      go(c, WALLET_PATH, true);
    } catch (err) {
      if (err instanceof HttpError && err.code === 'aborted') return;
      w.error = err instanceof HttpError && err.status === 403 ? 'wallet.signIn.invalid' : 'wallet.signIn.unavailable';
    } finally {
      w.loading = false;
    }
  };

  return (
    <form className={styles.stack} onSubmit={submit} noValidate aria-labelledby="wallet-title">
      <h1 id="wallet-title" className={styles.heading}>
        {t('wallet.signIn.title')}
      </h1>
      <p className={styles.muted}>{t('wallet.signIn.subtitle')}</p>
      <Field
        label={t('wallet.signIn.username')}
        name="username"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={submitted && errors.username ? t(errors.username) : null}
      />
      <PasswordField
        label={t('wallet.signIn.password')}
        name="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={submitted && errors.password ? t(errors.password) : null}
      />
      {snap.error && (
        <p className={styles.errorText} role="alert">
          {t(snap.error)}
        </p>
      )}
      <button type="submit" className={styles.button} aria-disabled={snap.loading || undefined} data-testid="wallet-sign-in">
        {snap.loading ? t('wallet.signIn.signingIn') : t('wallet.signIn.submit')}
      </button>
      <ChangeMethodLink />
    </form>
  );
}

/** Signed in by the merchant's access token: the wallet is fetched with the token the shell obtained. */
function useTokenWallet() {
  const v = useVisit(walletVisit);
  const { tokenSignIn } = useCheckoutState();
  const token = typeof tokenSignIn?.token === 'string' ? tokenSignIn.token : '';
  useEffect(() => {
    const w = v.state;
    if (!token || w.data || w.loading || w.signedOut) return;
    w.loading = true;
    v.call((ctx) => walletByToken(ctx, token))
      .then((data) => {
        w.data = data;
      })
      .catch((e: unknown) => {
        if (!(e instanceof HttpError && e.code === 'aborted')) w.error = 'wallet.signIn.unavailable';
      })
      .finally(() => {
        w.loading = false;
      });
    // The call lives with the visit (ended on Retry, another method, leaving), not with this screen.
  }, [v, token]);
  return token;
}

function CardList() {
  const t = useT();
  const c = useCheckout();
  const w = useVisit(walletVisit).state;
  const snap = useSnapshot(w);
  const { env, locale } = useCheckoutState();
  const token = useTokenWallet();
  const signedOut = !snap.data && !snap.loading && (!token || snap.signedOut);
  useEffect(() => {
    if (signedOut) go(c, LOGIN_PATH, true);
  }, [c, signedOut]);
  if (!snap.data) {
    // The sign-in shows the error.
    if (snap.error) return <SignIn />;
    return signedOut ? <SignIn /> : <PendingLayout title={t('wallet.list.loading')} simulate={false} />;
  }
  const { user, paymentMethods } = snap.data;
  const choose = (card: WalletCard) => {
    w.selected = card;
    go(c, WALLET_CARD_PATH);
  };
  return (
    <section className={styles.stack} aria-labelledby="wallet-list-title">
      <div className={userRow}>
        <p className={styles.muted}>{t('wallet.list.greeting', { name: `${user.firstName} ${user.lastName}`.trim() })}</p>
        <button type="button" className={styles.link} onClick={() => signOut(c)}>
          {t('wallet.list.signOut')}
        </button>
      </div>
      <h1 id="wallet-list-title" className={styles.heading}>
        {t('wallet.list.title')}
      </h1>
      {paymentMethods.length === 0 ? (
        <p className={styles.muted}>{t('wallet.list.empty')}</p>
      ) : (
        <ul className={list} aria-label={t('wallet.list.cards')}>
          {paymentMethods.map((card) => (
            <li key={card.walletInstrumentIdentifier}>
              <button type="button" className={styles.choiceRow} onClick={() => choose(card as WalletCard)}>
                <CardLabel card={card as WalletCard} />
                <ChevronIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
      <a
        className={`${styles.button} ${styles.secondaryButton}`}
        href={withSession(env, CARD_PATH, locale)}
        onClick={(e) => {
          e.preventDefault();
          go(c, CARD_PATH);
        }}
      >
        {t('wallet.list.newCard')}
      </a>
      <ChangeMethodLink />
    </section>
  );
}

/** A saved card: expiry and CVV only where its type needs them, then the card flow (spec core §4 "Wallet"). */
function CardDetail() {
  const t = useT();
  const c = useCheckout();
  const w = useVisit(walletVisit).state;
  const snap = useSnapshot(w);
  const { env, locale } = useCheckoutState();
  const card = snap.selected as WalletCard | null;
  useEffect(() => {
    if (!card) go(c, WALLET_PATH, true);
  }, [c, card]);
  if (!card || !snap.data) return null;
  const g = card.cardTypeGatewayConfiguration ?? {};
  const back = (
    <a
      className={styles.link}
      href={withSession(env, WALLET_PATH, locale)}
      onClick={(e) => {
        e.preventDefault();
        go(c, WALLET_PATH);
      }}
    >
      {t('wallet.card.selectCard')}
    </a>
  );
  const fields = { number: false, expiry: !!g.supportsExpiryDate, cvv: !!g.supportsCvv2 };
  return (
    <CardForm
      title={t('wallet.card.title', { card: card.name })}
      fields={fields}
      back={back}
      onSubmit={(secret) => {
        // The saved card pays through the card's steps, its identifiers with every call (@oja/card/steps).
        lendCardSteps(c, savedCardLoan(snap.data!.walletId, w.selected!));
        void submitCard(c, secret);
      }}
    >
      <p className={cardLine} data-testid="wallet-card-line">
        <CardLabel card={card} />
      </p>
      {!fields.expiry && !fields.cvv && <p className={styles.muted}>{t('wallet.card.noDetails')}</p>}
    </CardForm>
  );
}

/** The wallet: sign in, the saved cards, a card's details (spec core §2 routes /payment/wallet/*). */
export default function WalletScreen() {
  return (
    <Switch>
      <Route path="/login">
        <SignIn />
      </Route>
      <Route path="/card">
        <CardDetail />
      </Route>
      <Route>
        <CardList />
      </Route>
    </Switch>
  );
}
