import { createAsyncSlot, defineVisit } from '@oja/core';
import type { Invoice } from './api';

/** One visit's state: the initialisation (its invoice) and its confirmation. */
const createEnairaState = () => ({ init: createAsyncSlot<Invoice>(), confirm: createAsyncSlot<unknown>() });
export type EnairaState = ReturnType<typeof createEnairaState>;

/** One visit of eNaira. Ended by core on Retry, a change of method and when the page goes. */
export const enairaVisit = defineVisit({ channel: 'enaira', create: createEnairaState });
