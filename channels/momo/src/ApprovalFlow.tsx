import { useCallback, useEffect, useRef } from 'react';
import type { FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { ChangeMethodLink, CODE_SUCCESS, styles, useChannel, useCheckout, useCheckoutState, useT } from '@oja/core';
import type { Visit } from '@oja/core';
import { Field } from '@oja/core/field';
import { WaitingView } from '@oja/core/waiting-view';
import { ResultPanel, usePaymentReceipt } from '@oja/core/result-panel';
import { useVisit } from '@oja/core/visit';
import { authorizationProblem, backToEntry, confirmAuthorized, submitId } from './approval';
import type { ApprovalState, ApprovalWallet } from './approval';

/*
 * The four views of a wallet the payer approves on the phone (companion §2 "MoMo page", "Pocket page", §4): the
 * wallet's ID, the authorization wait, how to pay, and success; their state and actions are approval.ts. Exported as
 * `@oja/momo/approval-flow` for Pocket, which has the same views. Every string is the owning channel's own: a key
 * `<channel id>.<name>` (ApprovalMessages gives the shape), so the flow never borrows another channel's wording.
 */

/**
 * Moves the focus into the new view when the view changes (its heading, or the authorization's one action), so a
 * keyboard or screen reader user carries on from there rather than from the top of the page.
 */
function useFocusOnChange(key: string): (el: HTMLElement | null) => void {
  const target = useRef<HTMLElement | null>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    target.current?.focus();
  }, [key]);
  return useCallback((el: HTMLElement | null) => {
    target.current = el;
  }, []);
}

/** The flow's screen: the channel's own plugin names the strings' namespace. */
export function ApprovalFlow({ wallet }: { wallet: ApprovalWallet }) {
  const c = useCheckout();
  const { id } = useChannel();
  const v = useVisit(wallet.visit);
  const snap = useSnapshot(v.state);
  const { result } = useCheckoutState();
  const view = result?.responseCode === CODE_SUCCESS ? 'success' : snap.view;
  const focus = useFocusOnChange(view);
  const k = (name: string) => `${id}.${name}`;
  if (view === 'success') return <SuccessView k={k} focusRef={focus} />;
  if (view === 'howToPay') return <HowToPayView k={k} focusRef={focus} onBack={() => backToEntry(v.state)} />;
  if (view === 'authorization') {
    return (
      <AuthorizationView
        k={k}
        focusRef={focus}
        checking={snap.authorization.status === 'pending'}
        problem={authorizationProblem(snap.authorization)}
        onAuthorized={() => void confirmAuthorized(c, wallet, v)}
        onCancel={() => backToEntry(v.state)}
      />
    );
  }
  return <EntryView k={k} focusRef={focus} wallet={wallet} visit={v} />;
}

interface ViewProps {
  /** The owning channel's key for a name. */
  k(name: string): string;
  /** Takes the focus when the view opens. */
  focusRef(el: HTMLElement | null): void;
}

function EntryView({ k, focusRef, wallet, visit }: ViewProps & { wallet: ApprovalWallet; visit: Visit<ApprovalState> }) {
  const t = useT();
  const snap = useSnapshot(visit.state);
  const checked = wallet.validate(snap.value);
  const error = snap.submitted && 'errorKey' in checked ? t(checked.errorKey) : null;
  const sending = snap.initiation.status === 'pending';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void submitId(wallet, visit);
  };
  return (
    <form className={styles.stack} onSubmit={submit} noValidate aria-labelledby="approval-title">
      <h1 id="approval-title" ref={focusRef} tabIndex={-1} className={styles.heading}>
        {t(k('title'))}
      </h1>
      <Field
        inputId="approval-id"
        name={wallet.field.name}
        label={t(k('fieldLabel'))}
        placeholder={t(k('placeholder'))}
        inputMode={wallet.field.inputMode}
        autoComplete={wallet.field.autoComplete}
        value={snap.value}
        error={error}
        onChange={(e) => (visit.state.value = e.target.value)}
      />
      {snap.initiation.status === 'error' && (
        <p className={styles.errorText} role="alert">
          {t(k('initiateFailed'))}
        </p>
      )}
      <button type="button" className={styles.link} onClick={() => (visit.state.view = 'howToPay')}>
        {t(k('howToPayLink'))}
      </button>
      <button type="submit" className={styles.button} disabled={sending} aria-busy={sending}>
        {sending ? t(k('initiating')) : t(k('next'))}
      </button>
      <ChangeMethodLink />
    </form>
  );
}

function AuthorizationView({
  k,
  focusRef,
  checking,
  problem,
  onAuthorized,
  onCancel,
}: ViewProps & { checking: boolean; problem: ReturnType<typeof authorizationProblem>; onAuthorized(): void; onCancel(): void }) {
  const t = useT();
  // The heading is announced as the view opens; the focus goes to the view's one action, asking the status now.
  return (
    <WaitingView
      title={t(k('authorization.title'))}
      message={t(k('authorization.message'))}
      checkNow={{
        label: t(k('authorization.authorized')),
        busyLabel: t(k('authorization.checking')),
        busy: checking,
        onClick: onAuthorized,
        failed: problem ? t(k(`authorization.${problem}`)) : null,
        ref: focusRef,
      }}
      leave={{ label: t(k('authorization.cancel')), onClick: onCancel }}
    />
  );
}

function HowToPayView({ k, focusRef, onBack }: ViewProps & { onBack(): void }) {
  const t = useT();
  return (
    <section className={styles.stack} aria-labelledby="approval-how-title">
      <h1 id="approval-how-title" ref={focusRef} tabIndex={-1} className={styles.heading}>
        {t(k('howToPay.title'))}
      </h1>
      <ol className={styles.stack}>
        <li>{t(k('howToPay.step1'))}</li>
        <li>{t(k('howToPay.step2'))}</li>
      </ol>
      <button type="button" className={styles.button} onClick={onBack}>
        {t(k('howToPay.back'))}
      </button>
    </section>
  );
}

/** The merchant's site as the payer reads it (companion §2 "the merchant site URL"): its host; '' when none is usable. */
export function siteOf(url: string): string {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.host : '';
  } catch {
    return '';
  }
}

/**
 * The spec's success (companion §2: "Payment Successful!", the redirect to the merchant site, do not close) in the
 * result screen's look, with the payment's receipt: the amount, the merchant, the reference and the date.
 */
function SuccessView({ k, focusRef }: ViewProps) {
  const t = useT();
  const { props, result } = useCheckoutState();
  const receipt = usePaymentReceipt(result);
  return (
    <ResultPanel
      title={t(k('success.title'))}
      titleId="approval-success-title"
      titleRef={focusRef}
      lines={[t(k('success.redirect'), { site: siteOf(props.siteRedirectUrl) || props.merchantName }), t(k('success.doNotClose'))]}
      receipt={receipt}
    />
  );
}
