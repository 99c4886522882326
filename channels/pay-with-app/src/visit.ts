import { createAsyncSlot, defineVisit } from '@oja/core';
import type { PwaState } from './state';

/**
 * One visit of the section (spec core §3 "Pay-with-app payment data"): the token and institutions, the code's
 * deadline, the status wait. Dropped when the visit ends (Retry, another method, leaving): the token with it.
 */
export const pwaVisit = defineVisit<PwaState>({
  channel: 'pay-with-app',
  create: () => ({ start: createAsyncSlot(), device: null, codeDeadline: null, statusDeadline: null, extensions: 0, approvalStarted: false }),
});
