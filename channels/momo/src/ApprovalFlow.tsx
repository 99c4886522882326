import { useCallback, useEffect, useRef } from 'react';
import type { FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import {
  ChangeMethodLink,
  CODE_SUCCESS,
  complete,
  createAsyncSlot,
  defineVisit,
  resetSlot,
  styles,
  useChannel,
  useCheckout,
  useCheckoutState,
  useT,
} from '@oja/core';
import type { CallContext, Checkout, StatusAnswer, Visit, VisitKind } from '@oja/core';
import { Field } from '@oja/core/field';
import { WaitingView } from '@oja/core/waiting-view';
import { useVisit } from '@oja/core/visit';

/*
 * The four views of a wallet the payer approves on the phone (companion §2 "MoMo page", "Pocket page", §4): the
 * wallet's ID, the authorization wait, how to pay, and success. Exported as `@oja/momo/approval-flow` for Pocket,
 * which has the same views. Every string is the owning channel's own: a key `<channel id>.<name>` (ApprovalMessages
 * gives the shape), so the flow never borrows another channel's wording.
 */

/** The views a payer moves between; success is the checkout's 00 result, not a view of the state. */
export type ApprovalView = 'entry' | 'authorization' | 'howToPay';

/** What a wallet gives the flow: the ID field, its rule, and its two calls. */
export interface ApprovalWallet {
  /** The ID field's input attributes. */
  field: { name: string; inputMode: 'numeric' | 'text'; autoComplete: string };
  /** The first view's rule (companion §5): the ID to send, or the key of the message under the field. */
  validate(value: string): { id: string } | { errorKey: string };
  /** Initiate: resolves when the API answers HTTP 200 (any other answer rejects, as core's client does). */
  initiate(ctx: CallContext, id: string): Promise<unknown>;
  /** One status request after "I have authorized this payment": 00 is the success. */
  checkStatus(ctx: CallContext): Promise<StatusAnswer>;
  /** The visit kind (approvalVisit) of the owning channel. */
  visit: VisitKind<ApprovalState>;
}

/**
 * The initiate call of a wallet in this flow (companion §7, MoMo's and Pocket's): the payment's names and the
 * payer's ID under the wallet's own field name (`partyId`, `walletId`). HTTP 200 is the success; nothing is read.
 */
export function initiateAt(path: string, idField: string): ApprovalWallet['initiate'] {
  return async ({ http, props, signal }, id) => {
    await http.post(
      path,
      {
        merchantCode: props.merchantCode,
        payableCode: props.payableCode,
        currencyCode: props.currencyCode,
        transactionReference: props.merchantTransactionReference,
        paymentId: props.paymentId,
        [idField]: id,
      },
      { signal },
    );
  };
}

/** One visit's state: the view, the ID as typed, and the two calls. */
function createApprovalState() {
  return {
    view: 'entry' as ApprovalView,
    value: '',
    /** The rule's message shows once Next is pressed, and stays until the ID meets it. */
    submitted: false,
    initiation: createAsyncSlot<unknown>(),
    authorization: createAsyncSlot<StatusAnswer>(),
  };
}
export type ApprovalState = ReturnType<typeof createApprovalState>;

/** The channel's visit: Retry and another method start afresh. */
export const approvalVisit = (channel: string): VisitKind<ApprovalState> => defineVisit({ channel, create: createApprovalState });

/** The keys each owning channel defines under its namespace, in en and fr. */
export type ApprovalMessages = {
  title: string;
  fieldLabel: string;
  placeholder: string;
  howToPayLink: string;
  next: string;
  initiating: string;
  initiateFailed: string;
  authorization: { title: string; message: string; authorized: string; checking: string; cancel: string; failed: string };
  howToPay: { title: string; step1: string; step2: string; back: string };
  success: { title: string; redirect: string; doNotClose: string };
};

/** Next: the rule, then one initiate per press (a pending one is not doubled); HTTP 200 opens the authorization view. */
export async function submitId(wallet: ApprovalWallet, v: Visit<ApprovalState>): Promise<void> {
  const { state } = v;
  state.submitted = true;
  const checked = wallet.validate(state.value);
  if (!('id' in checked) || state.initiation.status === 'pending') return;
  await v.run(state.initiation, (ctx) => wallet.initiate(ctx, checked.id));
  if (!v.ended && state.initiation.status === 'success') state.view = 'authorization';
}

/** "I have authorized this payment": one status request; 00 completes the payment, anything else says so. */
export async function confirmAuthorized(c: Checkout, wallet: ApprovalWallet, v: Visit<ApprovalState>): Promise<void> {
  const { state } = v;
  if (state.authorization.status === 'pending') return;
  const answer = await v.run(state.authorization, (ctx) => wallet.checkStatus(ctx));
  if (answer?.code === CODE_SUCCESS) complete(c, CODE_SUCCESS, answer.response);
}

/** Cancel and How to pay's Back: the first view again, the last call's outcome forgotten. */
export function backToEntry(state: ApprovalState): void {
  state.view = 'entry';
  resetSlot(state.initiation);
  resetSlot(state.authorization);
}

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
        failed={
          snap.authorization.status === 'error' || (snap.authorization.status === 'success' && snap.authorization.response?.code !== CODE_SUCCESS)
        }
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
  failed,
  onAuthorized,
  onCancel,
}: ViewProps & { checking: boolean; failed: boolean; onAuthorized(): void; onCancel(): void }) {
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
        failed: failed ? t(k('authorization.failed')) : null,
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

function SuccessView({ k, focusRef }: ViewProps) {
  const t = useT();
  const { props } = useCheckoutState();
  return (
    <section className={styles.stack} aria-labelledby="approval-success-title">
      <div role="status" aria-live="polite" className={styles.stack}>
        <h1 id="approval-success-title" ref={focusRef} tabIndex={-1} className={styles.heading}>
          {t(k('success.title'))}
        </h1>
        <p className={styles.muted}>{t(k('success.redirect'), { merchant: props.merchantName })}</p>
        <p>{t(k('success.doNotClose'))}</p>
      </div>
    </section>
  );
}
