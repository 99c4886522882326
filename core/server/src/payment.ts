import type { HttpError, Locale, PagePlugin, PaymentOpening, PaymentProps, PayRequest } from '@oja/core';
import { CODE_ALREADY_PAID, isAlreadyPaid, parsePayRequest, readPaymentProps } from '@oja/core';
import { backoffDelay } from '@oja/core/primitives';
import { isStoreFailure } from '@oja/store';
import type { Ctx, ServerContext } from './context';
import { isTemporary } from './context';
import { paymentPage, referrerOf, refusedProps } from './respondPage';
import type { SessionRecord } from './sessions';

/** Tries of the pay-page call when the collections API cannot be reached (5xx, network, timeout, not JSON). */
export const PAY_PAGE_ATTEMPTS = 3;
/** Longest one pay-page try may take, ms. */
export const PAY_PAGE_TIMEOUT_MS = 4_000;
/** Wait before the second try, ms; doubled for each further one, with up to 50% jitter (core's backoffDelay). */
export const PAY_PAGE_BACKOFF_MS = 250;
/** The payer is waiting: every try and wait of one pay request together stop after this, ms. */
export const PAY_PAGE_BUDGET_MS = 8_000;

/** What starting a payment came to (the pay-page call, beside the "already paid" requery). */
export type Started =
  | { kind: 'opened'; session: string; props: PaymentProps }
  | { kind: 'paid'; props: PaymentProps }
  | { kind: 'refused'; code: string; description: string }
  | { kind: 'unreachable'; message: string };

/** The pay-page call could not get a usable answer (5xx, network error, timeout, not JSON, not a payment) after every try. */
class ApiUnreachable extends Error {}

/**
 * The pay-page call, tried again on a temporary failure with backoff and jitter, all within PAY_PAGE_BUDGET_MS.
 * The API's own answer (HTTP 2xx or 4xx with JSON) is returned as it is, refusal or not.
 */
async function payPage(ctx: ServerContext, r: PayRequest): Promise<Record<string, unknown>> {
  // An INLINE or POPUP request opened through the SDK may have no return URL (CONTRACT §6); the collections API
  // wants one, so it gets the opener's origin, where the checkout's messages go (it never posts a form there).
  const site_redirect_url = r.site_redirect_url || `${r.site_origin}/`;
  const body = { ...r.sandbox, ...r, site_redirect_url, sandbox: undefined, amount: String(r.amount) };
  const deadline = Date.now() + PAY_PAGE_BUDGET_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.api.post('/api/v1/pay-page', body, { timeoutMs: Math.max(1, Math.min(PAY_PAGE_TIMEOUT_MS, deadline - Date.now())) });
    } catch (e) {
      if (!isTemporary(e)) {
        const answer = (e as HttpError).body;
        return answer && typeof answer === 'object' ? (answer as Record<string, unknown>) : { responseCode: 'Z1' };
      }
      const wait = backoffDelay(ctx.payPageBackoffMs ?? PAY_PAGE_BACKOFF_MS, attempt);
      if (attempt >= PAY_PAGE_ATTEMPTS || Date.now() + wait >= deadline) throw new ApiUnreachable(`pay-page: ${(e as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** The pay-page answer of an opened payment, read at the seam; one the checkout cannot use is the API's failure. */
function answeredProps(answer: Record<string, unknown>): PaymentProps {
  const read = readPaymentProps(answer);
  if (!read.ok) throw new ApiUnreachable(`pay-page answered a payment the checkout cannot read (${read.problems.join('; ')})`);
  return read.props;
}

/**
 * Starts a payment: the pay-page call and, beside it, the "already paid" requery (CONTRACT §5, works with a real
 * API too). On 00 the payment's session is created, with what the page that opened it keeps, if any.
 */
export async function startPayment(
  ctx: ServerContext,
  r: PayRequest,
  referrer: string | undefined,
  opener?: SessionRecord['page'],
): Promise<Started> {
  try {
    const started = await start(ctx, r, referrer, opener);
    ctx.metrics.payment(started.kind);
    return started;
  } catch (e) {
    // The store away: the callers answer it as temporary, as an unreachable API.
    if (isStoreFailure(e)) ctx.metrics.payment('unreachable');
    throw e;
  }
}

async function start(ctx: ServerContext, r: PayRequest, referrer: string | undefined, opener?: SessionRecord['page']): Promise<Started> {
  const paid = isAlreadyPaid(ctx.api, r);
  const chosen = { displayMode: r.display_mode, siteRedirectUrl: r.site_redirect_url, siteOrigin: r.site_origin };
  let answer: Record<string, unknown>;
  let props: PaymentProps | undefined;
  try {
    answer = await payPage(ctx, r);
    if (answer.responseCode === '00') props = { ...answeredProps(answer), ...chosen };
  } catch (e) {
    await paid.catch(() => false);
    if (!(e instanceof ApiUnreachable)) throw e;
    console.warn(`pay-page ${r.merchant_code}/${r.txn_ref}: ${e.message}; answered 503`);
    return { kind: 'unreachable', message: e.message };
  }
  if (await paid) return { kind: 'paid', props: { ...(props ?? refusedProps(r, CODE_ALREADY_PAID)), ...chosen, responseCode: CODE_ALREADY_PAID } };
  if (!props) return { kind: 'refused', code: String(answer.responseCode ?? 'Z1'), description: String(answer.responseDescription ?? '') };
  const session = await ctx.sessions.open({ props, referrer, page: opener });
  return { kind: 'opened', session, props };
}

/** Serves a new session's first page (its page id written first, as every page served is), on its opening route. */
export async function firstPage(
  ctx: ServerContext,
  c: Ctx,
  token: string,
  props: PaymentProps,
  locale: Locale,
  referrer?: string,
): Promise<Response> {
  // Not opened yet: a request that never comes back keeps the short expiry (UNOPENED_SESSION_TTL_MS).
  const record = await ctx.sessions.served(token, { first: true });
  return paymentPage(ctx, c, { status: 200, props, session: record && { token, record }, locale, referrer });
}

/** PageContext.openPayment: POST /pay's way, with the page's state kept in the session, and nothing rendered. */
export async function openPayment(
  ctx: ServerContext,
  c: Ctx,
  plugin: PagePlugin,
  fields: Record<string, string>,
  state: unknown,
): Promise<PaymentOpening> {
  const parsed = parsePayRequest(fields, ctx.requestFields);
  if (!parsed.ok) {
    ctx.metrics.payment('invalid');
    return { opened: false, reason: 'invalid', responseCode: 'Z5', responseDescription: parsed.errors.join('; ') };
  }
  const started = await startPayment(ctx, parsed.request, referrerOf(c), { id: plugin.id, state });
  switch (started.kind) {
    case 'opened':
      return { opened: true, session: started.session };
    case 'paid':
      return { opened: false, reason: 'paid', responseCode: CODE_ALREADY_PAID, responseDescription: '' };
    case 'refused':
      return { opened: false, reason: 'refused', responseCode: started.code, responseDescription: started.description };
    case 'unreachable':
      return { opened: false, reason: 'unreachable', responseCode: '', responseDescription: started.message };
  }
}
