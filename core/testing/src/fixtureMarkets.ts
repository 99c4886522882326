import type { MarketRule } from '@oja/core';

/**
 * The spec's markets (core §5, companion §5) as this repository's oja.config.json gives them, for tests that need
 * them without an app: core holds no market of its own.
 */
export const specMarkets: readonly MarketRule[] = [
  // "Currency 800 leaves only card and Uganda mobile money."
  { id: 'uganda', when: [{ currency: ['800'] }], only: ['UGANDA_MOBILE_MONEY'] },
  // "If the DRC mobile money provider is present, only card and DRC mobile money remain." A payment of the DRC is in
  // that market whatever the merchant's channel list says (CONTRACT §5: country CD).
  { id: 'drc', when: [{ country: ['CD'] }, { offered: 'DRC_MOBILE_MONEY' }], only: ['DRC_MOBILE_MONEY'] },
];
