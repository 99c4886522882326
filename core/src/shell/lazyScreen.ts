import { createContext, lazy, useContext } from 'react';
import type { ComponentType } from 'react';
import type { ScreenLoader } from '../plugin';
import type { PageEnv } from '../props';
import { useCheckoutState } from '../state/checkout';

/** Server render: collects the keys of the lazy parts rendered, so the page links their stylesheets. */
export const RenderedScreensContext = createContext<Set<string> | null>(null);

type ScreenModule = { default: ComponentType };

const fetches = new Map<string, Promise<ScreenModule>>();
/** Modules already here, by key. */
const modules = new Map<string, ComponentType>();
/** The one component per key the page renders. */
const components = new Map<string, ComponentType>();

/** Longest wait for a screen's stylesheet before the screen shows anyway, ms. */
export const STYLESHEET_WAIT_MS = 4_000;

/** Where a part's stylesheet is and its Subresource Integrity (the page data's). */
type PartAssets = Pick<PageEnv, 'screenCss' | 'integrity'>;

/**
 * Resolves once the stylesheet is in, failed, or took too long: a screen without its styles beats no screen
 * (and a page that never hydrates). With `integrity`, a stylesheet changed on the way is refused (an error).
 */
export function loadStylesheet(href: string, { integrity, doc = document }: { integrity?: string; doc?: Document } = {}): Promise<void> {
  // The server put it inline (core/src/server/render.tsx): already applied.
  if ([...doc.querySelectorAll('style[data-href]')].some((s) => s.getAttribute('data-href') === href)) return Promise.resolve();
  const existing = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find((l) => l.getAttribute('href') === href);
  if (existing?.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    setTimeout(resolve, STYLESHEET_WAIT_MS);
    const link = existing ?? doc.createElement('link');
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    if (!existing) {
      link.rel = 'stylesheet';
      if (integrity) {
        link.integrity = integrity;
        link.crossOrigin = 'anonymous';
      }
      link.href = href;
      doc.head.appendChild(link);
    }
  });
}

/** Each screen's chunk and stylesheet, fetched together, once (a failed fetch may be tried again). */
function fetchScreen(key: string, loader: ScreenLoader, assets?: PartAssets): Promise<ScreenModule> {
  let fetched = fetches.get(key);
  if (!fetched) {
    const cssHref = assets?.screenCss[key];
    const css = cssHref && typeof document !== 'undefined' ? loadStylesheet(cssHref, { integrity: assets?.integrity?.[cssHref] }) : undefined;
    fetched = Promise.all([loader(), css]).then(
      ([mod]) => {
        modules.set(key, mod.default);
        return mod;
      },
      (e: unknown) => {
        fetches.delete(key);
        components.delete(key);
        throw e;
      },
    );
    fetches.set(key, fetched);
  }
  return fetched;
}

/**
 * Loads a screen (module and stylesheet) before it is rendered. The browser does this for the screen the
 * server rendered before hydrating, so a tap on it is never lost to a half-hydrated page.
 */
export async function preloadScreen(key: string, loader: ScreenLoader, assets?: PartAssets): Promise<void> {
  await fetchScreen(key, loader, assets);
}

/**
 * The component of a lazily loaded screen: its module itself when already here (no Suspense pass), otherwise a
 * React.lazy over it. Chosen once per key, because a component that changes type is remounted and its screen
 * would lose its state.
 */
function screenComponent(key: string, loader: ScreenLoader, assets: PartAssets): ComponentType {
  let component = components.get(key);
  if (!component) {
    component = modules.get(key) ?? lazy(() => fetchScreen(key, loader, assets));
    components.set(key, component);
  }
  return component;
}

/** A lazily loaded part of the page by its build key (channel id, branding-<id>, core-<module>). */
export function useLazyScreen(key: string, loader: ScreenLoader): ComponentType {
  const { env } = useCheckoutState();
  useContext(RenderedScreensContext)?.add(key);
  return screenComponent(key, loader, env);
}
