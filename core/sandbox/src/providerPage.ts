import { badRequest, escapeHtml, isPaid, settledStatus, UNKNOWN_PAYMENT } from './sandbox';
import { formatAmount } from '@oja/core';
import { currentAttempt } from './channelParts';
import type { AttemptRecord } from './channelParts';
import { testPage } from './testPage';
import type { SandboxAnswer, SandboxContext, SandboxPayment, SandboxRecord, SandboxRoute } from '@oja/core';

/** The code a declined or expired provider payment answers (companion §4: "01 completes empty and stops"). */
export const CODE_PROVIDER_STOPPED = '01';

/** One attempt at a wallet paid on the provider's own page: when the page was issued. */
export interface ProviderAttempt extends AttemptRecord {
  issuedAt: number;
}

/**
 * A wallet whose payer approves on the provider's page (OPay, eNaira, PalmPay), as the sandbox plays it: the page on
 * the second origin (CONTRACT §5) with Approve and Decline, settled also by POST /sandbox/simulate or by its
 * validity running out.
 */
export interface ProviderWallet<R extends ProviderAttempt> {
  records: SandboxRecord<R>;
  /** The provider's name as its page shows it: 'OPay'. */
  name: string;
  /** The accent of the provider's page (`#rrggbb`, dark enough for white text): the provider's colour. */
  accent: string;
  /** The page's path on the second origin: '/opay/pay'. */
  path: string;
  /** How long an attempt stays open after its page was issued, ms. */
  validityMs: number;
}

/**
 * Why a provider wallet's initialise body (companion §7: merchantCode, payableCode, transactionReference, paymentId,
 * currencyCode, the same for OPay, eNaira and PalmPay) is not one the API takes, or null.
 */
export function providerInitProblem(p: SandboxPayment, b: Record<string, unknown>): string | null {
  if (b.merchantCode !== p.merchantCode || b.transactionReference !== p.txnRef || String(b.paymentId) !== p.paymentId)
    return "merchantCode, transactionReference and paymentId must be the payment's";
  if (typeof b.payableCode !== 'string' || !b.payableCode) return 'payableCode is required';
  return String(b.currencyCode) === String(p.props.currencyCode) ? null : "currencyCode must be the payment's";
}

/** The page's ref: the payment and its attempt, so that a page of an earlier attempt settles nothing. */
const pageRef = (p: SandboxPayment, generation: number): string => `${p.paymentId}.${generation}`;

/** Starts (or continues) the payment's attempt and gives the URL of its page on the second origin. */
export function openProviderPage<R extends ProviderAttempt>(
  w: ProviderWallet<R>,
  p: SandboxPayment,
  ctx: SandboxContext,
  fresh: (generation: number, issuedAt: number) => R,
): { record: R; url: string } {
  const record = currentAttempt(w.records, p, (generation) => fresh(generation, ctx.now()));
  return { record, url: ctx.outsideUrl(`${w.path}?ref=${pageRef(p, record.generation)}`) };
}

/** The status of the payment's attempt: 00 with the result's fields, 09 while open, 01 once declined or expired. */
export function providerStatus<R extends ProviderAttempt>(w: ProviderWallet<R>, p: SandboxPayment, r: R, now: number): Record<string, unknown> {
  const answer = settledStatus(p, {
    expired: now > r.issuedAt + w.validityMs,
    failedCode: CODE_PROVIDER_STOPPED,
    references: { paymentReference: `OJA|${w.name.toUpperCase()}|${p.paymentId}`, retrievalReferenceNumber: `RR${p.paymentId}${r.generation}` },
    describe: { failed: `Declined in ${w.name}`, expired: `${w.name} payment expired`, pending: `Awaiting approval in ${w.name}` },
  });
  return answer.responseCode === 'XS1' ? { ...answer, responseCode: CODE_PROVIDER_STOPPED } : answer;
}

