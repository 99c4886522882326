import { METHODS_PATH, pickLocale } from '@oja/core';
import type { App, Ctx, ServerContext } from '../context';
import { paymentPage, refusedProps } from '../respondPage';

/** A payer's page asked for again (reload, a link, another instance): the session's page, where they were. */
async function revisit(ctx: ServerContext, c: Ctx): Promise<Response> {
  const url = new URL(c.req.url);
  const token = url.searchParams.get('p') ?? '';
  // The URL says the language when the payer chose one other than their browser's (core's withSession).
  const locale = pickLocale(url.searchParams.get('lang'), c.req.header('accept-language'));
  const record = await ctx.sessions.served(token);
  if (!record) return paymentPage(ctx, c, { status: 404, props: refusedProps({}, 'Z5'), locale, path: METHODS_PATH });
  // The payer is back (reload, link followed before hydration): a pending leave-cancel is dropped.
  await ctx.leaves.drop(token);
  return paymentPage(ctx, c, { status: 200, props: record.props, session: { token, record }, locale, path: url.pathname, referrer: record.referrer });
}

/** GET of the method list and of every channel's path (/payment/…): the page of a payment already open. */
export function revisitRoute(app: App, ctx: ServerContext): void {
  app.get(METHODS_PATH, (c) => revisit(ctx, c));
  app.get('/payment/*', (c) => revisit(ctx, c));
}
