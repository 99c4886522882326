import { useEffect } from 'react';
import type { FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { ChangeMethodLink, complete, formatAmount, go, serverNow, styles, useChannel, useCheckout, useCheckoutState, useT } from '@oja/core';
import { Field } from '@oja/core/field';
import { PendingLayout } from '@oja/core/pending-layout';
import { SelectField } from '@oja/core/select-field';
import { completeIfPaid } from '@oja/core/attempt';
import { isRefusedAsPaid, messageKeyForFailure } from '@oja/core/code-messages';
import { useVisit } from '@oja/core/visit';
import { loadProviders, payFromWallet } from './api';
import type { WalletAnswer } from './api';
import { CODE_WALLET_FAILED } from './constants';
import { PAGES } from './pages';
import { canPay, numberError } from './rules';
import { drcVisit, rememberBiller, rememberStart } from './visit';

/** The result of a 02 ("mobile wallet failure", companion §8): the wallet's own words, not a bank's. */
export const WALLET_FAILED_KEY = 'drc-mobile-money.walletFailed';

/**
 * The wallet form (companion §2 "DRC mobile wallet screen"): the provider list loading (or why not, with Retry),
 * then the biller dropdown built from it, the number, and Pay, enabled once both are filled. One payment call
 * however often Pay is pressed; its answer decides (companion §4): 00 the USSD page, anything else completes.
 */
export function WalletForm() {
  const t = useT();
  const c = useCheckout();
  const plugin = useChannel();
  const { props, locale } = useCheckoutState();
  const v = useVisit(drcVisit);
  const state = v.state;
  const snap = useSnapshot(state);

  const loadBillers = () => void v.run(state.providers, loadProviders);
  useEffect(() => {
    // Once per visit: Retry loads again, a new visit (another attempt) starts afresh.
    if (state.providers.status === 'idle') loadBillers();
  }, [v]);

  const title = (
    <h1 id="drc-title" className={styles.heading}>
      {t('drc-mobile-money.title')}
    </h1>
  );

  const answered = (answer: WalletAnswer | undefined) => {
    if (!answer) {
      const error = state.payment.error;
      // Paid meanwhile (another tab): the wallet's status tells, and a 00 completes the payment as paid.
      if (isRefusedAsPaid(error)) void v.call((ctx) => completeIfPaid(c, plugin, ctx.signal, v));
      // "Network error completes with empty code and shows an error" (companion §4): the failure view says why.
      else complete(c, '', { messageKey: messageKeyForFailure(error) });
      return;
    }
    if (answer.code === '00') {
      const startedAt = serverNow();
      state.startedAt = startedAt;
      rememberStart(props.paymentId, startedAt);
      // The USSD page takes the form's place: back from it is the method list, not a second payment call.
      go(c, `${plugin.path}${PAGES.ussd}`, true);
    } else if (answer.code === CODE_WALLET_FAILED) complete(c, answer.code, { ...answer.response, messageKey: WALLET_FAILED_KEY });
    else complete(c, answer.code, answer.response);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A second press while the call is out sends nothing (a second prompt to the phone, too).
    if (state.payment.status === 'pending' || !canPay(state.providerId, state.number)) return;
    const provider = state.providers.response?.find((p) => p.id === state.providerId);
    if (!provider) return;
    state.biller = provider.provider;
    void v.run(state.payment, (ctx) => payFromWallet(ctx, { provider, number: state.number })).then(answered);
  };

  if (snap.providers.status === 'error') {
    return (
      <section className={styles.stack} aria-labelledby="drc-title">
        {title}
        <div role="alert">
          <p className={styles.errorText}>{t('drc-mobile-money.billersFailed')}</p>
          <p className={styles.muted}>{t(messageKeyForFailure(snap.providers.error))}</p>
        </div>
        <button type="button" className={styles.button} onClick={loadBillers}>
          {t('drc-mobile-money.retry')}
        </button>
        <ChangeMethodLink />
      </section>
    );
  }
  if (snap.providers.status !== 'success') {
    return (
      <PendingLayout title={t('drc-mobile-money.loadingBillers')}>
        <ChangeMethodLink />
      </PendingLayout>
    );
  }
  if (snap.payment.status === 'pending') {
    return <PendingLayout title={t('drc-mobile-money.paying')} />;
  }

  const ready = canPay(snap.providerId, snap.number);
  const idError = numberError(snap);
  return (
    <form className={styles.stack} onSubmit={submit} noValidate aria-labelledby="drc-title">
      {title}
      <p className={styles.muted}>{t('drc-mobile-money.intro')}</p>
      <SelectField
        selectId="drc-biller"
        name="biller"
        label={t('drc-mobile-money.billerLabel')}
        placeholder={t('drc-mobile-money.billerPlaceholder')}
        value={snap.providerId}
        onChange={(e) => {
          state.providerId = e.target.value;
          const chosen = state.providers.response?.find((p) => p.id === e.target.value);
          if (chosen) rememberBiller(chosen.provider);
        }}
      >
        {(snap.providers.response ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {p.provider}
          </option>
        ))}
      </SelectField>
      <Field
        inputId="drc-number"
        name="number"
        label={t('drc-mobile-money.numberLabel')}
        placeholder={t('drc-mobile-money.numberPlaceholder')}
        hint={t('drc-mobile-money.numberHint')}
        autoComplete="tel-national"
        value={snap.number}
        onChange={(e) => (state.number = e.target.value)}
        onBlur={() => (state.numberLeft = true)}
        error={idError ? t(idError) : null}
      />
      <p id="drc-pay-hint" className={styles.muted} hidden={ready}>
        {t('drc-mobile-money.payHint')}
      </p>
      <button type="submit" className={styles.button} disabled={!ready} aria-describedby={ready ? undefined : 'drc-pay-hint'} data-testid="drc-pay">
        {t('drc-mobile-money.pay', { amount: formatAmount(props.checkoutAmount, props.currencyCode, locale) })}
      </button>
      <ChangeMethodLink />
    </form>
  );
}
