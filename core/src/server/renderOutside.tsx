import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createI18n, I18nContext } from '../i18n';
import type { Locale, MessageBundle } from '../i18n';
import { coreMessages } from '../messages';
import { resultMessages } from '../ui/resultMessages';
import { outsideMessages } from '../outside/messages';
import { Home } from '../outside/Home';
import type { HomeProps } from '../outside/Home';
import { Unreachable } from '../outside/Unreachable';
import type { UnreachableProps } from '../outside/Unreachable';
import { body, card, page } from '../ui/styles';

/** Strings of the pages outside a payment: their own, core's, and the response codes' (test cards' results). */
const BUNDLES: MessageBundle[] = [coreMessages, resultMessages, outsideMessages];

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The language and stylesheets of a page outside a payment, with their Subresource Integrity by URL when known. */
interface OutsideAssets {
  locale: Locale;
  css: readonly string[];
  integrity?: Record<string, string>;
}

/**
 * A page outside a payment: plain HTML with the checkout's stylesheet and no script (nothing to hydrate), so it
 * works under the strict CSP and before any script loads. Its `<title>` is its heading.
 */
function renderOutside(assets: OutsideAssets, titleKey: string, content: ReactNode): string {
  const { locale, css, integrity = {} } = assets;
  const i18n = createI18n(locale, BUNDLES);
  const html = renderToStaticMarkup(
    <I18nContext.Provider value={i18n}>
      <div className={page}>
        <main className={card}>
          <div className={body}>{content}</div>
        </main>
      </div>
    </I18nContext.Provider>,
  );
  return [
    '<!doctype html>',
    `<html lang="${locale}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="strict-origin-when-cross-origin">',
    `<title>${escapeHtml(i18n.t(titleKey))}</title>`,
    ...css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}"${integrity[href] ? ` integrity="${escapeHtml(integrity[href])}" crossorigin="anonymous"` : ''}>`),
    '</head>',
    `<body>${html}</body>`,
    '</html>',
  ].join('');
}

/** The page for a pay request the collections API could not answer (503), with a Try again that posts it again. */
export function renderUnreachablePage(input: OutsideAssets & UnreachableProps): string {
  return renderOutside(input, 'core.unreachable.title', <Unreachable fields={input.fields} />);
}

/** The checkout's `/`. */
export function renderHomePage(input: OutsideAssets & HomeProps): string {
  const { locale, css, integrity, ...props } = input;
  return renderOutside({ locale, css, integrity }, 'core.home.title', <Home {...props} />);
}
export type { HomeTestCard } from '../outside/Home';
