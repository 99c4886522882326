import type { AttemptRecord, SandboxContext, SandboxPart, SandboxPayment } from '@oja/sandbox';
import { attemptRoute, badRequest, currentAttempt, sandboxRecord, settledStatus, textField, UNKNOWN_PAYMENT } from '@oja/sandbox';
import pocket from './index';
import { INITIATE_PATH, STATUS_PATH } from './api';

/** How long the request in the Pocket app waits for approval before the payment expires, minutes. */
export const SANDBOX_APPROVAL_VALIDITY_MINS = 10;
/** The code a failed (simulated) payment answers: "Do not honour", the wallet declined. */
export const POCKET_FAILED_CODE = '05';
/** The Pocket ID whose initiate fails (CONTRACT §5): any other ID initiates. */
export const FAILING_POCKET_ID = '@fail';

/** The attempt in progress: when the request reached the app (its validity runs from then). */
interface PocketRecord extends AttemptRecord {
  initiatedAt: number;
  /** Initiate requests received for this attempt. */
  initiations: number;
}

const records = sandboxRecord<PocketRecord>('pocket');

/** What the status endpoint answers for a payment right now (companion §7: responseCode at the top). */
export function pocketStatus(p: SandboxPayment, ctx: SandboxContext): Record<string, unknown> {
  const r = records.get(p);
  if (!r) return { responseCode: '25', responseDescription: 'No Pocket payment request for this payment' };
  return settledStatus(p, {
    expired: ctx.now() > r.initiatedAt + SANDBOX_APPROVAL_VALIDITY_MINS * 60_000,
    failedCode: POCKET_FAILED_CODE,
    references: { paymentReference: `OJA|POCKET|${p.paymentId}`, retrievalReferenceNumber: `RR${p.paymentId}P${r.generation}` },
    describe: {
      failed: 'Payment declined in the Pocket app',
      expired: 'The payment request in the Pocket app expired',
      pending: 'Awaiting approval in the Pocket app',
    },
  });
}

/** The Pocket endpoints of the sandbox collections API (companion §7, CONTRACT §5). */
export const sandbox: SandboxPart = {
  routes: [
    // A paid payment sends nothing more to the app (attemptRoute answers 409, 94).
    attemptRoute(INITIATE_PATH, (p, req, ctx) => {
      const pocketId = textField(req.body.walletId)?.trim() ?? '';
      if (pocketId === FAILING_POCKET_ID)
        return { status: 502, body: { responseCode: '06', responseDescription: 'The Pocket wallet could not be reached' } };
      if (!pocketId) return badRequest('walletId is required');
      const r = currentAttempt(records, p, (generation) => ({ generation, initiatedAt: 0, initiations: 0 }));
      r.initiatedAt = ctx.now();
      r.initiations += 1;
      return { body: { responseCode: '09', responseDescription: 'Payment request sent to the Pocket app' } };
    }),
    // Named by merchant code and `reference` (companion §7), not the transaction reference field of the others.
    {
      method: 'POST',
      path: STATUS_PATH,
      handler: async (req, ctx) => {
        const p = await ctx.payment({ merchantCode: req.body.merchantCode, txnRef: req.body.reference });
        return p ? { body: pocketStatus(p, ctx) } : UNKNOWN_PAYMENT;
      },
    },
  ],
};

/** The plugin with its sandbox part, for server builds (package export condition "oja-server"). */
export default { ...pocket, sandbox };
