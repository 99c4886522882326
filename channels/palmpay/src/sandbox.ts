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
import palmpay from './index';
import { INITIALIZE_PATH, PALMPAY_PAGE_SOURCE, PAY_WINDOW_MS, STATUS_PATH } from './constants';

/** PalmPay as the sandbox plays it: its page on the second origin, open for the payer's 5-minute window. */
const wallet = {
  records: sandboxRecord<ProviderAttempt>(palmpay.id),
  name: 'PalmPay',
  accent: '#6d28d9',
  path: '/palmpay/pay',
  validityMs: PAY_WINDOW_MS,
};

/** POST /api/v1/palmpay/initialize: PalmPay's page and its reference for this attempt. */
function initialize(p: SandboxPayment, req: SandboxRequest, ctx: SandboxContext): SandboxAnswer {
  const problem = providerInitProblem(p, req.body);
  if (problem) return badRequest(problem);
  const { record, url } = openProviderPage(wallet, p, ctx, (generation, issuedAt) => ({ generation, issuedAt }));
  return { body: { responseCode: '00', redirectUrl: url, transactionReference: `PP${p.paymentId}${record.generation}` } };
}

/** The PalmPay endpoints of the sandbox collections API (companion §7), and PalmPay's page on the second origin. */
export const sandbox: SandboxPart = {
  routes: [attemptRoute(INITIALIZE_PATH, initialize), providerStatusRoute(wallet, STATUS_PATH)],
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
