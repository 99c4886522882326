import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import type { I18n, Locale, MessageBundle, Messages, Registry } from '@oja/core';
import type { PageEnv, PagePlan, PaymentProps } from '@oja/core';
import { allMessages, createCheckout } from '@oja/core';
import { createHttp, withSession } from '@oja/core';
import { App } from '@oja/core';
import { RenderedScreensContext } from '@oja/core/shell';
import { PAGE_DATA_ID, ROOT_ID, serializePageData } from '@oja/core';
import { FIRST_SCREEN_END_ID } from '@oja/core/shell';
import type { PageData } from '@oja/core';
import { LOCALES, createI18n, mergeLocale } from '@oja/core';
import { coreMessages } from '@oja/core';
import type { GateDecision, TransactionResponse } from '@oja/core';
import { inlineHash } from './integrity';
import { createMemo, memoPerOwners, objectId } from '../memo';

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
  /** Subresource Integrity ('sha256-…') of every script and stylesheet, by URL (integrity.ts). */
  integrity?: Record<string, string>;
  /**
   * The text of stylesheets the page carries inline rather than links, by URL (the server reads them from the build
   * at start): a linked stylesheet in the head blocks the first paint for a round trip of its own.
   */
  inlineCss?: Record<string, string>;
}

export interface RenderInput {
  registry: Registry;
  props: PaymentProps;
  env: PageEnv;
  /** What the page may show and the route it draws (the server's plan, planPage): read, never worked out again. */
  plan: PagePlan;
  referrer?: string;
  assets: PageAssets;
  /** The channel's prefetched first-screen data, by channel id. */
  prefetched?: Record<string, unknown>;
  /** The import map's JSON (integrity.ts importMap), put first in the head; its hash is in the page's CSP. */
  importMap?: string;
  /** The gates passed on this page's session: the first still pending is what the page shows. */
  gates?: Record<string, GateDecision>;
  /** The payment's result when the page opens on one (PageData.result). */
  result?: TransactionResponse;
  /** Filled by the render: the CSP hashes ('sha256-…') of the stylesheets it put inline, for the page's style-src. */
  styleHashes?: string[];
  /**
   * Filled by the render: the CSP hash of the script it put inline (moduleRequests), for the page's script-src.
   * Without it the modules are linked as modulepreloads instead.
   */
  scriptHashes?: string[];
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The integrity attributes of an asset, when the build wrote its hash. */
function integrityOf(assets: Pick<PageAssets, 'integrity'>, url: string): string {
  return assets.integrity?.[url] ? `${integrityAttr(assets, url)} crossorigin="anonymous"` : '';
}

/** The integrity attribute alone. */
function integrityAttr(assets: Pick<PageAssets, 'integrity'>, url: string): string {
  const sri = assets.integrity?.[url];
  return sri ? ` integrity="${escapeAttr(sri)}"` : '';
}

/** The modules the entry imports statically, beyond itself: the initial route's chunk. */
const entryModulesBeyond = (assets: PageAssets) => (assets.entryModules ?? []).filter((m) => m !== assets.js);

/** The build's stylesheets, at most: their hashes are kept per build (its texts, PageAssets.inlineCss). */
export const STYLE_HASH_CACHE_ENTRIES = 512;
const inlineStyleHashes = memoPerOwners<string>(STYLE_HASH_CACHE_ENTRIES);

/**
 * A stylesheet of the page: inline when the server has its text (its hash then goes to `styleHashes`), a link
 * otherwise. `data-href` names it, so that the shell does not fetch it again (lazyScreen.ts loadStylesheet).
 */
export function stylesheet(assets: Pick<PageAssets, 'integrity' | 'inlineCss'>, href: string, styleHashes: string[] | undefined): string {
  const text = assets.inlineCss?.[href];
  // A stylesheet that could close its element is linked instead (minified CSS never holds "</").
  if (text !== undefined && styleHashes && !text.includes('</')) {
    styleHashes.push(inlineStyleHashes(assets.inlineCss!).get(href, () => inlineHash(text)));
    return `<style data-href="${escapeAttr(href)}">${text}</style>`;
  }
  return `<link rel="stylesheet" href="${escapeAttr(href)}"${integrityOf(assets, href)}>`;
}

/**
 * The page's scripts, asked for once the first frame is out: the initial route's chunk (a modulepreload), the entry,
 * then the first screen's modules. Chromium's preload scanner fetches every module link of the document before the
 * parser starts (the whole page arrives in one read), each request a few ms of main thread ahead of the first paint,
 * and the scripts' bytes then share the network with the rest of the document. Static copies of the transfer page,
 * 21 rounds: its 13 requests in the HTML 1.35× the floor's LCP, 3 in the HTML and the rest from this script 1.20×.
 * The script itself runs once the document is parsed, still before the first frame, so it waits for the next frame
 * and a task after it: 20 more rounds, the transfer page 44 ms above the floor (paired medians) with the requests at
 * once, 4 ms with them after the frame. The method list with the initial route's chunk and the entry also after the
 * frame (issue 35, settled browser, 15 rounds): LCP 328 → 284 ms against the floor's 264, the first tap unchanged
 * (a row is a link before hydration). A document that draws no frame (a hidden tab, a frame a merchant's page keeps
 * out of view) asks at once, and any other after 250 ms at most.
 */
function moduleRequests(assets: PageAssets, initial: string[], later: string[], scriptHashes: string[] | undefined): string {
  const entry = `<script type="module" src="${escapeAttr(assets.js)}"${integrityOf(assets, assets.js)}></script>`;
  const link = (href: string) => `<link rel="modulepreload" href="${escapeAttr(href)}"${integrityOf(assets, href)}>`;
  if (!scriptHashes) return [...initial.map(link), entry, ...later.map(link)].join('');
  const { html, hash } = moduleScripts(assets).get([...initial, assets.js, ...later].join('\n'), () => {
    const json = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');
    const sriOf = (href: string) => assets.integrity?.[href] ?? '';
    const withSri = (hrefs: string[]) => json(hrefs.map((href) => [href, sriOf(href)]));
    // First, at once: the page's own URL (the root's data-oja-url) instead of the POST /pay it came from, so that a
    // reload keeps the payer's place and never posts the merchant's form again (the boot does it too, later).
    const text =
      `{const r=document.getElementById(${json(ROOT_ID)}),u=r&&r.dataset.ojaUrl;if(u&&location.pathname+location.search!==u)history.replaceState(null,"",u);` +
      'let d=0;const a=(e,i)=>{if(i){e.integrity=i;e.crossOrigin="anonymous"}return e},' +
      'p=(h,i)=>{const l=a(document.createElement("link"),i);l.rel="modulepreload";l.href=h;document.head.append(l)},' +
      `g=()=>{if(d)return;d=1;document.documentElement.setAttribute(${json(LATER_SHOWN_ATTR)},"");for(const[h,i]of${withSri(initial)})p(h,i);` +
      `const s=a(document.createElement("script"),${json(sriOf(assets.js))});s.type="module";s.src=${json(assets.js)};document.body.append(s);` +
      `for(const[h,i]of${withSri(later)})p(h,i)};` +
      'document.hidden?g():(requestAnimationFrame(()=>setTimeout(g)),setTimeout(g,250))}';
    return { html: `<script type="module">${text}</script>`, hash: inlineHash(text) };
  });
  scriptHashes.push(hash);
  return html;
}

/**
 * Set on the document's element by moduleRequests' script once the first frame is out: until then, what follows the
 * first screen's end inside it (a long method list's rows past the tenth) is not drawn.
 */
export const LATER_SHOWN_ATTR = 'data-oja-later';

/**
 * The first frame lays out only the first screen. The parser reads on past the first screen's end mark before the
 * first frame (the mark lifts the render block; the parser yields only when its data or its time runs out), so a
 * 36-row list laid out all its rows in that frame: its LCP 1.14× the floor's on a static copy, 1.09× with the rows
 * past the mark drawn after the frame (settled browser, 15 rounds). Only with script (`scripting: enabled`: a browser
 * without the media feature or without script draws every row at once), and only when the page carries the script that
 * shows them (else rows could stay hidden).
 */
const LATER_RULE = `@media (scripting:enabled){:root:not([${LATER_SHOWN_ATTR}]) #${FIRST_SCREEN_END_ID}~*{display:none}}`;
const LATER_STYLE = { html: `<style>${LATER_RULE}</style>`, hash: inlineHash(LATER_RULE) };

/** Distinct first screens' module lists kept per build: one per screen a payment can open on, and its parts. */
export const MODULE_SCRIPT_CACHE_ENTRIES = 256;
const moduleScripts = memoPerOwners<{ html: string; hash: string }>(MODULE_SCRIPT_CACHE_ENTRIES);

/**
 * Distinct page data message tables kept: one per set of owners a page carries (its routed channels, branding and
 * gates still to pass) and languages.
 */
export const PAGE_MESSAGES_CACHE_ENTRIES = 256;
const pageMessagesMemo = createMemo<{ messages: Partial<Record<Locale, Messages>>; json: string }>(PAGE_MESSAGES_CACHE_ENTRIES);

/**
 * A page's messages by language, merged from its owners' bundles, and their JSON as the page data carries it
 * (serializePageData's escaping): once per list of bundles and languages. Shared: never to be changed.
 */
export function pageMessages(
  bundles: readonly MessageBundle[],
  locales: readonly Locale[],
): { messages: Partial<Record<Locale, Messages>>; json: string } {
  const key = `${bundles.map(objectId).join(',')}|${locales.join(',')}`;
  return pageMessagesMemo.get(key, () => {
    const messages = Object.fromEntries(locales.map((l) => [l, mergeLocale([...bundles], l)]));
    return { messages, json: serializePageData(messages as never) };
  });
}

/**
 * The page data, serialized (serializePageData) with its messages already serialized: JSON.stringify writes an
 * object's keys in order, and the messages come last, so the text is the same as serializing the whole.
 */
export function serializeWithMessages(data: Omit<PageData, 'messages'>, messagesJson: string): string {
  const rest = serializePageData(data as PageData);
  return rest === '{}' ? `{"messages":${messagesJson}}` : `${rest.slice(0, -1)},"messages":${messagesJson}}`;
}

/** The shell's translator of every installed owner's strings, once per registry and language (App's own, shared). */
const appI18ns = memoPerOwners<I18n>(LOCALES.length);
export function appI18n(registry: Registry, locale: Locale): I18n {
  return appI18ns(registry).get(locale, () => createI18n(locale, allMessages(registry)));
}

/** The document's title, once per language (core's strings are the build's). */
const titles = createMemo<string>(LOCALES.length);
const titleOf = (locale: Locale) => titles.get(locale, () => createI18n(locale, [coreMessages]).t('core.title'));

/** Renders the page with its first screen in the HTML, waiting for lazy screens, and the data to hydrate it. */
export async function renderPage(input: RenderInput): Promise<string> {
  const { registry, props, env, plan, referrer, assets, prefetched = {}, gates = {}, result, importMap, styleHashes, scriptHashes } = input;
  // The server never calls the API from a render: the client's http is unused here.
  const checkout = createCheckout(props, env, registry, plan, createHttp('http://127.0.0.1:9'));
  checkout.state.channel = plan.route.channel;
  checkout.state.prefetched = { ...prefetched };
  checkout.state.gates = { ...gates };
  if (result) checkout.state.result = result;
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
        <App checkout={checkout} ssrPath={plan.route.path} ssrSearch={search} referrer={referrer} i18n={appI18n(registry, env.locale)} />
      </RenderedScreensContext.Provider>,
      {
        // Every boundary inline, however long the page: past 12,800 bytes React would move the rest out behind inline
        // scripts that reveal it ($RC, $RV), which the page's policy refuses (a 36-row method list drew its last rows'
        // marks only at hydration, and the console showed the refusals).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
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
  const bundles = allMessages(registry, { plan, acquiredBy: props.acquiredBy, passed: gates });
  const messages = pageMessages(bundles, locales);
  const data: Omit<PageData, 'messages'> = { props, env, plan, referrer, prefetched, gates, result, serverNow: Date.now() };
  return checkoutDocument({
    locale: env.locale,
    title: titleOf(env.locale),
    assets,
    stylesheets: [...assets.css, ...used.map((s) => s.css).filter(Boolean)],
    modules: used.flatMap((s) => [s.js, ...(s.preload ?? [])]),
    root: appHtml,
    url: withSession(env, plan.route.path, env.locale),
    data: serializeWithMessages(data, messages.json),
    importMap,
    styleHashes,
    scriptHashes,
  });
}

/** LATER_RULE, admitted by its hash, when the page's script can show what it hides. */
function laterRule(styleHashes: string[] | undefined, scriptHashes: string[] | undefined): string {
  if (!styleHashes || !scriptHashes) return '';
  styleHashes.push(LATER_STYLE.hash);
  return LATER_STYLE.html;
}

/** The start of every document the checkout serves, up to its title: the head's first lines, in its language. */
export function documentStart(locale: string, title: string): string[] {
  return [
    '<!doctype html>',
    `<html lang="${escapeAttr(locale)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="strict-origin-when-cross-origin">',
    `<title>${escapeAttr(title)}</title>`,
  ];
}

/**
 * A document that runs the checkout's script: a payment's page, or a page plugin's screen (renderOutside.tsx). Its
 * first screen in the HTML, nothing but the document before the first paint, the scripts after the markup.
 */
export function checkoutDocument(d: {
  locale: string;
  title: string;
  assets: PageAssets;
  /** The first screen's stylesheets: inline when the server has their text and a place for their hashes. */
  stylesheets: string[];
  /** The first screen's modules (its parts' and the chunks they import): asked for after the first frame. */
  modules: string[];
  /** The first screen's markup, the content of the page's root. */
  root: string;
  /** A payment page's own URL (its route and session), put in place at once by the page's script (moduleRequests). */
  url?: string;
  /** The page data, serialized (serializePageData). */
  data: string;
  importMap?: string;
  styleHashes?: string[];
  scriptHashes?: string[];
}): string {
  const { assets, root } = d;
  // The initial route's chunk, the largest file, the one hydration waits for; then the first screen's modules.
  const initialModules = entryModulesBeyond(assets);
  const laterModules = [...new Set(d.modules)].filter((m) => m !== assets.js && !initialModules.includes(m));
  return [
    ...documentStart(d.locale, d.title),
    // No frame before the whole first screen is parsed (FirstScreenEnd): the parser may yield halfway down a long
    // method list, and a first frame with half the rows makes the largest one (a two-line description) paint later.
    `<link rel="expect" href="#${FIRST_SCREEN_END_ID}" blocking="render">`,
    // The first screen's styles before anything else: nothing but the document itself stands before the first paint.
    ...[...new Set(d.stylesheets)].map((href) => stylesheet(assets, href, d.styleHashes)),
    laterRule(d.styleHashes, d.scriptHashes),
    '</head>',
    '<body>',
    `<div id="${ROOT_ID}"${d.url ? ` data-oja-url="${escapeAttr(d.url)}"` : ''}>${root}</div>`,
    // The screen marks its end itself when its markup runs past a phone's height; else the mark follows the root.
    ...(root.includes(`id="${FIRST_SCREEN_END_ID}"`) ? [] : [`<template id="${FIRST_SCREEN_END_ID}"></template>`]),
    // The scripts after the first screen: the import map's hashes (several KiB that do not compress) would otherwise
    // stand between the first bytes and the first paint. Module scripts run after parsing anyway.
    // Before any module: the integrity of every module the page may fetch (integrity.ts).
    ...(d.importMap ? [`<script type="importmap">${d.importMap}</script>`] : []),
    // The initial route's chunk (the entry is a one-line import of it), asked for with the entry rather than a
    // round trip after it. A modulepreload: the browser compiles it off the main thread as it streams in, every
    // function at once (the build's compile hint); a script preload in the head was compiled on the main thread when
    // the entry imported it, and its functions one by one as they first ran (docs/contributors/performance.md).
    // After the import map, which must precede every module fetch; then the entry and the first screen's modules,
    // all once the first frame is out (moduleRequests).
    moduleRequests(assets, initialModules, laterModules, d.scriptHashes),
    `<script type="application/json" id="${PAGE_DATA_ID}">${d.data}</script>`,
    '</body>',
    '</html>',
  ].join('');
}
