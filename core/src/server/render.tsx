import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import type { Registry } from '../registry';
import type { PageEnv, PaymentProps } from '../props';
import { allMessages, createCheckout } from '../state/checkout';
import { createHttp } from '../http';
import { App } from '../shell/App';
import { RenderedScreensContext } from '../shell/lazyScreen';
import { PAGE_DATA_ID, ROOT_ID, serializePageData } from '../pageData';
import type { PageData } from '../pageData';
import { LOCALES, createI18n, mergeLocale } from '../i18n';
import { coreMessages } from '../messages';
import type { GateDecision } from '../gates';

export interface PageAssets {
  /** The entry script and stylesheet of the initial route. */
  js: string;
  css: string[];
  /**
   * Lazily loaded parts by key: those the render used are linked (stylesheet) and preloaded (script). `preload`:
   * the modules the part imports statically beyond the initial route; `modules`: every module it may load (its
   * lazy imports' too).
   */
  screens: Record<string, { js: string; css: string; preload?: string[]; modules?: string[] }>;
  /** The modules the entry imports statically (itself included). */
  entryModules?: string[];
  /** Subresource Integrity ('sha384-…') of every script and stylesheet, by URL (integrity.ts). */
  integrity?: Record<string, string>;
}

export interface RenderInput {
  registry: Registry;
  props: PaymentProps;
  env: PageEnv;
  path: string;
  channel: string | null;
  referrer?: string;
  assets: PageAssets;
  /** The channel's prefetched first-screen data, by channel id. */
  prefetched?: Record<string, unknown>;
  /** The import map's JSON (integrity.ts importMap), put first in the head; its hash is in the page's CSP. */
  importMap?: string;
  /** The gates passed on this page's session: the first still pending is what the page shows. */
  gates?: Record<string, GateDecision>;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The integrity attributes of an asset, when the build wrote its hash. */
function integrityOf(assets: PageAssets, url: string): string {
  const sri = assets.integrity?.[url];
  return sri ? ` integrity="${escapeAttr(sri)}" crossorigin="anonymous"` : '';
}

/** Renders the page with its first screen in the HTML, waiting for lazy screens, and the data to hydrate it. */
export async function renderPage(input: RenderInput): Promise<string> {
  const { registry, props, env, path, channel, referrer, assets, prefetched = {}, gates = {}, importMap } = input;
  // The server never calls the API from a render: the client's http is unused here.
  const checkout = createCheckout(props, env, registry, createHttp('http://127.0.0.1:9'));
  checkout.state.channel = channel;
  checkout.state.prefetched = { ...prefetched };
  checkout.state.gates = { ...gates };
  const search = `p=${encodeURIComponent(env.session)}`;
  const rendered = new Set<string>();
  const appHtml = await new Promise<string>((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk, _enc, cb) {
        html += chunk.toString();
        cb();
      },
    });
    sink.on('finish', () => resolve(html));
    const stream = renderToPipeableStream(
      <RenderedScreensContext.Provider value={rendered}>
        <App checkout={checkout} ssrPath={path} ssrSearch={search} referrer={referrer} />
      </RenderedScreensContext.Provider>,
      {
        onAllReady: () => stream.pipe(sink),
        onShellError: reject,
        onError: (e) => {
          reject(e);
        },
      },
    );
  });
  const used = [...rendered].map((k) => assets.screens[k]).filter(Boolean);
  const locales = registry.branding(props.acquiredBy).languageToggle ? LOCALES : [env.locale];
  const bundles = allMessages(registry, props, gates);
  const messages = Object.fromEntries(locales.map((l) => [l, mergeLocale(bundles, l)]));
  const data: PageData = { props, env, path, channel, referrer, prefetched, gates, serverNow: Date.now(), messages };
  const title = createI18n(env.locale, [coreMessages]).t('core.title');
  return [
    '<!doctype html>',
    `<html lang="${env.locale}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="strict-origin-when-cross-origin">',
    `<title>${escapeAttr(title)}</title>`,
    // Before any module: the integrity of every module the page may fetch (integrity.ts).
    ...(importMap ? [`<script type="importmap">${importMap}</script>`] : []),
    ...[...assets.css, ...used.map((s) => s.css).filter(Boolean)].map(
      (href) => `<link rel="stylesheet" href="${escapeAttr(href)}"${integrityOf(assets, href)}>`,
    ),
    ...used.flatMap((s) => s.preload ?? [s.js]).map((href) => `<link rel="modulepreload" href="${escapeAttr(href)}"${integrityOf(assets, href)}>`),
    `<script type="module" src="${escapeAttr(assets.js)}"${integrityOf(assets, assets.js)}></script>`,
    '</head>',
    '<body>',
    `<div id="${ROOT_ID}">${appHtml}</div>`,
    `<script type="application/json" id="${PAGE_DATA_ID}">${serializePageData(data)}</script>`,
    '</body>',
    '</html>',
  ].join('');
}
