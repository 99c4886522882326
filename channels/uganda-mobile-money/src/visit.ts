import { createAsyncSlot, defineVisit } from '@oja/core';
import type { StatusAnswer } from '@oja/core';
import type { Telco } from './constants';

/** One visit's state: the form's two fields and the payment notification (the status is the poller's). */
function createMobileMoneyState() {
  return {
    /** The chosen biller ('' for none). */
    telco: '' as Telco | '',
    /** The mobile number or wallet ID as typed. */
    customerId: '',
    /** The payer has left the number field once: an empty one then says so (rules.ts customerIdError). */
    customerIdLeft: false,
    notification: createAsyncSlot<StatusAnswer>(),
  };
}
export type MobileMoneyState = ReturnType<typeof createMobileMoneyState>;

/** One visit of the Uganda mobile money screen: Retry and another method start afresh. */
export const mobileMoneyVisit = defineVisit({ channel: 'uganda-mobile-money', create: createMobileMoneyState });
