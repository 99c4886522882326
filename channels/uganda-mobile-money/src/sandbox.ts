import type { AttemptRecord, SandboxContext, SandboxPart, SandboxPayment } from '@oja/sandbox';
import { attemptRoute, badRequest, currentAttempt, sandboxRecord, settledStatus, statusRoute, textField } from '@oja/sandbox';
import ugandaMobileMoney from './index';
import { NOTIFICATION_PATH, STATUS_PATH } from './api';
import { isTelco } from './constants';

/** How long the request on the payer's phone waits for approval before the payment expires, minutes. */
export const SANDBOX_APPROVAL_VALIDITY_MINS = 10;
/** The code a failed (simulated) payment answers: "Do not honour", the provider declined. */
export const MOBILE_MONEY_FAILED_CODE = '05';
/** A number the sandbox knows no wallet for: its notification answers REFUSED_NUMBER_CODE at once, nothing sent. */
export const REFUSED_NUMBER = '0000000000';
/** What the notification answers for REFUSED_NUMBER: "Invalid account", a final code (the payment fails). */
export const REFUSED_NUMBER_CODE = '14';

/** The attempt in progress: the provider the request went through and when (its validity runs from then). */
interface MobileMoneyRecord extends AttemptRecord {
  telco: string;
  notifiedAt: number;
  /** Notifications received for this attempt: the page sends one, however often Pay is pressed. */
  notifications: number;
}

const records = sandboxRecord<MobileMoneyRecord>('uganda-mobile-money');

/** What the status endpoint answers for a payment right now. */
export function mobileMoneyStatus(p: SandboxPayment, ctx: SandboxContext): Record<string, unknown> {
  const r = records.get(p);
  if (!r) return { responseCode: '25', responseDescription: 'No payment notification for this payment' };
  return settledStatus(p, {
    expired: ctx.now() > r.notifiedAt + SANDBOX_APPROVAL_VALIDITY_MINS * 60_000,
    failedCode: MOBILE_MONEY_FAILED_CODE,
    references: { paymentReference: `OJA|UGMM|${p.paymentId}`, retrievalReferenceNumber: `RR${p.paymentId}G${r.generation}` },
    describe: {
      failed: 'Payment declined by the mobile money provider',
      expired: 'The payment request on the phone expired',
      pending: 'Awaiting approval on the phone',
    },
  });
}

/** The Uganda mobile money endpoints of the sandbox collections API (companion §7). */
export const sandbox: SandboxPart = {
  // Offered by default where the country's merchants have it (CONTRACT §2 "channels").
  offeredIn: ['UG'],
  routes: [
    // A paid payment sends nothing more to the phone (attemptRoute answers 409, 94).
    attemptRoute(NOTIFICATION_PATH, (p, req, ctx) => {
      const telco = textField(req.body.telco);
      const customerId = textField(req.body.customerId)?.trim() ?? '';
      if (!isTelco(telco)) return badRequest('telco must be MTN or Airtel');
      if (!customerId) return badRequest('customerId is required');
      // The payer is asked for what the checkout shows: the checkout amount, surcharge included.
      if (Number(req.body.amount) !== p.props.checkoutAmount) return badRequest('amount must be the checkout amount, in minor units');
      if (customerId === REFUSED_NUMBER) {
        return { body: { responseCode: REFUSED_NUMBER_CODE, responseDescription: 'No mobile money wallet for this number' } };
      }
      const r = currentAttempt(records, p, (generation) => ({ generation, telco, notifiedAt: 0, notifications: 0 }));
      r.telco = telco;
      r.notifiedAt = ctx.now();
      r.notifications += 1;
      return {
        body: { responseCode: '09', responseDescription: 'Payment request sent to the phone', transactionReference: p.txnRef },
      };
    }),
    statusRoute(STATUS_PATH, mobileMoneyStatus, 'POST'),
  ],
};

/** The plugin with its sandbox part, for server builds (package export condition "oja-server"). */
export default { ...ugandaMobileMoney, sandbox };
