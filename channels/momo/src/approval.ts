import { CODE_SUCCESS, complete, createAsyncSlot, defineVisit, resetSlot } from '@oja/core';
import type { CallContext, Checkout, StatusAnswer, Visit, VisitKind } from '@oja/core';

/*
 * The approval flow's state and actions, apart from its views (ApprovalFlow.tsx): a wallet's calls (api.ts, Pocket's
 * too) load without the screens. Exported as `@oja/momo/approval` for Pocket, which has the same flow.
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
  authorization: { title: string; message: string; authorized: string; checking: string; cancel: string; failed: string; requeryFailed: string };
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

/**
 * What the authorization view says after "I have authorized this payment", as a name under the channel's
 * `authorization` keys: `failed` when the status answered and it is not 00 (companion §8 "Authorization failure");
 * `requeryFailed` when the status check itself failed (a timeout, a 5xx, no connection: companion §8's fallback
 * "Unable to requery payment. Please try again"), since a temporary failure is never the payer's mistake and
 * pressing again is the way on; null while nothing is to be said.
 */
export function authorizationProblem(slot: Pick<ApprovalState['authorization'], 'status' | 'response'>): 'failed' | 'requeryFailed' | null {
  if (slot.status === 'error') return 'requeryFailed';
  if (slot.status === 'success' && slot.response?.code !== CODE_SUCCESS) return 'failed';
  return null;
}

/** Cancel and How to pay's Back: the first view again, the last call's outcome forgotten. */
export function backToEntry(state: ApprovalState): void {
  state.view = 'entry';
  resetSlot(state.initiation);
  resetSlot(state.authorization);
}
