import type { Locale, PageEnv, PaymentProps, TransactionResponse } from '@oja/core';
import { localeFromAcceptLanguage, pickLocale, Visits } from '@oja/core';
import type { Ctx, ServerContext } from './context';
import { pageHeaders } from './page/headers';
import { renderPage } from './page/render';
import { renderSessionGonePage, renderUnavailablePage } from './page/renderOutside';
import type { OutsideStyles } from './page/renderOutside';
import type { PayRequest } from '@oja/core';
import { planPage } from './plan';
import type { PlannedPage } from './plan';
import { refusalComment, refusalHeaders } from './refusal';
import type { Refusal } from './refusal';
import { compressed } from './respond';
import { passedGates } from './sessions';
import type { SessionRecord } from './sessions';

/** How long the server waits for a channel's first-screen data before rendering without it, ms. */
export const PREFETCH_TIMEOUT_MS = 3_000;

/** Props for the Incorrect Transaction screen, from whatever the merchant sent that is usable. */
export function refusedProps(partial: Partial<PayRequest>, code: string, merchantName = ''): PaymentProps {
  return {
    merchantCode: partial.merchant_code ?? '',
    paymentId: '',
    payableCode: partial.pay_item_id ?? '',
    merchantTransactionReference: partial.txn_ref ?? '',
    amount: 0,
    checkoutAmount: 0,
    surcharge: 0,
    // A refused request's currency is kept only when it is well-formed (parsePayRequest).
    currencyCode: partial.currency || '566',
    countryCode: 'NG',
    passFeeToCustomer: false,
    merchantName,
    siteRedirectUrl: partial.site_origin ? (partial.site_redirect_url ?? '') : '',
    siteOrigin: partial.site_origin ?? '',
    displayMode: partial.display_mode ?? 'REDIRECT',
    responseCode: code,
    acquiredBy: '',
    paymentChannels: [],
    nonCardOptions: [],
  };
}

/** The page's environment: where it runs, its session, and what its plan lets it carry. */
function envFor(ctx: ServerContext, c: Ctx, locale: Locale, session: string, pageId: string | undefined, planned: PlannedPage): PageEnv {
  const { security } = planned;
  return {
    session,
    locale,
    browserLocale: localeFromAcceptLanguage(c.req.header('accept-language')),
    sandbox: !!ctx.embedded,
    apiBase: ctx.apiBase ?? '',
    pageId,
    // The channels the page may use: the settings of those alone (none of another channel's client ids).
    channelSettings: Object.fromEntries(Object.entries(ctx.channelSettings).filter(([id]) => security.channels.includes(id))),
    // The plan's security is shared by every page of its kind (pageSecurity): the page's state gets copies of its own.
    sources: { ...security.env.sources },
    integrity: { ...security.env.integrity },
    screenCss: { ...security.env.screenCss },
  };
}

/** What a payment page is drawn for: the payment, its session if any, and where the payer asked to be. */
export interface PaymentPageInput {
  status: number;
  props: PaymentProps;
  /** The served session (its fresh page id), or none (Incorrect Transaction, already paid). */
  session?: { token: string; record: SessionRecord };
  locale: Locale;
  /** The path asked for; without it, the route the payment opens on. */
  path?: string;
  referrer?: string;
  /** Why the pay request was refused (Incorrect Transaction): in the headers and a comment, for the merchant. */
  refusal?: Refusal;
  /** The payment's result, when the page opens on one (PageData.result): no channel screen is drawn. */
  result?: TransactionResponse;
}

