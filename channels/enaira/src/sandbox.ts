import type { OutsideSource } from '@oja/core';
import type { ProviderAttempt, SandboxAnswer, SandboxContext, SandboxPart, SandboxPayment, SandboxRequest } from '@oja/sandbox';
import {
  attemptRoute,
  badRequest,
  openProviderPage,
  providerInitProblem,
  providerPageRoutes,
  providerStatus,
  sandboxRecord,
  UNKNOWN_PAYMENT,
} from '@oja/sandbox';
import enaira from './index';
import { CONFIRM_PATH, ENAIRA_PAGE_SOURCE, INIT_PATH, STATUS_PATH } from './constants';

/** One attempt's eNaira invoice: whether it was confirmed. */
interface EnairaAttempt extends ProviderAttempt {
  confirmed: boolean;
}

/** eNaira as the sandbox plays it: its page on the second origin, open 30 minutes from init. */
const wallet = { records: sandboxRecord<EnairaAttempt>(enaira.id), name: 'eNaira', accent: '#1a5e3a', path: '/enaira/pay', validityMs: 30 * 60_000 };

/** The invoice id: the payment and its attempt, so the guid alone finds the payment. */
const invoiceOf = (p: SandboxPayment, generation: number) => `ENR-${p.paymentId}-${generation}`;

/** The payment and attempt an invoice id names, when it is the payment's current invoice. */
async function byGuid(guid: unknown, ctx: SandboxContext) {
  const m = typeof guid === 'string' ? /^ENR-(\d+)-(\d+)$/.exec(guid) : null;
  const p = m ? await ctx.payment({ paymentId: m[1] }) : undefined;
  const r = p && wallet.records.get(p);
  return p && r && invoiceOf(p, r.generation) === guid ? { p, r } : undefined;
}

/** POST /api/v1/enaira-wallet/init: the eNaira page and its invoice for this attempt. */
function init(p: SandboxPayment, req: SandboxRequest, ctx: SandboxContext): SandboxAnswer {
  const problem = providerInitProblem(p, req.body);
  if (problem) return badRequest(problem);
  const { record, url } = openProviderPage(wallet, p, ctx, (generation, issuedAt) => ({ generation, issuedAt, confirmed: false }));
  return { body: { responseCode: '00', url, invoiceId: invoiceOf(p, record.generation) } };
}

/** POST /api/v1/enaira-wallet/confirm: the invoice confirmed by its guid. */
async function confirmInvoice(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  const found = await byGuid(req.body.guid, ctx);
  if (!found) return UNKNOWN_PAYMENT;
  found.r.confirmed = true;
  return { body: { responseCode: '00', responseDescription: 'Invoice confirmed' } };
}

/** GET /api/v1/enaira-wallet/check-status?guid=: 09 until settled, 00, or 01 once declined or expired. */
async function status(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  const found = await byGuid(req.query.get('guid'), ctx);
  if (!found) return UNKNOWN_PAYMENT;
  if (!found.r.confirmed) return badRequest('the invoice was never confirmed');
  return { body: providerStatus(wallet, found.p, found.r, ctx.now()) };
}

/** The eNaira endpoints of the sandbox collections API (companion §7), and the eNaira page on the second origin. */
export const sandbox: SandboxPart = {
  routes: [
    attemptRoute(INIT_PATH, init),
    { method: 'POST', path: CONFIRM_PATH, handler: confirmInvoice },
    { method: 'GET', path: STATUS_PATH, handler: status },
  ],
  outsideRoutes: providerPageRoutes(wallet),
};

/** The page's origin, allowed (frame-src) only on the pages of payments that can use this wallet. */
const sources: OutsideSource[] = [
  { key: ENAIRA_PAGE_SOURCE, directives: ['frame'], why: 'The eNaira payment page, framed while the payer approves an eNaira payment' },
];

/** eNaira as the server runs it: its sandbox part and the eNaira page as an outside source of its payments' pages. */
export default {
  ...enaira,
  sandbox,
  sources,
};
