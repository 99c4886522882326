import { defineVisit, createAsyncSlot } from '@oja/core';
import type { Issuer, UssdCode } from './api';

/** Where the payer is: choosing a bank, approving a prompt sent to the phone, or dialling the code. */
export type UssdStage = 'bank' | 'push' | 'dial';

/** One visit's state (spec core §3 "Async slots": USSD issuers, generated response; the status is the poller's). */
function createUssdState() {
  return {
    issuers: createAsyncSlot<Issuer[]>(),
    code: createAsyncSlot<UssdCode>(),
    /** The prompt sent again from the push screen. */
    resend: createAsyncSlot<UssdCode>(),
    /** The chosen bank's CBN code ('' for none); kept when the payer goes back to change it. */
    bankCode: '',
    stage: 'bank' as UssdStage,
  };
}
export type UssdState = ReturnType<typeof createUssdState>;

/** One visit of the USSD screen: the banks, the chosen one, its code and where the payer is. */
export const ussdVisit = defineVisit({ channel: 'ussd', create: createUssdState });
