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
import opay from './index';
import { INITIALIZE_PATH, OPAY_PAGE_SOURCE, STATUS_PATH } from './constants';

/** OPay as the sandbox plays it: its page on the second origin, open 30 minutes from initialise. */
const wallet = { records: sandboxRecord<ProviderAttempt>(opay.id), name: 'OPay', path: '/opay/pay', validityMs: 30 * 60_000 };

/** POST /api/v1/opay/initialize: OPay's page for this attempt (a new attempt after a settled one). */
function initialize(p: SandboxPayment, req: SandboxRequest, ctx: SandboxContext): SandboxAnswer {
  const problem = providerInitProblem(p, req.body);
  if (problem) return badRequest(problem);
  const { url } = openProviderPage(wallet, p, ctx, (generation, issuedAt) => ({ generation, issuedAt }));
  return { body: { responseCode: '00', responseDescription: 'Initialized', redirectUrl: url } };
}

/** POST /api/v1/opay/status: 09 until settled (the page, simulate), 00, or 01 once declined or expired. */
async function status(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  if (typeof req.body.merchantCode !== 'string' || typeof req.body.reference !== 'string')
    return badRequest('merchantCode and reference are required');
  const p = await ctx.payment({ merchantCode: req.body.merchantCode, txnRef: req.body.reference });
  if (!p) return UNKNOWN_PAYMENT;
  const r = wallet.records.get(p);
  if (!r) return { body: { responseCode: '25', responseDescription: 'No OPay payment for this reference' } };
  return { body: providerStatus(wallet, p, r, ctx.now()) };
}

/** The OPay endpoints of the sandbox collections API (companion §7), and OPay's page on the second origin. */
export const sandbox: SandboxPart = {
  routes: [attemptRoute(INITIALIZE_PATH, initialize), { method: 'POST', path: STATUS_PATH, handler: status }],
  outsideRoutes: providerPageRoutes(wallet),
};

/** The page's origin, allowed (frame-src) only on the pages of payments that can use this wallet. */
const sources: OutsideSource[] = [
  { key: OPAY_PAGE_SOURCE, directives: ['frame'], why: "OPay's payment page, framed while the payer approves an OPay payment" },
];

/** OPay as the server runs it: its sandbox part and OPay's page as an outside source of its payments' pages. */
export default {
  ...opay,
  sandbox,
  sources,
};
