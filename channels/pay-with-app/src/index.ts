import { defineChannel, drawnByServer, isOffered, lazyStatusCheck } from '@oja/core';
import { messages } from './messages';
import { STATUS_POLL_MS, STATUS_RETRY_MS } from './constants';

/**
 * Pay with a bank's app, by deep link or five-digit code (spec core §2 "Pay with App", §4 "Pay with app"). The
 * screens, the calls and the token load with the screen, never on the initial route.
 */
export const payWithApp = defineChannel({
  id: 'pay-with-app',
  code: 'PAY_WITH_APP',
  path: '/payment/pay-with-app',
  order: 60,
  isAvailable: (props) => isOffered(props, 'PAY_WITH_APP'),
  row: { icon: drawnByServer(() => import('./PayWithAppIcon')), title: 'pay-with-app.row.title', description: 'pay-with-app.row.description' },
  screen: () => import('./Screen'),
  // The request carries the bearer token the channel's visit holds: the status page hands its visit to the check.
  status: { intervalMs: STATUS_POLL_MS, retryMs: STATUS_RETRY_MS, check: lazyStatusCheck(() => import('./api')) },
  messages,
});

export default payWithApp;
