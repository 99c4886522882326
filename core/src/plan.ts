import { autoOpenChannel, availableChannels, routedChannels } from './availability';
import { gatesMet } from './gates';
import type { GateDecision } from './gates';
import type { GatePlugin, ChannelPlugin } from './plugin';
import type { PaymentProps } from './props';
import type { Registry } from './registry';
import { METHODS_PATH } from './state/actions';

/** Where a payment's page stands: the route drawn and the channel in use, if the route is a channel's. */
export interface PageRoute {
  path: string;
  channel: string | null;
}

/**
 * What one payment's page may show, worked out once per request from the registry, the payment and the session
 * (the server's planPayment), then read by the renderer, the security headers, the page data and the shell, none of
 * which works it out again. Plugins are named by id, so the plan travels in the page data as it is.
 */
export interface PagePlan {
  /** The channels this payment offers, in the method list's order (availableChannels, spec core §5). */
  available: string[];
  /** The channels its pages route and may load: the available ones and the steps they continue into. */
  routed: string[];
  /** The channel that opens by itself (autoOpenChannel): a bulk payment's, or a lone non-card option. */
  autoOpen: string | null;
  /** The gates whose condition this payment meets, in order (none for a payment the checkout refused). */
  gates: string[];
  /** The route the page draws; a gate still pending comes first, so no channel is in use behind it. */
  route: PageRoute;
}

/** The route a payment opens on (spec core §2 "Method list"): its auto-opening channel's screen, or the list. */
function openingRoute(registry: Pick<Registry, 'channel'>, autoOpen: string | null): PageRoute {
  const auto = autoOpen ? registry.channel(autoOpen) : undefined;
  return auto?.screen ? { path: auto.path, channel: auto.id } : { path: METHODS_PATH, channel: null };
}

/** The route a path asks for: a routed channel's (or a path under it), the branding's own, or else the list. */
function requestedRoute(registry: Registry, props: PaymentProps, routed: readonly ChannelPlugin[], pathname: string): PageRoute {
  const channel = routed.find((c) => c.screen && (pathname === c.path || pathname.startsWith(`${c.path}/`)));
  if (channel) return { path: pathname, channel: channel.id };
  if (registry.branding(props.acquiredBy).routes?.some((r) => r.path === pathname)) return { path: pathname, channel: null };
  return { path: METHODS_PATH, channel: null };
}

/**
 * The plan of one payment's page.
 * - `passed`: the gates passed on the page's session (a pending one clears the route's channel).
 * - `path`: the path asked for (a reload, a link); without it, the route the payment opens on.
 */
export function planPayment(
  registry: Registry,
  props: PaymentProps,
  { passed = {}, path }: { passed?: Readonly<Record<string, GateDecision>>; path?: string } = {},
): PagePlan {
  const available = availableChannels(registry.channels, props, registry.branding(props.acquiredBy), registry.markets);
  const routed = routedChannels(registry.channels, available);
  const autoOpen = autoOpenChannel(available, props)?.id ?? null;
  const gates = gatesMet(registry, props).map((g) => g.id);
  let route = path === undefined ? openingRoute(registry, autoOpen) : requestedRoute(registry, props, routed, path);
  if (gates.some((id) => !passed[id])) route = { ...route, channel: null };
  return { available: available.map((c) => c.id), routed: routed.map((c) => c.id), autoOpen, gates, route };
}

/** The gate the payer meets now: the plan's first not passed on this session (the decisions change as they pass). */
export function pendingGateOf(
  registry: Pick<Registry, 'gate'>,
  plan: Pick<PagePlan, 'gates'>,
  passed: Readonly<Record<string, GateDecision>>,
): GatePlugin | undefined {
  const id = plan.gates.find((g) => !passed[g]);
  return id ? registry.gate(id) : undefined;
}

/** The plugins a plan names, in its order (ids the registry no longer knows are skipped). */
export function channelsOf(registry: Pick<Registry, 'channel'>, ids: readonly string[]): ChannelPlugin[] {
  return ids.map((id) => registry.channel(id)).filter((c): c is ChannelPlugin => !!c);
}
