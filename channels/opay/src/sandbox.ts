import type { AttemptRecord, SandboxAnswer, SandboxContext, SandboxPart, SandboxPayment, SandboxRequest } from '@oja/core/sandbox';
import {
  attemptRoute,
  badRequest,
  currentAttempt,
  providerPageRef,
  providerPageRoutes,
  sandboxRecord,
  settledStatus,
  UNKNOWN_PAYMENT,
} from '@oja/core/sandbox';
import opay from './index';
import { CODE_STOPPED, INITIALIZE_PATH, OPAY_PAGE_SOURCE, STATUS_PATH } from './constants';

/** OPay's page on the sandbox's second origin. */
export const OPAY_PAGE_PATH = '/opay/pay';
/** How long an OPay payment stays open after initialise, ms: then its status answers it expired (01). */
export const OPAY_VALIDITY_MS = 30 * 60_000;

/** One attempt's OPay payment: when it was initialised. */
interface OpayRecord extends AttemptRecord {
  initializedAt: number;
}

const records = sandboxRecord<OpayRecord>(opay.id);

/** Why the initialise body is not one the API takes, or null (companion §7). */
function initializeProblem(p: SandboxPayment, b: Record<string, unknown>): string | null {
  if (b.merchantCode !== p.merchantCode || b.transactionReference !== p.txnRef) return "merchantCode and transactionReference must be the payment's";
  if (String(b.paymentId) !== p.paymentId) return "paymentId must be the payment's";
  if (typeof b.payableCode !== 'string' || !b.payableCode) return 'payableCode is required';
  if (String(b.currencyCode) !== String(p.props.currencyCode)) return "currencyCode must be the payment's";
  return null;
}

/** POST /api/v1/opay/initialize: OPay's page for this attempt (a new attempt after a settled one). */
function initialize(p: SandboxPayment, req: SandboxRequest, ctx: SandboxContext): SandboxAnswer {
  const problem = initializeProblem(p, req.body);
  if (problem) return badRequest(problem);
  const r = currentAttempt(records, p, (generation) => ({ generation, initializedAt: ctx.now() }));
  return {
    body: {
      responseCode: '00',
      responseDescription: 'Initialized',
      redirectUrl: ctx.outsideUrl(`${OPAY_PAGE_PATH}?ref=${providerPageRef(p, r.generation)}`),
    },
  };
}

/** POST /api/v1/opay/status: 09 until settled (the page, simulate) or expired; a decline or an expiry is 01. */
async function status(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  if (typeof req.body.merchantCode !== 'string' || typeof req.body.reference !== 'string')
    return badRequest('merchantCode and reference are required');
  const p = await ctx.payment({ merchantCode: req.body.merchantCode, txnRef: req.body.reference });
  if (!p) return UNKNOWN_PAYMENT;
  const r = records.get(p);
  if (!r) return { body: { responseCode: '25', responseDescription: 'No OPay payment for this reference' } };
  const answer = settledStatus(p, {
    expired: ctx.now() > r.initializedAt + OPAY_VALIDITY_MS,
    failedCode: CODE_STOPPED,
    references: { paymentReference: `OJA|OPAY|${p.paymentId}`, retrievalReferenceNumber: `RR${p.paymentId}${r.generation}` },
    describe: { failed: 'Declined in OPay', expired: 'OPay payment expired', pending: 'Awaiting approval in OPay' },
  });
  // OPay stops an expired payment as it stops a declined one: 01 (companion §4).
  return { body: answer.responseCode === 'XS1' ? { ...answer, responseCode: CODE_STOPPED } : answer };
}

/** The OPay endpoints of the sandbox collections API (companion §7), and OPay's page on the second origin. */
export const sandbox: SandboxPart = {
  routes: [attemptRoute(INITIALIZE_PATH, initialize), { method: 'POST', path: STATUS_PATH, handler: status }],
  outsideRoutes: providerPageRoutes({
    path: OPAY_PAGE_PATH,
    name: 'OPay',
    currentRef: (p) => {
      const r = records.get(p);
      return r ? providerPageRef(p, r.generation) : undefined;
    },
  }),
};

/** OPay as the server runs it: its sandbox part and OPay's page as an outside source of its payments' pages. */
export default {
  ...opay,
  sandbox,
  sources: [{ key: OPAY_PAGE_SOURCE, directives: ['frame'], why: "OPay's payment page, framed while the payer approves an OPay payment" }],
};
