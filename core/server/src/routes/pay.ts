import { HASH_FIELD, METHODS_PATH, parsePayRequest, pickLocale } from '@oja/core';
import { isStoreFailure } from '@oja/store';
import { readBody, textFields } from '../body';
import type { App, Ctx, ServerContext } from '../context';
import { renderUnreachablePage } from '../page/renderOutside';
import { firstPage, startPayment } from '../payment';
import type { Started } from '../payment';
import { refusalOfApi, refusalOfIssues } from '../refusal';
import type { Refusal } from '../refusal';
import { outsidePage, outsideStyles, paymentPage, referrerOf, refusedProps } from '../respondPage';

/**
 * Where a merchant's form or link starts a payment: `/pay` (CONTRACT §2), and `/collections/w/pay`, where merchants
 * coming from Interswitch's Web Checkout already post (CONTRACT §6). The same handler answers both.
 */
export const PAY_PATHS = ['/pay', '/collections/w/pay'] as const;
export const isPayPath = (pathname: string): boolean => (PAY_PATHS as readonly string[]).includes(pathname);

/** The pay request fields a Try again posts back (CONTRACT §2, lang; with the API's own); nothing else is echoed. */
const PAY_FIELDS = [
  'merchant_code',
  'pay_item_id',
  'txn_ref',
  'amount',
  'currency',
  'site_redirect_url',
  'cust_email',
  'cust_name',
  'cust_id',
  'cust_mobile_no',
  'pay_item_name',
  'display_mode',
  'access_token',
  'access_token_type',
  'lang',
];

/**
 * A pay request the checkout refuses (Z5, or the API's code): the Incorrect Transaction page, nothing charged. The
 * merchant is told why (`refusal`, CONTRACT §6); the payer's screen keeps the spec's wording.
 */
export function refusedPage(
  ctx: ServerContext,
  c: Ctx,
  status: number,
  fields: Record<string, string>,
  refusal: Refusal,
  code = 'Z5',
): Promise<Response> {
  // Refused before the API was asked (a field, or a request that cannot be read); the API's refusals are counted by startPayment.
  ctx.metrics.payment('invalid');
  const parsed = parsePayRequest(fields, ctx.requestFields);
  return paymentPage(ctx, c, {
    status,
    props: refusedProps(parsed.ok ? parsed.request : parsed.partial, code),
    locale: pickLocale(fields.lang, c.req.header('accept-language')),
    path: METHODS_PATH,
    referrer: referrerOf(c),
    refusal,
  });
}

/** POST /pay (a merchant's form) or GET /pay (a link): CONTRACT §2; the same at /collections/w/pay (§6). */
async function pay(ctx: ServerContext, c: Ctx, fields: Record<string, string>): Promise<Response> {
  const locale = pickLocale(fields.lang, c.req.header('accept-language'));
  const referrer = referrerOf(c);
  const parsed = parsePayRequest(fields, ctx.requestFields);
  if (!parsed.ok) return refusedPage(ctx, c, 400, fields, refusalOfIssues(parsed.issues));
  const r = parsed.request;
  let started: Started;
  try {
    started = await startPayment(ctx, r, referrer);
  } catch (e) {
    // The session could not be kept (the store is away): as temporary as an unreachable API, and answered alike.
    if (!isStoreFailure(e)) throw e;
    ctx.log(JSON.stringify({ event: 'store-unavailable', path: '/pay', error: e.message }));
    started = { kind: 'unreachable', message: e.message };
  }
  switch (started.kind) {
    case 'unreachable': {
      // Not the payer's mistake: say so, and let them send the same request again (same txn_ref, same payment).
      const retryFields = [...PAY_FIELDS, HASH_FIELD, ...ctx.requestFields];
      const retry = Object.fromEntries(retryFields.filter((k) => fields[k]).map((k) => [k, fields[k].trim()]));
      const styles = outsideStyles(ctx);
      return outsidePage(
        ctx,
        c,
        503,
        renderUnreachablePage({ locale, ...styles, fields: retry }),
        { displayMode: r.display_mode, siteOrigin: r.site_origin },
        styles,
      );
    }
    // 409: the request conflicts with the payment's state (paid). No session: nothing to leave, cancel or retry.
    case 'paid':
      return paymentPage(ctx, c, { status: 409, props: started.props, locale, path: METHODS_PATH, referrer });
    case 'refused': {
      const refusal = refusalOfApi(started.code, started.description);
      return paymentPage(ctx, c, { status: 400, props: refusedProps(r, started.code), locale, path: METHODS_PATH, referrer, refusal });
    }
    case 'opened':
      return firstPage(ctx, c, started.session, started.props, locale, referrer);
  }
}

/** POST and GET on each of PAY_PATHS: registered before the embedded API, whose /collections/ prefix they share. */
export function payRoute(app: App, ctx: ServerContext): void {
  for (const path of PAY_PATHS) {
    app.post(path, async (c) => pay(ctx, c, textFields(await readBody(c.req.raw, { accept: ['form'], strict: true }))));
    app.get(path, (c) => pay(ctx, c, c.req.query()));
  }
}
