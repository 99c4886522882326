import { createAsyncSlot, defineVisit } from '@oja/core';
import type { Initialized } from './api';

/** One visit's state: OPay's initialisation (once: not again while pending or done). */
const createOpayState = () => ({ init: createAsyncSlot<Initialized>() });
export type OpayState = ReturnType<typeof createOpayState>;

/** One visit of OPay. Ended by core on Retry, a change of method and when the page goes. */
export const opayVisit = defineVisit({ channel: 'opay', create: createOpayState });
