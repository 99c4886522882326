import { defineChannel, drawnByServer, isOffered, lazyStatusCheck } from '@oja/core';
import { messages } from './messages';
import { STATUS_POLL_MS } from './constants';

/** Scan a QR code with a bank app (spec core §2 "QR", §4 "QR"). */
export const qr = defineChannel({
  id: 'qr',
  code: 'QR',
  path: '/payment/qr',
  order: 40,
  isAvailable: (props) => isOffered(props, 'QR'),
  row: { icon: drawnByServer(() => import('./QrIcon')), title: 'qr.row.title', description: 'qr.row.description' },
  screen: () => import('./Screen'),
  // Pending codes: core's default (09, S0, Z0).
  status: { intervalMs: STATUS_POLL_MS, check: lazyStatusCheck(() => import('./api')) },
  messages,
  cancelDialog: { subtitle: 'qr.cancelSubtitle', close: 'qr.cancelClose' },
});

export default qr;
