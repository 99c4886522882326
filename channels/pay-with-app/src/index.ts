import { defineChannel } from '@oja/core';

/** Skeleton: replaced by the channel's real plugin. */
export const payWithApp = defineChannel({
  id: 'pay-with-app',
  code: 'PAY_WITH_APP',
  path: '/payment/pay-with-app',
  isAvailable: () => false,
  messages: { en: {}, fr: {} },
});

export default payWithApp;
