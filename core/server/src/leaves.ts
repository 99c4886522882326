import type { PaymentProps } from '@oja/core';
import type { Store } from '@oja/store';
import type { Sessions } from './sessions';

/** How long after the payer's page is hidden the server waits for it to come back before cancelling, ms. */
export const LEAVE_GRACE_MS = 4_000;
/** How often each instance looks for leave-cancels that fell due, ms (a cancel comes at most this late). */
export const LEAVE_CHECK_MS = 250;
/** A cancellation the API could not take is tried again after this, ms. */
export const LEAVE_RETRY_MS = 2_000;
/** Tries of one leave-cancel at most (the API unreachable each time). */
export const LEAVE_TRIES = 3;
/** The store's queue of leave-cancels. */
export const LEAVE_QUEUE = 'leave';

export interface LeaveOptions {
  store: Store;
  sessions: Sessions;
  /** Cancels the payment at the collections API; rejects when it could not (then tried again, LEAVE_TRIES in all). */
  cancel(props: PaymentProps): Promise<void>;
  /** Whether a failure is worth another try (the API's own refusal, e.g. already paid, is final). */
  isTemporary(e: unknown): boolean;
  log?: (line: string) => void;
  now?: () => number;
}

/**
 * Leave-cancels as due work in the store (spec core "leaving the page"): the payer's page went away, and if it
 * does not come back within LEAVE_GRACE_MS the payment is cancelled, by exactly one instance, whichever is
 * alive when it falls due. A timer in the process that heard the leave would die with it.
 */
export function createLeaves({ store, sessions, cancel, isTemporary, log = (l) => console.warn(l), now = Date.now }: LeaveOptions) {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | undefined;
  /** The store was away at the last look: said once per outage, not every LEAVE_CHECK_MS. */
  let storeAway = false;

  async function carryOut(token: string): Promise<void> {
    const s = await sessions.get(token);
    if (!s) return;
    try {
      await cancel(s.props);
    } catch (e) {
      if (!isTemporary(e)) return;
      const failed = await sessions.update(token, (r) => {
        r.leaveTries = (r.leaveTries ?? 0) + 1;
      });
      if (failed && failed.leaveTries! < LEAVE_TRIES) await store.schedule(LEAVE_QUEUE, token, now() + LEAVE_RETRY_MS);
      else log(JSON.stringify({ event: 'leave-cancel-failed', paymentId: s.props.paymentId, error: (e as Error).message }));
    }
  }

  /** Carries out every leave-cancel due now (the ones this instance claimed: no other instance has them). */
  async function runDue(): Promise<void> {
    let due: string[];
    try {
      due = await store.claimDue(LEAVE_QUEUE, now());
      if (storeAway) log(JSON.stringify({ event: 'leave-queue-back' }));
      storeAway = false;
    } catch (e) {
      if (!storeAway) log(JSON.stringify({ event: 'leave-queue-unavailable', error: (e as Error).message }));
      storeAway = true;
      return;
    }
    await Promise.all(
      due.map((token) => carryOut(token).catch((e) => log(JSON.stringify({ event: 'leave-cancel-failed', error: (e as Error).message })))),
    );
  }

  return {
    /** The payer's page went away: cancel in LEAVE_GRACE_MS unless it comes back. */
    schedule: (token: string) => store.schedule(LEAVE_QUEUE, token, now() + LEAVE_GRACE_MS),
    /** The payer is back (reload, a link followed): the pending leave-cancel is dropped. */
    drop: (token: string) => store.unschedule(LEAVE_QUEUE, token),
    runDue,
    /** Looks for due work every LEAVE_CHECK_MS, one look at a time. */
    start(): void {
      timer ??= setInterval(() => {
        running ??= runDue().finally(() => {
          running = undefined;
        });
      }, LEAVE_CHECK_MS);
      timer.unref?.();
    },
    /** Stops looking; resolves once a look under way has finished. */
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type Leaves = ReturnType<typeof createLeaves>;
