import { createContext, lazy, useContext } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { ScreenLoader } from '../plugin';
import { useCheckoutState } from '../state/checkout';

/** Server render: collects the keys of the lazy parts rendered, so the page links their stylesheets. */
export const RenderedScreensContext = createContext<Set<string> | null>(null);

const cache = new Map<string, LazyExoticComponent<ComponentType>>();
/** Screens whose module is already here: rendered directly, so hydration needs no second pass. */
const loaded = new Map<string, ComponentType>();

/** Longest wait for a screen's stylesheet before the screen shows anyway, ms. */
export const STYLESHEET_WAIT_MS = 4_000;

/**
 * Resolves once the stylesheet is in, failed, or took too long: a screen without its styles beats no screen
 * (and a page that never hydrates).
 */
export function loadStylesheet(href: string, doc: Document = document): Promise<void> {
  const existing = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find((l) => l.getAttribute('href') === href);
  if (existing?.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    setTimeout(resolve, STYLESHEET_WAIT_MS);
    const link = existing ?? doc.createElement('link');
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    if (!existing) {
      link.rel = 'stylesheet';
      link.href = href;
      doc.head.appendChild(link);
    }
  });
}

/** A lazily loaded screen whose chunk and stylesheet are fetched together, once per key. */
export function lazyScreen(key: string, loader: ScreenLoader, cssHref?: string): LazyExoticComponent<ComponentType> {
  let screen = cache.get(key);
  if (!screen) {
    screen = lazy(async () => {
      const [mod] = await Promise.all([loader(), cssHref && typeof document !== 'undefined' ? loadStylesheet(cssHref) : undefined]);
      loaded.set(key, mod.default);
      return mod;
    });
    cache.set(key, screen);
  }
  return screen;
}

/**
 * Loads a screen (module and stylesheet) before it is rendered. The browser does this for the screen the
 * server rendered before hydrating, so a tap on it is never lost to a half-hydrated page.
 */
export async function preloadScreen(key: string, loader: ScreenLoader, cssHref?: string): Promise<void> {
  if (loaded.has(key)) return;
  const [mod] = await Promise.all([loader(), cssHref ? loadStylesheet(cssHref) : undefined]);
  loaded.set(key, mod.default);
}

/** A lazily loaded part of the page by its build key (channel id, branding-<id>, core-<module>). */
export function useLazyScreen(key: string, loader: ScreenLoader): ComponentType {
  const { env } = useCheckoutState();
  useContext(RenderedScreensContext)?.add(key);
  return loaded.get(key) ?? lazyScreen(key, loader, env.screenCss[key]);
}
