import type { PaymentProps } from './props';
import { isOffered } from './props';

/**
 * When a market rule applies to a payment: any one of its conditions holding is enough. Conditions speak the
 * collections API's vocabulary (ISO 4217 numeric currencies, ISO 3166 countries, channel codes), never a plugin.
 */
export interface MarketCondition {
  /** The payment's currency is one of these (ISO 4217 numeric). */
  currency?: readonly string[];
  /** The payment's country is one of these (ISO 3166 alpha-2). */
  country?: readonly string[];
  /** The merchant offers this provider (an enabled non-card option, or the code in the channel list). */
  offered?: string;
}

/**
 * A market where only some channels can work (spec core §5, companion §5): data the app's configuration gives
 * (oja.config.json "markets"), never core's. Applied by core to every channel, installed or not: a channel that is not listed in `only` is never offered in that market, so a channel added
 * later stays out of it without knowing it exists. Baseline channels (ChannelPlugin.baseline: the card) work in
 * every market and are never listed.
 */
export interface MarketRule {
  /** A name for tests and messages: 'uganda'. */
  id: string;
  /** Applies when any of these holds. */
  when: readonly MarketCondition[];
  /** The market's own channel codes, kept beside the baseline ones; each still needs its own availability rule. */
  only: readonly string[];
}

function holds(c: MarketCondition, props: PaymentProps): boolean {
  if (c.currency && !c.currency.includes(props.currencyCode)) return false;
  if (c.country && !c.country.includes((props.countryCode ?? '').toUpperCase())) return false;
  if (c.offered && !isOffered(props, c.offered)) return false;
  return !!(c.currency || c.country || c.offered);
}

/** The market rules that apply to this payment (usually none). */
export function marketsOf(props: PaymentProps, rules: readonly MarketRule[]): MarketRule[] {
  return rules.filter((r) => r.when.some((c) => holds(c, props)));
}
