import type { PageEnv } from '../props';
import type { Registry } from '../registry';
import { preloadScreen } from './lazyScreen';

/** What tells that the payer is about to open a row: a touch's click follows its pointerdown by 50 to 150 ms. */
const INTENT_EVENTS = ['pointerdown', 'mouseover', 'focusin'] as const;

/**
 * Fetches a channel's screen (module and stylesheet) as soon as the payer reaches for its row on the method list
 * (`a[data-method]`): touching it, hovering it, or moving the focus to it, so the screen is on its way before the
 * click opens it. Once per channel (preloadScreen fetches once); returns the function that stops listening.
 */
export function prefetchOnIntent(registry: Registry, env: Pick<PageEnv, 'screenCss' | 'integrity'>, doc: Document = document): () => void {
  const onIntent = (e: Event) => {
    const row = e.target instanceof Element ? e.target.closest<HTMLElement>('a[data-method]') : null;
    const plugin = row?.dataset.method ? registry.channel(row.dataset.method) : undefined;
    // A failed fetch is tried again when the screen is opened.
    if (plugin?.screen) preloadScreen(plugin.id, plugin.screen, env).catch(() => undefined);
  };
  for (const type of INTENT_EVENTS) doc.addEventListener(type, onIntent, { capture: true, passive: true });
  return () => {
    for (const type of INTENT_EVENTS) doc.removeEventListener(type, onIntent, { capture: true });
  };
}
