import type { OutsideSource } from '@oja/core';
import type { ProviderAttempt, SandboxAnswer, SandboxContext, SandboxPart, SandboxPayment, SandboxRequest } from '@oja/sandbox';
import {
  attemptRoute,
  badRequest,
  openProviderPage,
  providerInitProblem,
  providerPageRoutes,
  providerStatusRoute,
  sandboxRecord,
} from '@oja/sandbox';
import opay from './index';
import { INITIALIZE_PATH, OPAY_PAGE_SOURCE, STATUS_PATH } from './constants';

/** OPay as the sandbox plays it: its page on the second origin, open 30 minutes from initialise. */
const wallet = { records: sandboxRecord<ProviderAttempt>(opay.id), name: 'OPay', accent: '#0b7a53', path: '/opay/pay', validityMs: 30 * 60_000 };

/** POST /api/v1/opay/initialize: OPay's page for this attempt (a new attempt after a settled one). */
function initialize(p: SandboxPayment, req: SandboxRequest, ctx: SandboxContext): SandboxAnswer {
  const problem = providerInitProblem(p, req.body);
  if (problem) return badRequest(problem);
  const { url } = openProviderPage(wallet, p, ctx, (generation, issuedAt) => ({ generation, issuedAt }));
  return { body: { responseCode: '00', responseDescription: 'Initialized', redirectUrl: url } };
}

/** The OPay endpoints of the sandbox collections API (companion §7), and OPay's page on the second origin. */
export const sandbox: SandboxPart = {
  routes: [attemptRoute(INITIALIZE_PATH, initialize), providerStatusRoute(wallet, STATUS_PATH)],
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
