import type { Locale, PageAnswer, PageContext, PagePlugin } from '@oja/core';
import { isAlreadyPaid, pickLocale } from '@oja/core';
import { ClientError, readBody, textFields } from '../body';
import type { App, Ctx, ServerContext } from '../context';
import { pageScreenSecurity } from '../page/pagePolicy';
import { renderPageDocument, renderPageScreen } from '../page/renderOutside';
import { firstPage, openPayment } from '../payment';
import { empty, plain } from '../respond';
import { outsidePage, outsideStyles } from '../respondPage';

/**
 * The checkout's origin as the payer reached it, for the URLs a page gives the API (a payment's redirect back to
 * it). Behind a proxy that ends TLS, the proxy says https with X-Forwarded-Proto.
 */
function selfOrigin(c: Ctx): string {
  const host = c.req.header('host') ?? '';
  if (!/^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/.test(host)) throw new ClientError(400, 'Bad Host header');
  const socket = c.env.incoming.socket;
  const https = ('encrypted' in socket && socket.encrypted) || c.req.header('x-forwarded-proto') === 'https';
  return `${https ? 'https' : 'http'}://${host}`;
}

function notAllowed(allowed: readonly string[]): Response {
  return plain(405, 'Method not allowed', { allow: [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', ') });
}

/** What a page plugin answered, sent with the headers of every checkout page. */
async function sendPageAnswer(
  ctx: ServerContext,
  c: Ctx,
  plugin: PagePlugin,
  pathname: string,
  locale: Locale,
  answer: PageAnswer,
): Promise<Response> {
  switch (answer.kind) {
    case 'document': {
      const styles = outsideStyles(ctx);
      const html = renderPageDocument({ page: plugin, locale, ...styles, title: answer.title, content: answer.content });
      return outsidePage(ctx, c, answer.status ?? 200, html, undefined, styles);
    }
    case 'screen': {
      const security = pageScreenSecurity(ctx.manifest, plugin.id);
      const styleHashes: string[] = [];
      // The import map's hash, then the render's own inline script's.
      const scriptHashes = [...security.scriptHashes];
      const html = await renderPageScreen({
        page: plugin,
        locale,
        path: pathname,
        data: answer.data ?? null,
        header: answer.header,
        title: answer.title,
        assets: ctx.manifest,
        importMap: security.importMap,
        styleHashes,
        scriptHashes,
      });
      return outsidePage(ctx, c, answer.status ?? 200, html, undefined, { scriptHashes, styleHashes });
    }
    case 'redirect':
      // Only to this checkout: a page is no open redirector.
      if (!/^\/(?![/\\])/.test(answer.to)) throw new Error(`page ${plugin.id}: redirect to ${answer.to} is not a path of this checkout`);
      return empty(303, { location: answer.to });
    case 'checkout': {
      const s = await ctx.sessions.get(answer.session);
      if (!s || s.page?.id !== plugin.id) throw new Error(`page ${plugin.id}: no payment of its own in session ${answer.session}`);
      return firstPage(ctx, c, answer.session, s.props, locale, s.referrer);
    }
  }
}

/**
 * A page outside a payment (PagePlugin): its context for this request, its answer sent with the headers of every
 * checkout page. HEAD is answered as GET; a method the page does not take is 405.
 */
async function servePage(ctx: ServerContext, c: Ctx, plugin: PagePlugin): Promise<Response> {
  const allowed = plugin.methods ?? ['GET'];
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  if ((method !== 'GET' && method !== 'POST') || !allowed.includes(method)) return notAllowed(allowed);
  const body = method === 'POST' ? textFields(await readBody(c.req.raw, { accept: ['form'], strict: true })) : {};
  const url = new URL(c.req.url);
  const locale = pickLocale(url.searchParams.get('lang'), c.req.header('accept-language'));
  const token = url.searchParams.get('p');
  const s = token ? await ctx.sessions.get(token) : undefined;
  const own = s?.page?.id === plugin.id ? s : undefined;
  const pageCtx: PageContext = {
    request: { method, path: url.pathname, query: url.searchParams, body },
    locale,
    sandbox: !!ctx.embedded,
    http: ctx.api,
    selfUrl: (p) => new URL(p, selfOrigin(c)).href,
    payment: own && {
      props: own.props,
      state: own.page?.state,
      setState: async (state) => {
        await ctx.sessions.update(token!, (r) => {
          r.page = { id: plugin.id, state };
        });
      },
      isPaid: () =>
        isAlreadyPaid(ctx.api, { merchant_code: own.props.merchantCode, txn_ref: own.props.merchantTransactionReference, amount: own.props.amount }),
    },
    openPayment: (fields, state) => openPayment(ctx, c, plugin, fields, state),
  };
  return sendPageAnswer(ctx, c, plugin, url.pathname, locale, await plugin.serve!(pageCtx));
}

/** Every installed page's paths (the server's home `/` first). */
export function pagesRoute(app: App, ctx: ServerContext): void {
  for (const plugin of ctx.registry.pages) for (const p of plugin.paths) app.all(p, (c) => servePage(ctx, c, plugin));
}
