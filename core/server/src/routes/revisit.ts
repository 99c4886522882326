import { METHODS_PATH, paymentStanding, pickLocale } from '@oja/core';
import type { App, Ctx, ServerContext } from '../context';
import { paymentPage, sessionGonePage } from '../respondPage';
import { isSettled } from '../sessions';

/**
 * A payer's page asked for again (reload, back, a link, Try again, a restored tab, another instance): the session's
 * page, where they were. Before a payment screen is drawn the collections API says where the payment stands: a
 * result (paid while the page was away, expired, cancelled, an attempt failed) is what the page opens on, and
 * delivers as if its own poll had seen it; a payment still open draws its screen as before.
 */
async function revisit(ctx: ServerContext, c: Ctx): Promise<Response> {
  const url = new URL(c.req.url);
  const token = url.searchParams.get('p') ?? '';
  // The URL says the language when the payer chose one other than their browser's (core's withSession).
  const locale = pickLocale(url.searchParams.get('lang'), c.req.header('accept-language'));
  const record = await ctx.sessions.served(token);
  if (!record) return sessionGonePage(ctx, c, locale);
  // The payer is back (reload, link followed before hydration): a pending leave-cancel is dropped.
  await ctx.leaves.drop(token);
  const { props } = record;
  // A settled payment stays settled: what the API said once stands when it does not answer now.
  const result = props.responseCode === '00' ? ((await paymentStanding(ctx.api, props)) ?? record.settled) : undefined;
  if (result && isSettled(result) && !record.settled) {
    await ctx.sessions.update(token, (s) => {
      s.settled = result;
    });
  }
  return paymentPage(ctx, c, { status: 200, props, session: { token, record }, locale, path: url.pathname, referrer: record.referrer, result });
}

/** GET of the method list and of every channel's path (/payment/…): the page of a payment already open. */
export function revisitRoute(app: App, ctx: ServerContext): void {
  app.get(METHODS_PATH, (c) => revisit(ctx, c));
  app.get('/payment/*', (c) => revisit(ctx, c));
}
