import { defineChannel } from '@oja/core';

/** Skeleton: replaced by the channel's real plugin. */
export const qr = defineChannel({
  id: 'qr',
  code: 'QR',
  path: '/payment/qr',
  isAvailable: () => false,
  messages: { en: {}, fr: {} },
});

export default qr;
