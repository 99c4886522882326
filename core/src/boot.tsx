import { hydrateRoot } from 'react-dom/client';
import type { BrandingPlugin, ChannelPlugin } from './plugin';
import { createRegistry } from './registry';
import { createCheckout, withSession } from './state/checkout';
import { setServerOffset } from './clock';
import { PAGE_DATA_ID, ROOT_ID } from './pageData';
import type { PageData } from './pageData';
import { App } from './shell/App';
import { preloadScreen } from './shell/lazyScreen';
import type { Registry } from './registry';
import type { ScreenLoader } from './plugin';
import { registerMessages } from './i18n';

/** The lazily loaded screen on the route the server rendered, if any. */
function firstScreen(registry: Registry, data: PageData): { key: string; loader: ScreenLoader } | undefined {
  const channel = data.channel ? registry.channel(data.channel) : undefined;
  if (channel?.screen) return { key: channel.id, loader: channel.screen };
  const branding = registry.branding(data.props.acquiredBy);
  const route = branding.routes?.find((r) => r.path === data.path);
  return route && { key: `branding-${(branding.acquirer || 'default').toLowerCase()}`, loader: route.screen };
}

/** Boots the checkout in the browser: registers the installed plugins and hydrates the server's HTML. */
export async function bootCheckout(installed: { channels: ChannelPlugin[]; brandings: BrandingPlugin[] }): Promise<void> {
  const el = document.getElementById(PAGE_DATA_ID);
  if (!el?.textContent) return;
  const data = JSON.parse(el.textContent) as PageData;
  // The initial route's strings come with the page, in the payer's language (scripts/build/build.mjs).
  if (data.messages) registerMessages({ en: data.messages.en ?? {}, fr: data.messages.fr ?? {} });
  // A first estimate of the server's clock; every API answer's Date header refines it.
  setServerOffset(data.serverNow - Date.now());
  const registry = createRegistry(installed.channels, installed.brandings);
  const checkout = createCheckout(data.props, data.env, registry);
  checkout.state.channel = data.channel;
  checkout.state.prefetched = data.prefetched ?? {};
  // The page came from POST /pay: give it its route's URL so a reload keeps the payer's place.
  const url = withSession(data.env, data.path, data.env.locale);
  if (location.pathname + location.search !== url) history.replaceState(null, '', url);
  // The screen the server rendered is loaded first (the server preloads it), so hydration completes at once.
  const screen = firstScreen(registry, data);
  if (screen) await preloadScreen(screen.key, screen.loader, data.env).catch(() => undefined);
  hydrateRoot(document.getElementById(ROOT_ID)!, <App checkout={checkout} referrer={data.referrer} />);
}
