import type { BrandingPlugin, ChannelPlugin, GatePlugin, PagePlugin } from './plugin';
import type { MarketRule } from './markets';

export interface Registry {
  channels: readonly ChannelPlugin[];
  brandings: readonly BrandingPlugin[];
  /** In the order they are passed, lower `order` first. */
  gates: readonly GatePlugin[];
  gate(id: string): GatePlugin | undefined;
  channel(id: string): ChannelPlugin | undefined;
  byCode(code: string): ChannelPlugin | undefined;
  /** The installed channel paying for this customer-wallet provider type (ChannelPlugin.walletType), case-insensitive. */
  wallet(type: string): ChannelPlugin | undefined;
  /** The branding for an acquirer; unknown acquirers get the default ('' acquirer). */
  branding(acquiredBy: string | undefined): BrandingPlugin;
  /** Pages outside a payment (the checkout's home, the revenue form), in registration order. */
  pages: readonly PagePlugin[];
  /** The markets where only some channels work (the app's configuration: oja.config.json "markets"). */
  markets: readonly MarketRule[];
  page(id: string): PagePlugin | undefined;
  /** The page that answers this path, exactly. */
  pageAt(pathname: string): PagePlugin | undefined;
  /**
   * The page path a successful payment goes to instead of its merchant: its siteRedirectUrl is a page's
   * `completionPath` on the checkout's own origin. Undefined for any other payment.
   */
  completionPath(siteRedirectUrl: string, checkoutOrigin: string): string | undefined;
}

/** What a registry holds besides channels and brandings. */
export interface RegistryOptions {
  /** Pages outside a payment; their ids share the translation namespaces with the channels'. */
  pages?: PagePlugin[];
  /** Gates before the method list (cashback, escrow); their ids are translation namespaces too. */
  gates?: GatePlugin[];
  /** The markets where only some channels work, as the app's configuration gives them (default none). */
  markets?: readonly MarketRule[];
}

/**
 * Puts the installed plugins together without checking them: the browser's boot, whose plugins the server (which
 * runs the same list) has checked with createRegistry at its own boot. Everywhere else, use createRegistry.
 */
export function assembleRegistry(
  channels: ChannelPlugin[],
  brandings: BrandingPlugin[],
  { pages = [], gates = [], markets = [] }: RegistryOptions = {},
): Registry {
  const fallback = brandings.find((b) => b.acquirer === '');
  const sorted = [...channels].sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  const sortedGates = [...gates].sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  return {
    channels: sorted,
    brandings,
    gates: sortedGates,
    gate: (id) => sortedGates.find((g) => g.id === id),
    channel: (id) => sorted.find((c) => c.id === id),
    byCode: (code) => sorted.find((c) => c.code === code),
    wallet: (type) => sorted.find((c) => c.walletType !== undefined && c.walletType === type.toLowerCase()),
    branding: (acquiredBy) => brandings.find((b) => b.acquirer === (acquiredBy ?? '').toUpperCase()) ?? fallback!,
    pages,
    markets,
    page: (id) => pages.find((p) => p.id === id),
    pageAt: (pathname) => pages.find((p) => p.paths.includes(pathname)),
    completionPath: (siteRedirectUrl, checkoutOrigin) => {
      let url: URL;
      try {
        url = new URL(siteRedirectUrl);
      } catch {
        return undefined;
      }
      if (url.origin !== checkoutOrigin) return undefined;
      return pages.find((p) => p.completionPath === url.pathname)?.completionPath;
    },
  };
}
