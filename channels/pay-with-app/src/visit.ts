import { createAsyncSlot, defineVisit } from '@oja/core';
import type { Visits } from '@oja/core';
import type { PwaState } from './state';

// Kept apart from the screens' modules so that the status check (api.ts) loads without them.

/**
 * One visit of the section (spec core §3 "Pay-with-app payment data"): the token and institutions, the code's
 * deadline, the status wait. Dropped when the visit ends (Retry, another method, leaving): the token with it.
 */
export const pwaVisit = defineVisit<PwaState>({
  channel: 'pay-with-app',
  create: () => ({ start: createAsyncSlot(), device: null, codeDeadline: null, statusDeadline: null, extensions: 0, approvalStarted: false }),
});

/** The bearer token of the visit in progress, if it has one: the status check sends it. */
export function tokenFor(visits: Visits): string | null {
  return visits.peek(pwaVisit)?.state.start.response?.token ?? null;
}
