import { CODE_PENDING, defineChannel, drawnByServer, isOffered, lazyStatusCheck } from '@oja/core';
import { messages } from './messages';
import { STATUS_POLL_MS } from './constants';

/** Uganda shilling (ISO 4217 numeric): the only currency this channel takes (spec core §5). */
const CURRENCY_UGX = '800';

/**
 * Uganda mobile money (companion §2 "Uganda mobile money screen", §4): the biller and the payer's number, a payment
 * notification sent to the phone, then the status every 2 s while it answers 09. Offered for UGX payments only
 * (companion §5); that a UGX payment offers nothing else but the card is core's market rule.
 */
export const ugandaMobileMoney = defineChannel({
  id: 'uganda-mobile-money',
  code: 'UGANDA_MOBILE_MONEY',
  path: '/payment/uganda-mobile-money',
  order: 70,
  isAvailable: (props) => props.currencyCode === CURRENCY_UGX && isOffered(props, 'UGANDA_MOBILE_MONEY'),
  row: {
    icon: drawnByServer(() => import('./MobileMoneyIcon')),
    title: 'uganda-mobile-money.row.title',
    description: 'uganda-mobile-money.row.description',
  },
  screen: () => import('./Screen'),
  // "Repeating every 2 s while 09; any other code completes": 09 alone is pending here.
  status: { intervalMs: STATUS_POLL_MS, pendingCodes: [CODE_PENDING], check: lazyStatusCheck(() => import('./api')) },
  messages,
  cancelDialog: { subtitle: 'uganda-mobile-money.cancelSubtitle', close: 'uganda-mobile-money.cancelClose' },
});

export default ugandaMobileMoney;
