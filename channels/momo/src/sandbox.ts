import type { AttemptRecord, SandboxContext, SandboxPart, SandboxPayment } from '@oja/sandbox';
import { attemptRoute, badRequest, currentAttempt, sandboxRecord, settledStatus, statusRoute, textField } from '@oja/sandbox';
import momo from './index';
import { INITIATE_PATH, STATUS_PATH } from './api';

/** How long the request on the payer's phone waits for approval before the payment expires, minutes. */
export const SANDBOX_APPROVAL_VALIDITY_MINS = 10;
/** The code a failed (simulated) payment answers: "Do not honour", the wallet declined. */
export const MOMO_FAILED_CODE = '05';
/** The number whose initiate fails (CONTRACT §5): any other 11-digit number starting 080 initiates. */
export const FAILING_NUMBER = '08000000000';
/** The numbers the sandbox initiates for (CONTRACT §5). */
const SANDBOX_NUMBER = /^080\d{8}$/;

/** The attempt in progress: when the request reached the phone (its validity runs from then). */
interface MomoRecord extends AttemptRecord {
  initiatedAt: number;
  /** Initiate requests received for this attempt. */
  initiations: number;
}

const records = sandboxRecord<MomoRecord>('momo');

/** What the status endpoint answers for a payment right now, under `data` (companion §7). */
export function momoStatus(p: SandboxPayment, ctx: SandboxContext): Record<string, unknown> {
  const r = records.get(p);
  if (!r) return { data: { responseCode: '25', responseDescription: 'No MoMo payment request for this payment' } };
  return {
    data: settledStatus(p, {
      expired: ctx.now() > r.initiatedAt + SANDBOX_APPROVAL_VALIDITY_MINS * 60_000,
      failedCode: MOMO_FAILED_CODE,
      references: { paymentReference: `OJA|MOMO|${p.paymentId}`, retrievalReferenceNumber: `RR${p.paymentId}M${r.generation}` },
      describe: {
        failed: 'Payment declined in the MoMo wallet',
        expired: 'The payment request on the phone expired',
        pending: 'Awaiting approval on the phone',
      },
    }),
  };
}

/** The MoMo endpoints of the sandbox collections API (companion §7, CONTRACT §5). */
export const sandbox: SandboxPart = {
  routes: [
    // A paid payment sends nothing more to the phone (attemptRoute answers 409, 94).
    attemptRoute(INITIATE_PATH, (p, req, ctx) => {
      const phone = textField(req.body.partyId) ?? '';
      if (phone === FAILING_NUMBER) return { status: 502, body: { responseCode: '06', responseDescription: 'The MoMo wallet could not be reached' } };
      if (!SANDBOX_NUMBER.test(phone)) return badRequest('partyId must be an 11-digit number starting 080');
      const r = currentAttempt(records, p, (generation) => ({ generation, initiatedAt: 0, initiations: 0 }));
      r.initiatedAt = ctx.now();
      r.initiations += 1;
      return { body: { responseCode: '09', responseDescription: 'Payment request sent to the phone' } };
    }),
    statusRoute(STATUS_PATH, momoStatus, 'POST'),
  ],
};

/** The plugin with its sandbox part, for server builds (package export condition "oja-server"). */
export default { ...momo, sandbox };
