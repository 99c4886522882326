import type { OutsideSource } from '@oja/core';
import type { ProviderAttempt, SandboxAnswer, SandboxContext, SandboxPart, SandboxPayment, SandboxRequest } from '@oja/core/sandbox';
import {
  attemptRoute,
  badRequest,
  openProviderPage,
  providerInitProblem,
  providerPageRoutes,
  providerStatus,
  sandboxRecord,
  UNKNOWN_PAYMENT,
} from '@oja/core/sandbox';
import palmpay from './index';
import { INITIALIZE_PATH, PALMPAY_PAGE_SOURCE, PAY_WINDOW_MS, STATUS_PATH } from './constants';

/** PalmPay as the sandbox plays it: its page on the second origin, open for the payer's 5-minute window. */
const wallet = { records: sandboxRecord<ProviderAttempt>(palmpay.id), name: 'PalmPay', path: '/palmpay/pay', validityMs: PAY_WINDOW_MS };

/** POST /api/v1/palmpay/initialize: PalmPay's page and its reference for this attempt. */
function initialize(p: SandboxPayment, req: SandboxRequest, ctx: SandboxContext): SandboxAnswer {
  const problem = providerInitProblem(p, req.body);
  if (problem) return badRequest(problem);
  const { record, url } = openProviderPage(wallet, p, ctx, (generation, issuedAt) => ({ generation, issuedAt }));
  return { body: { responseCode: '00', redirectUrl: url, transactionReference: `PP${p.paymentId}${record.generation}` } };
}

/** POST /api/v1/palmpay/status: 09 until settled (the page, simulate), 00, or 01 once declined or expired. */
async function status(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  if (typeof req.body.merchantCode !== 'string' || typeof req.body.reference !== 'string')
    return badRequest('reference and merchantCode are required');
  const p = await ctx.payment({ merchantCode: req.body.merchantCode, txnRef: req.body.reference });
  if (!p) return UNKNOWN_PAYMENT;
  const r = wallet.records.get(p);
  if (!r) return { body: { responseCode: '25', responseDescription: 'No PalmPay payment for this reference' } };
  return { body: providerStatus(wallet, p, r, ctx.now()) };
}

/** The PalmPay endpoints of the sandbox collections API (companion §7), and PalmPay's page on the second origin. */
export const sandbox: SandboxPart = {
  routes: [attemptRoute(INITIALIZE_PATH, initialize), { method: 'POST', path: STATUS_PATH, handler: status }],
  outsideRoutes: providerPageRoutes(wallet),
};

/** The page's origin, allowed (frame-src) only on the pages of payments that can use this wallet. */
const sources: OutsideSource[] = [
  { key: PALMPAY_PAGE_SOURCE, directives: ['frame'], why: "PalmPay's payment page, framed while the payer approves a PalmPay payment" },
];

/** PalmPay as the server runs it: its sandbox part and PalmPay's page as an outside source of its payments' pages. */
export default {
  ...palmpay,
  sandbox,
  sources,
};
