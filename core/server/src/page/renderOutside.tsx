import type { ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createI18n, I18nContext, mergeLocale } from '@oja/core';
import type { Locale, MessageBundle } from '@oja/core';
import { coreMessages } from '@oja/core';
import { resultMessages } from '@oja/core/shell';
import { outsideMessages } from '../outside/messages';
import { SessionGone, Unavailable, Unreachable } from '../outside/Unreachable';
import type { SessionGoneProps, UnavailableProps, UnreachableProps } from '../outside/Unreachable';
import type { PagePlugin } from '@oja/core';
import { serializePageData } from '@oja/core';
import type { PageHeader, PageScreenData, PageView } from '@oja/core';
import { PageLayout, PageRoot } from '@oja/core/page';
import { checkoutDocument, documentStart, stylesheet } from './render';
import type { PageAssets } from './render';

/** The key of a page's screen module in the build's manifest (scripts/build/build.mjs: pages/<id>/…/Screen). */
export const pageScreenKey = (pageId: string) => `page-${pageId}`;

/** Subresource Integrity by URL (the build's manifest): every tag of a document carries its file's. */
type Integrity = Record<string, string> | undefined;

/**
 * The stylesheets of a document outside a payment, each with its integrity. With the server's texts of them
 * (PageAssets.inlineCss) and a place for their hashes, they come inline, as on a payment's page: a linked stylesheet
 * in the head is a round trip of its own before the first paint.
 */
export interface OutsideStyles {
  css: readonly string[];
  integrity?: Integrity;
  inlineCss?: Record<string, string>;
  /** Filled by the render: the CSP hashes of the stylesheets it put inline, for the page's style-src. */
  styleHashes?: string[];
}

/** A whole document without a script: its `<title>` is its heading, its stylesheets this checkout's. */
function htmlDocument(d: { locale: Locale; title: string; styles: OutsideStyles; body: string }): string {
  const { css, integrity, inlineCss, styleHashes } = d.styles;
  return [
    ...documentStart(d.locale, d.title),
    ...css.map((href) => stylesheet({ integrity, inlineCss }, href, styleHashes)),
    '</head>',
    `<body>${d.body}</body>`,
    '</html>',
  ].join('');
}

/**
 * A page outside a payment: plain HTML with the checkout's stylesheet and no script (nothing to hydrate), so it
 * works under the strict CSP and before any script loads. The response codes' strings come along (a page may
 * name a result).
 */
function renderOutside(locale: Locale, styles: OutsideStyles, titleKey: string, content: ReactNode, bundles: MessageBundle[]): string {
  const i18n = createI18n(locale, [coreMessages, resultMessages, ...bundles]);
  const html = renderToStaticMarkup(
    <I18nContext.Provider value={i18n}>
      <PageLayout>{content}</PageLayout>
    </I18nContext.Provider>,
  );
  return htmlDocument({ locale, title: i18n.t(titleKey), styles, body: html });
}

/** The page for a pay request the collections API could not answer (503), with a Try again that posts it again. */
export function renderUnreachablePage(input: { locale: Locale } & OutsideStyles & UnreachableProps): string {
  return renderOutside(input.locale, input, 'core.unreachable.title', <Unreachable fields={input.fields} />, [outsideMessages]);
}

/**
 * The page for a request the checkout could not serve because its session store is away (503): nothing charged,
 * the place kept, a Try again link to the same path. Only a path of this checkout is linked.
 */
export function renderUnavailablePage(input: { locale: Locale } & OutsideStyles & UnavailableProps): string {
  const retryPath = /^\/(?![/\\])/.test(input.retryPath) ? input.retryPath : '/';
  return renderOutside(input.locale, input, 'core.unavailable.title', <Unavailable retryPath={retryPath} />, [outsideMessages]);
}

/** The page for a payment page whose session is gone (404): what happened, and the way back to the shop. */
export function renderSessionGonePage(input: { locale: Locale } & OutsideStyles & SessionGoneProps): string {
  return renderOutside(input.locale, input, 'core.sessionGone.title', <SessionGone back={input.back} />, [outsideMessages]);
}

/** A page plugin's `document` answer: its content in the pages' frame, with its strings, and no script. */
export function renderPageDocument(input: { page: PagePlugin; locale: Locale; title: string; content: ReactNode } & OutsideStyles): string {
  return renderOutside(input.locale, input, input.title, input.content, [input.page.messages]);
}

/**
 * A page plugin's `screen` answer: its screen module rendered with the data in the HTML, the data and strings
 * beside it, and the checkout's script, which hydrates it (core's bootCheckout). The same document as a payment's
 * (checkoutDocument): the module's stylesheet inline beside the shell's, its chunks asked for after the first frame.
 */
export async function renderPageScreen(input: {
  page: PagePlugin;
  locale: Locale;
  path: string;
  data: unknown;
  /** The payment's header the page asked for (PageAnswer's `header`). */
  header?: PageHeader;
  title: string;
  assets: PageAssets;
  importMap?: string;
  /** Filled by the render: the CSP hashes of the stylesheets it put inline, for the page's style-src. */
  styleHashes?: string[];
  /** Filled by the render: the CSP hash of its inline script, for the page's script-src (else modulepreload links). */
  scriptHashes?: string[];
}): Promise<string> {
  const { page, locale, path, data, header, title, assets, importMap, styleHashes, scriptHashes } = input;
  if (!page.screen) throw new Error(`page ${page.id} answered a screen but has no screen module`);
  const { default: Screen } = await page.screen();
  const bundles = [coreMessages, page.messages];
  const i18n = createI18n(locale, bundles);
  const view: PageView = { page: page.id, path, data, ...(header && { header }) };
  const html = renderToString(<PageRoot view={view} i18n={i18n} Screen={Screen} />);
  const part = assets.screens[pageScreenKey(page.id)];
  const pageData: PageScreenData = { view, locale, messages: mergeLocale(bundles, locale) };
  return checkoutDocument({
    locale,
    title: i18n.t(title),
    assets,
    stylesheets: [...assets.css, ...(part?.css ? [part.css] : [])],
    modules: part ? [part.js, ...(part.preload ?? [])] : [],
    root: html,
    data: serializePageData(pageData),
    importMap,
    styleHashes,
    scriptHashes,
  });
}