/** A payment's page: planned once, its first screen prefetched and rendered, sent with its policy. */
export async function paymentPage(ctx: ServerContext, c: Ctx, input: PaymentPageInput): Promise<Response> {
  const { status, props, session, locale, path, referrer, refusal, result } = input;
  const token = session?.token ?? '';
  // An agreement gate (escrow) counts as passed only with the agreement the server recorded.
  const gates = session ? passedGates(session.record, (id) => ctx.registry.gate(id)) : {};
  const planned = planPage(ctx, props, { session: token, passed: gates, path });
  const { plan, security } = planned;
  const prefetched: Record<string, unknown> = {};
  const plugin = plan.route.channel ? ctx.registry.channel(plan.route.channel) : undefined;
  if (plugin?.prefetch && props.responseCode === '00' && !result) {
    try {
      prefetched[plugin.id] = await plugin.prefetch({ props, http: ctx.api, signal: AbortSignal.timeout(PREFETCH_TIMEOUT_MS), visits: new Visits() });
    } catch {
      // The screen fetches for itself.
    }
  }
  const styleHashes: string[] = [];
  // The import map's hash, then the render's own inline script's.
  const scriptHashes = [...(security.policy.scriptHashes ?? [])];
  const html = await renderPage({
    styleHashes,
    scriptHashes,
    prefetched,
    registry: ctx.registry,
    props,
    env: envFor(ctx, c, locale, token, session?.record.pageId, planned),
    plan,
    gates,
    result,
    referrer,
    assets: ctx.manifest,
    importMap: security.importMap,
  });
  const headers = pageHeaders({
    displayMode: props.displayMode,
    siteOrigin: props.siteOrigin,
    apiOrigin: ctx.apiOrigin,
    ...security.policy,
    scriptHashes,
    styleHashes,
  });
  if (!refusal) return compressed(c.req.raw, status, { ...headers, vary: 'Accept-Language' }, html);
  // The body's first node: a comment, never shown, outside the root the shell hydrates.
  const marked = html.replace('<body>', `<body>${refusalComment(refusal)}`);
  return compressed(c.req.raw, status, { ...headers, ...refusalHeaders(refusal), vary: 'Accept-Language' }, marked);
}

/** The shell's stylesheets of a document outside a payment: inline, their hashes collected for its style-src. */
export function outsideStyles(ctx: Pick<ServerContext, 'manifest'>): OutsideStyles & { styleHashes: string[] } {
  const { manifest } = ctx;
  return { css: manifest.css, integrity: manifest.integrity, inlineCss: manifest.inlineCss, styleHashes: [] };
}

/**
 * A page outside a payment: the strict CSP, never stored, in the browser's (or asked) language; no script but a
 * page plugin's screen's. Its inline script and styles are allowed by their hashes.
 */
export function outsidePage(
  ctx: Pick<ServerContext, 'apiOrigin'>,
  c: Ctx,
  status: number,
  html: string,
  framing: { displayMode: PaymentProps['displayMode']; siteOrigin: string } = { displayMode: 'REDIRECT', siteOrigin: '' },
  { scriptHashes, styleHashes }: { scriptHashes?: string[]; styleHashes?: string[] } = {},
): Response {
  return compressed(
    c.req.raw,
    status,
    { ...pageHeaders({ ...framing, apiOrigin: ctx.apiOrigin, scriptHashes, styleHashes }), vary: 'Accept-Language' },
    html,
  );
}

/** The payer's session could not be read or written (the store is away): 503, nothing charged, the place kept. */
export function unavailablePage(ctx: ServerContext, c: Ctx): Response {
  const locale = pickLocale(c.req.query('lang'), c.req.header('accept-language'));
  const url = new URL(c.req.url);
  const retryPath = c.req.method === 'GET' ? `${url.pathname}${url.search}` : '/';
  const styles = outsideStyles(ctx);
  return outsidePage(ctx, c, 503, renderUnavailablePage({ locale, ...styles, retryPath }), undefined, styles);
}

/**
 * A payment page whose session the checkout no longer has (404): said in the payer's terms, with the way back to
 * the shop when the browser names a page that is not this checkout's.
 */
export function sessionGonePage(ctx: ServerContext, c: Ctx, locale: Locale): Response {
  const from = referrerOf(c);
  const back = from && new URL(from).origin !== new URL(c.req.url).origin ? from : undefined;
  const styles = outsideStyles(ctx);
  return outsidePage(ctx, c, 404, renderSessionGonePage({ locale, ...styles, back }), undefined, styles);
}

/** Where the payer came from (the merchant's page), when the browser says and it is a web address. */
export function referrerOf(c: Ctx): string | undefined {
  const r = c.req.header('referer');
  if (!r) return undefined;
  try {
    const u = new URL(r);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}
