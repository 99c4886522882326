import type { AsyncSlot } from '@oja/core';
import type { PwaStart } from './api';
import { MOBILE_MAX_WIDTH_PX } from './constants';

/** Which page the flow opens on: the deep links on a phone, the five-digit code on the web (spec core §2). */
export type Device = 'mobile' | 'web';

/**
 * The channel's own state for one visit of its section (spec core §3 "Pay-with-app payment data"): the token and
 * institutions, the code's deadline, the status wait. One per visit (visit.ts).
 */
export interface PwaState {
  /** Token, then institutions: one action (spec core §4 step 1). */
  start: AsyncSlot<PwaStart>;
  device: Device | null;
  /** End of the code's validity, server-clock ms. */
  codeDeadline: number | null;
  /** End of the status screen's current wait, server-clock ms. */
  statusDeadline: number | null;
  /** "Wait additional 5 Minutes" taken so far. */
  extensions: number;
  /** The payer launched a bank's app or was shown the five-digit code: there is something to confirm. */
  approvalStarted: boolean;
}

/**
 * Whether the deep-link page's "Confirm transaction" is live: only once the payer launched a bank's app or saw the
 * code (spec core §2 "Deep-link screen": launch the app, then confirm), so that nobody confirms what was never sent.
 */
export function canConfirm(state: Pick<PwaState, 'approvalStarted'>): boolean {
  return state.approvalStarted;
}

/** A phone-sized viewport (width up to 480 px) is mobile; decided once, when the payer enters the section. */
export function chooseDevice(matchMedia: ((query: string) => { matches: boolean }) | undefined = globalThis.matchMedia?.bind(globalThis)): Device {
  return matchMedia?.(`(max-width: ${MOBILE_MAX_WIDTH_PX}px)`).matches ? 'mobile' : 'web';
}
