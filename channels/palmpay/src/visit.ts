import { createAsyncSlot, defineVisit } from '@oja/core';
import type { Initialized } from './api';

/** One visit's state: PalmPay's initialisation (once), and when it answered (server clock): the window's start. */
const createPalmpayState = () => ({ init: createAsyncSlot<Initialized>(), startedAt: null as number | null });
export type PalmpayState = ReturnType<typeof createPalmpayState>;

/** One visit of PalmPay. Ended by core on Retry, a change of method and when the page goes. */
export const palmpayVisit = defineVisit({ channel: 'palmpay', create: createPalmpayState });
