import { defineVisit, createAsyncSlot } from '@oja/core';
import type { QrPayment } from './api';

/** One visit of the QR screen: the generated code (the status is the poller's). */
export const qrVisit = defineVisit({
  channel: 'qr',
  create: () => ({ code: createAsyncSlot<QrPayment>() }),
});
