import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { BrandingPlugin, ChannelPlugin, GatePlugin, PagePlugin } from './plugin';
import { pendingGateOf } from './plan';
import { assembleRegistry } from './registry';
import { createCheckout, withSession } from './state/checkout';
import { setServerOffset } from './clock';
import { isPageScreenData, PAGE_DATA_ID, ROOT_ID } from './pageData';
import type { PageData, PageScreenData } from './pageData';
import { App } from './shell/App';
import { preloadScreen } from './shell/lazyScreen';
import { prefetchOnIntent } from './shell/intent';
import type { Registry } from './registry';
import type { ScreenLoader } from './plugin';
import type { MarketRule } from './markets';
import { createI18n, registerMessages } from './i18n';

/** Ends the current task: what follows runs in a new one, after input and rendering waiting for the browser. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The lazily loaded screen on the route the server rendered, if any. */
function firstScreen(registry: Registry, data: PageData): { key: string; loader: ScreenLoader } | undefined {
  const gate = pendingGateOf(registry, data.plan, data.gates ?? {});
  if (gate) return { key: `gate-${gate.id}`, loader: gate.screen };
  const channel = data.plan.route.channel ? registry.channel(data.plan.route.channel) : undefined;
  if (channel?.screen) return { key: channel.id, loader: channel.screen };
  const branding = registry.branding(data.props.acquiredBy);
  const route = branding.routes?.find((r) => r.path === data.plan.route.path);
  return route && { key: `branding-${(branding.acquirer || 'default').toLowerCase()}`, loader: route.screen };
}

/** Hydrates a page outside a payment: its screen module, loaded first, over the server's HTML of it. */
async function bootPage(pages: readonly PagePlugin[], data: PageScreenData): Promise<void> {
  const page = pages.find((p) => p.id === data.view.page);
  if (!page?.screen) return;
  // Rare next to payments: the page frame comes with the page's screen, not on every payment's initial route.
  const [{ default: Screen }, { PageRoot }] = await Promise.all([page.screen(), import('./shell/PageRoot')]);
  const i18n = createI18n(data.locale, [{ en: {}, fr: {}, [data.locale]: data.messages }]);
  hydrateRoot(document.getElementById(ROOT_ID)!, <PageRoot view={data.view} i18n={i18n} Screen={Screen} />);
}

/**
 * Boots the checkout in the browser: registers the installed plugins and hydrates the server's HTML, a payment's
 * page or a page outside a payment (installed.pages: only those with a screen need listing).
 */
export async function bootCheckout(installed: {
  channels: ChannelPlugin[];
  brandings: BrandingPlugin[];
  pages?: PagePlugin[];
  gates?: GatePlugin[];
  /** The markets of the app's configuration (oja.config.json "markets"), as the server was given them. */
  markets?: readonly MarketRule[];
}): Promise<void> {
  const el = document.getElementById(PAGE_DATA_ID);
  if (!el?.textContent) return;
  const parsed = JSON.parse(el.textContent) as PageData | PageScreenData;
  if (isPageScreenData(parsed)) return bootPage(installed.pages ?? [], parsed);
  const data = parsed;
  // The page came from POST /pay: give it its route's URL at once, so that a reload keeps the payer's place (and
  // never posts the merchant's form again). The server's page script has done so already, as soon as the document was
  // parsed (the root's data-oja-url); this covers a page served without that script.
  const url = withSession(data.env, data.plan.route.path, data.env.locale);
  if (location.pathname + location.search !== url) history.replaceState(null, '', url);
  // A task of its own for the rest of the boot: the modules' evaluation is one task already (under a cheap phone's
  // CPU, the longest of the load); the strings, the registry and the state come after the browser had its turn.
  await yieldToBrowser();
  // The initial route's strings come with the page, in the payer's language (scripts/build/build.mjs).
  if (data.messages) registerMessages({ en: data.messages.en ?? {}, fr: data.messages.fr ?? {} });
  // A first estimate of the server's clock; every API answer's Date header refines it.
  setServerOffset(data.serverNow - Date.now());
  // Checked by the server, which runs the same installed list, at its boot (createRegistry).
  const registry = assembleRegistry(installed.channels, installed.brandings, {
    pages: installed.pages,
    gates: installed.gates,
    markets: installed.markets,
  });
  const checkout = createCheckout(data.props, data.env, registry, data.plan);
  checkout.state.channel = data.plan.route.channel;
  checkout.state.prefetched = data.prefetched ?? {};
  checkout.state.gates = data.gates ?? {};
  if (data.result) checkout.state.result = data.result;
  // The screen the server rendered is loaded first (the server preloads it), so hydration completes at once.
  const screen = firstScreen(registry, data);
  if (screen) await preloadScreen(screen.key, screen.loader, data.env).catch(() => undefined);
  // A task of its own for hydration: a tap that arrived while the scripts were evaluated is handled first (by the
  // browser: the rows are links), instead of waiting for the hydration's first slice too.
  await yieldToBrowser();
  // As a transition, hydration yields to the browser every few ms instead of one long task: a tap that lands
  // meanwhile is handled at once (React hydrates the row under the thumb first), and the page keeps painting.
  startTransition(() => {
    hydrateRoot(document.getElementById(ROOT_ID)!, <App checkout={checkout} referrer={data.referrer} />);
  });
  // The payer's next screen is on its way from the moment their thumb lands on its row.
  prefetchOnIntent(registry, data.env);
}
