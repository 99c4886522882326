import { defineChannel, drawnByServer, isOffered, lazyStatusCheck } from '@oja/core';
import { messages } from './messages';
import { PENDING_CODES, STATUS_POLL_MS } from './constants';

/** Bank transfer to a generated account (spec core §2 "Transfer", §4 "Transfer"). */
export const transfer = defineChannel({
  id: 'transfer',
  code: 'TRANSFER',
  path: '/payment/transfer',
  order: 20,
  isAvailable: (props) => isOffered(props, 'TRANSFER'),
  row: { icon: drawnByServer(() => import('./TransferIcon')), title: 'transfer.row.title', description: 'transfer.row.description' },
  screen: () => import('./Screen'),
  // The calls load with the screen, not on the initial route.
  prefetch: (ctx) => import('./api').then((api) => api.generateAccount(ctx)),
  status: { intervalMs: STATUS_POLL_MS, pendingCodes: PENDING_CODES, check: lazyStatusCheck(() => import('./api')) },
  messages,
  cancelDialog: { subtitle: 'transfer.cancelSubtitle', close: 'transfer.cancelClose' },
});

export default transfer;
