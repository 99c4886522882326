import type { AttemptRecord, SandboxContext, SandboxPart, SandboxPayment } from '@oja/sandbox';
import { attemptRoute, currentAttempt, sandboxRecord, settledStatus, statusRoute } from '@oja/sandbox';
import transfer from './index';

/** How long a sandbox account accepts a transfer, minutes. */
export const SANDBOX_VALIDITY_MINS = 30;
/** The code a failed (simulated) transfer answers. */
export const TRANSFER_FAILED_CODE = '06';

/** The payment's account: a retry after a failed or expired transfer gets a new one (a new generation). */
interface TransferRecord extends AttemptRecord {
  accountNumber: string;
  generatedAt: number;
}

/** A stable 10-digit account number per payment. */
function accountNumberFor(paymentId: string): string {
  let h = 7;
  for (const ch of paymentId) h = (h * 31 + ch.charCodeAt(0)) % 1_000_000_000;
  return `9${String(h).padStart(9, '0')}`;
}

const records = sandboxRecord<TransferRecord>('transfer');

/** What the status endpoint answers for a payment right now. */
export function transferStatus(p: SandboxPayment, ctx: SandboxContext): Record<string, unknown> {
  const r = records.get(p);
  if (!r) return { responseCode: '25', responseDescription: 'No account generated for this payment' };
  return settledStatus(p, {
    expired: ctx.now() > r.generatedAt + SANDBOX_VALIDITY_MINS * 60_000,
    failedCode: TRANSFER_FAILED_CODE,
    references: { paymentReference: `OJA|TRF|${p.paymentId}`, retrievalReferenceNumber: `RR${p.paymentId}` },
    describe: { failed: 'Transfer could not be matched to this payment', expired: 'Account validity expired', pending: 'Awaiting transfer' },
  });
}

/** The transfer endpoints of the sandbox collections API (spec core §7). */
export const sandbox: SandboxPart = {
  // Offered by default where the country's merchants have it (CONTRACT §2 "channels").
  offeredIn: ['NG', 'KE', 'GH'],
  routes: [
    attemptRoute('/api/v1/virtualaccount/generate', (p, _req, ctx) => {
      const r = currentAttempt(records, p, (generation) => ({
        accountNumber: accountNumberFor(`${p.paymentId}:${generation}`),
        generatedAt: ctx.now(),
        generation,
      }));
      return {
        body: {
          responseCode: '00',
          accountNumber: r.accountNumber,
          bankName: 'Oja Sandbox Bank',
          accountName: `Oja Checkout - ${String(p.props.merchantName)}`,
          validityPeriodMins: SANDBOX_VALIDITY_MINS,
        },
      };
    }),
    statusRoute('/api/v1/virtualaccount/status', transferStatus),
  ],
};

/** The plugin with its sandbox part, for server builds (package export condition "oja-server"). */
export default { ...transfer, sandbox };
