import type { BrandingPlugin, ChannelPlugin } from './plugin';
import type { PaymentProps } from './props';
import { marketsOf } from './markets';
import type { MarketRule } from './markets';

/**
 * The channels this payment offers, in list order (spec core §5), applied in one place:
 * 1. each channel's own rule (is it offered, does it suit this payment);
 * 2. the acquirer's policy from its branding (ZIB allows only some; HALO forces some on);
 * 3. the market rules (the app's: UGX and DRC in the spec's): a market keeps only the channels that can work there, whatever the acquirer
 *    forces, so a forced transfer never reaches a UGX payer; baseline channels (the card) work everywhere.
 */
export function availableChannels(
  channels: readonly ChannelPlugin[],
  props: PaymentProps,
  branding?: Pick<BrandingPlugin, 'channels'>,
  markets: readonly MarketRule[] = [],
): ChannelPlugin[] {
  let list = channels.filter((c) => c.isAvailable(props));
  const policy = branding?.channels;
  if (policy?.force) {
    const forced = channels.filter((c) => policy.force!.includes(c.code) && !list.includes(c));
    list = channels.filter((c) => list.includes(c) || forced.includes(c));
  }
  if (policy?.only) list = list.filter((c) => policy.only!.includes(c.code));
  for (const market of marketsOf(props, markets)) list = list.filter((c) => c.baseline || market.only.includes(c.code));
  return list;
}

/**
 * The channels a payment's pages route (and may load, and allow the outside sources of): the available ones, then
 * those their `continuesInto` names (the card's steps behind Google Pay), in registry order, without duplicates.
 */
export function routedChannels(channels: readonly ChannelPlugin[], available: readonly ChannelPlugin[]): ChannelPlugin[] {
  const lent = new Set(available.flatMap((c) => c.continuesInto ?? []));
  return [...available, ...channels.filter((c) => lent.has(c.id) && !available.includes(c))];
}

/**
 * The channel that opens by itself: the bulk one for a bulk payment, or a lone enabled option that is not baseline.
 * Customer wallets (walletType) are part of their option, not options of their own: a payment offering customer
 * wallets alone opens the wallet list.
 */
export function autoOpenChannel(available: readonly ChannelPlugin[], props: PaymentProps): ChannelPlugin | undefined {
  if (props.isBulkPayment) return available.find((c) => c.bulk);
  const options = available.filter((c) => c.walletType === undefined);
  const nonCard = options.filter((c) => !c.baseline);
  return options.length === 1 && nonCard.length === 1 ? nonCard[0] : undefined;
}
