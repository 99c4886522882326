import { escapeHtml, isPaid } from './sandbox';
import type { SandboxAnswer, SandboxContext, SandboxPayment, SandboxRoute } from './types';

/** A wallet provider's payment page as the sandbox serves it on its second origin (CONTRACT §5). */
export interface ProviderPageOptions {
  /** The page's path on the second origin: '/opay/pay'. */
  path: string;
  /** The provider's name as the page shows it: 'OPay'. */
  name: string;
  /** The page a payment's current attempt was given (its ref), or undefined when it has none open. */
  currentRef(p: SandboxPayment): string | undefined;
}

/** The page's ref: the payment and its attempt, so that a page of an earlier attempt settles nothing. */
export const providerPageRef = (p: SandboxPayment, generation: number): string => `${p.paymentId}.${generation}`;

function html(name: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(name)} — Oja Sandbox</title></head>
<body><main>
${body}
</main></body>
</html>
`;
}

/** An INLINE checkout is framed by the merchant's page, itself an ancestor of the provider's frame. */
const framers = (p: SandboxPayment): string[] =>
  p.props.displayMode === 'INLINE' && typeof p.props.siteOrigin === 'string' ? [p.props.siteOrigin] : [];

/**
 * The provider's page with Approve and Decline (GET), and their answer (POST: the payment settled success or
 * failed, as POST /sandbox/simulate settles it). A paid payment stays paid; a settled or unknown page says so.
 */
export function providerPageRoutes(o: ProviderPageOptions): SandboxRoute[] {
  const find = async (ref: unknown, ctx: SandboxContext) => {
    if (typeof ref !== 'string' || !/^\d+\.\d+$/.test(ref)) return undefined;
    const p = await ctx.payment({ paymentId: ref.split('.')[0] });
    return p && o.currentRef(p) === ref ? p : undefined;
  };
  const unknown: SandboxAnswer = {
    status: 404,
    html: html(o.name, `<h1>${escapeHtml(o.name)}</h1>\n<p>This payment is unknown or no longer open. Return to the checkout.</p>`),
  };
  const settled = (p: SandboxPayment): SandboxAnswer => ({
    html: html(
      o.name,
      `<h1>${escapeHtml(o.name)}</h1>\n<p>${isPaid(p) ? 'Payment approved.' : 'Payment declined.'} The checkout moves on by itself.</p>`,
    ),
    frameAncestors: framers(p),
  });
  return [
    {
      method: 'GET',
      path: o.path,
      handler: async (req, ctx) => {
        const ref = req.query.get('ref');
        const p = await find(ref, ctx);
        if (!p) return unknown;
        if (p.outcome) return settled(p);
        const amount = escapeHtml(`${p.props.currencyCode} ${(Number(p.props.checkoutAmount) / 100).toFixed(2)}`);
        const button = (decision: string, label: string) =>
          `<form method="post" action="${escapeHtml(o.path)}"><input type="hidden" name="ref" value="${escapeHtml(String(ref))}"><button type="submit" name="decision" value="${decision}">${label}</button></form>`;
        return {
          html: html(
            o.name,
            `<h1>${escapeHtml(o.name)}</h1>\n<p>Approve the payment of ${amount} to ${escapeHtml(String(p.props.merchantName))} from your ${escapeHtml(o.name)} wallet.</p>\n${button('approve', 'Approve')}\n${button('decline', 'Decline')}`,
          ),
          frameAncestors: framers(p),
        };
      },
    },
    {
      method: 'POST',
      path: o.path,
      handler: async (req, ctx) => {
        const p = await find(req.body.ref, ctx);
        if (!p) return unknown;
        if (!p.outcome) p.outcome = { value: req.body.decision === 'approve' ? 'success' : 'failed', at: ctx.now() };
        return settled(p);
      },
    },
  ];
}
