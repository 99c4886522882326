import { defineChannel, drawnByServer, isOffered, lazyStatusCheck } from '@oja/core';
import { messages } from './messages';
import { QUERY_INTERVAL_MS, firstQueryMs, leftUntil, pollWindowMs } from './timing';

/**
 * DRC mobile money (companion §2 "DRC mobile wallet screen", "DRC USSD notification screen", §4 "DRC wallet"): the
 * payer picks a wallet from the DRC's provider list and types a number; the wallet sends a USSD prompt to the phone;
 * the USSD page waits for the payer's PIN. Core's market rule keeps a DRC payment to card and this channel.
 */
export const drcMobileMoney = defineChannel({
  id: 'drc-mobile-money',
  code: 'DRC_MOBILE_MONEY',
  path: '/payment/drc-mobile-money',
  order: 80,
  isAvailable: (props) => isOffered(props, 'DRC_MOBILE_MONEY'),
  row: {
    icon: drawnByServer(() => import('./DrcMobileMoneyIcon')),
    title: 'drc-mobile-money.row.title',
    description: 'drc-mobile-money.row.description',
  },
  screen: () => import('./Screen'),
  status: {
    intervalMs: QUERY_INTERVAL_MS,
    // Counted from the start of the USSD page's wait (params: biller, startedAt), so a reload keeps the deadlines.
    firstDelayMs: ({ params }) => leftUntil(params, firstQueryMs),
    timeoutMs: ({ params }) => leftUntil(params, pollWindowMs),
    check: lazyStatusCheck(() => import('./api')),
  },
  messages,
});

export default drcMobileMoney;