/**
 * POST <path> with `{ merchantCode, reference }` (OPay's and PalmPay's status, companion §7): the status of the
 * payment's attempt (providerStatus), or 25 when the payment has none.
 */
export function providerStatusRoute<R extends ProviderAttempt>(w: ProviderWallet<R>, path: string): SandboxRoute {
  return {
    method: 'POST',
    path,
    handler: async (req, ctx) => {
      const { merchantCode, reference } = req.body;
      if (typeof merchantCode !== 'string' || typeof reference !== 'string') return badRequest('merchantCode and reference are required');
      const p = await ctx.payment({ merchantCode, txnRef: reference });
      if (!p) return UNKNOWN_PAYMENT;
      const r = w.records.get(p);
      if (!r) return { body: { responseCode: '25', responseDescription: `No ${w.name} payment for this reference` } };
      return { body: providerStatus(w, p, r, ctx.now()) };
    },
  };
}

/** An INLINE checkout is framed by the merchant's page, itself an ancestor of the provider's frame. */
const framers = (p: SandboxPayment): string[] =>
  p.props.displayMode === 'INLINE' && typeof p.props.siteOrigin === 'string' ? [p.props.siteOrigin] : [];

/**
 * The provider's page with Approve and Decline (GET), and their answer (POST: the payment settled success or
 * failed, as POST /sandbox/simulate settles it). A paid payment stays paid; a settled or unknown page says so.
 */
export function providerPageRoutes<R extends ProviderAttempt>(w: ProviderWallet<R>): SandboxRoute[] {
  const find = async (ref: unknown, ctx: SandboxContext) => {
    if (typeof ref !== 'string' || !/^\d+\.\d+$/.test(ref)) return undefined;
    const p = await ctx.payment({ paymentId: ref.split('.')[0] });
    const r = p && w.records.get(p);
    return p && r && pageRef(p, r.generation) === ref ? p : undefined;
  };
  const name = escapeHtml(w.name);
  const page = (body: string) => testPage(w, `${w.name} — Oja Sandbox`, `<h1>${name}</h1>\n${body}`);
  const unknown: SandboxAnswer = { status: 404, ...page('<p>This payment is unknown or no longer open. Return to the checkout.</p>') };
  const settled = (p: SandboxPayment): SandboxAnswer => ({
    ...page(`<p role="status">${isPaid(p) ? 'Payment approved.' : 'Payment declined.'} The checkout moves on by itself.</p>`),
    frameAncestors: framers(p),
  });
  return [
    {
      method: 'GET',
      path: w.path,
      handler: async (req, ctx) => {
        const ref = String(req.query.get('ref'));
        const p = await find(ref, ctx);
        if (!p) return unknown;
        if (p.outcome) return settled(p);
        const amount = escapeHtml(formatAmount(Number(p.props.checkoutAmount) || 0, String(p.props.currencyCode ?? '')));
        const button = (decision: string, label: string, kind: string) =>
          `<form method="post" action="${escapeHtml(w.path)}"><input type="hidden" name="ref" value="${escapeHtml(ref)}"><button class="${kind}" type="submit" name="decision" value="${decision}">${label}</button></form>`;
        const merchant = escapeHtml(String(p.props.merchantName));
        return {
          ...page(
            `<p>Approve the payment of <strong class="amount">${amount}</strong> to <strong>${merchant}</strong> from your ${name} wallet.</p>\n<div class="actions">\n${button('approve', 'Approve', 'primary')}\n${button('decline', 'Decline', 'secondary')}\n</div>`,
          ),
          frameAncestors: framers(p),
        };
      },
    },
    {
      method: 'POST',
      path: w.path,
      handler: async (req, ctx) => {
        const p = await find(req.body.ref, ctx);
        if (!p) return unknown;
        if (!p.outcome) p.outcome = { value: req.body.decision === 'approve' ? 'success' : 'failed', at: ctx.now() };
        return settled(p);
      },
    },
  ];
}
