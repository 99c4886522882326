import type { BrandingPlugin, ChannelPlugin, GatePlugin, PagePlugin } from './plugin';
import { validateChannel, validateGate, validatePage } from './plugin';

export interface Registry {
  channels: readonly ChannelPlugin[];
  brandings: readonly BrandingPlugin[];
  /** In the order they are passed, lower `order` first. */
  gates: readonly GatePlugin[];
  gate(id: string): GatePlugin | undefined;
  channel(id: string): ChannelPlugin | undefined;
  byCode(code: string): ChannelPlugin | undefined;
  /** The branding for an acquirer; unknown acquirers get the default ('' acquirer). */
  branding(acquiredBy: string | undefined): BrandingPlugin;
  /** Pages outside a payment (the checkout's home, the revenue form), in registration order. */
  pages: readonly PagePlugin[];
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
}

/** Builds the registry at boot; throws with every problem found, so a bad plugin never half-works. */
export function createRegistry(channels: ChannelPlugin[], brandings: BrandingPlugin[], { pages = [], gates = [] }: RegistryOptions = {}): Registry {
  const problems = [...channels.flatMap(validateChannel), ...pages.flatMap(validatePage), ...gates.flatMap(validateGate)];
  const seen = new Map<string, string>();
  // Ids are translation namespaces, so a page's may not be a channel's either.
  const plugins = [
    ...channels.map((c) => ({ name: c.id, keys: [`id ${c.id}`, `code ${c.code}`, `path ${c.path}`] })),
    ...pages.map((p) => ({ name: `page ${p.id}`, keys: [`id ${p.id}`, ...p.paths.map((path) => `path ${path}`)] })),
  ];
  for (const { name, keys } of plugins) {
    for (const key of keys) {
      if (seen.has(key)) problems.push(`${name}: duplicate ${key} (also ${seen.get(key)})`);
      seen.set(key, name);
    }
  }
  // A gate's id is its translation namespace too: it may not be a channel's, nor another gate's.
  for (const g of gates) {
    const key = `id ${g.id}`;
    if (seen.has(key)) problems.push(`gate ${g.id}: duplicate ${key} (also ${seen.get(key)})`);
    seen.set(key, `gate ${g.id}`);
  }
  const fallback = brandings.find((b) => b.acquirer === '');
  if (!fallback) problems.push('a default branding (acquirer "") is required');
  const acquirers = new Set<string>();
  for (const b of brandings) {
    if (acquirers.has(b.acquirer)) problems.push(`branding ${b.acquirer || '(default)'} registered twice`);
    acquirers.add(b.acquirer);
  }
  if (problems.length) throw new Error(`Invalid plugins:\n- ${problems.join('\n- ')}`);
  const sorted = [...channels].sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  const sortedGates = [...gates].sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  return {
    channels: sorted,
    brandings,
    gates: sortedGates,
    gate: (id) => sortedGates.find((g) => g.id === id),
    channel: (id) => sorted.find((c) => c.id === id),
    byCode: (code) => sorted.find((c) => c.code === code),
    branding: (acquiredBy) => brandings.find((b) => b.acquirer === (acquiredBy ?? '').toUpperCase()) ?? fallback!,
    pages,
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
