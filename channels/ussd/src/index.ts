import { defineChannel, drawnByServer, isOffered, lazyStatusCheck } from '@oja/core';
import { messages } from './messages';
import { STATUS_POLL_MS } from './constants';

/** Dial a bank's USSD code (spec core §2 "USSD", §4 "USSD"). */
export const ussd = defineChannel({
  id: 'ussd',
  code: 'USSD',
  path: '/payment/ussd',
  order: 50,
  isAvailable: (props) => isOffered(props, 'USSD'),
  row: { icon: drawnByServer(() => import('./UssdIcon')), title: 'ussd.row.title', description: 'ussd.row.description' },
  screen: () => import('./Screen'),
  status: { intervalMs: STATUS_POLL_MS, check: lazyStatusCheck(() => import('./api')) },
  messages,
  cancelDialog: { subtitle: 'ussd.cancelSubtitle', close: 'ussd.cancelClose' },
});

export default ussd;
