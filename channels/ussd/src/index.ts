import { defineChannel } from '@oja/core';

/** Skeleton: replaced by the channel's real plugin. */
export const ussd = defineChannel({
  id: 'ussd',
  code: 'USSD',
  path: '/payment/ussd',
  isAvailable: () => false,
  messages: { en: {}, fr: {} },
});

export default ussd;
