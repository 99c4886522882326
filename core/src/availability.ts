import type { BrandingPlugin, ChannelPlugin } from './plugin';
import type { PaymentProps } from './props';

/**
 * The channels this payment offers, in list order (spec core §5):
 * each channel's own rule, then an exclusive market (UGX, DRC) narrowing the list to itself and the baseline,
 * then the acquirer's policy (ZIB allows only some; HALO forces some on).
 */
export function availableChannels(
  channels: readonly ChannelPlugin[],
  props: PaymentProps,
  branding?: Pick<BrandingPlugin, 'channels'>,
): ChannelPlugin[] {
  let list = channels.filter((c) => c.isAvailable(props));
  // A market a channel claims (UGX) stays its own even when the merchant does not offer that channel.
  const exclusive = channels.filter((c) => c.exclusive?.(props));
  if (exclusive.length) list = list.filter((c) => c.baseline || exclusive.includes(c));
  const policy = branding?.channels;
  if (policy?.force) {
    const forced = channels.filter((c) => policy.force!.includes(c.code) && !list.includes(c));
    list = channels.filter((c) => list.includes(c) || forced.includes(c));
  }
  if (policy?.only) list = list.filter((c) => policy.only!.includes(c.code));
  return list;
}

/** The channel that opens by itself: the card for a bulk payment, or a lone enabled non-card option. */
export function autoOpenChannel(available: readonly ChannelPlugin[], props: PaymentProps): ChannelPlugin | undefined {
  if (props.isBulkPayment) return available.find((c) => c.code === 'CARD');
  const nonCard = available.filter((c) => !c.baseline);
  return available.length === 1 && nonCard.length === 1 ? nonCard[0] : undefined;
}
