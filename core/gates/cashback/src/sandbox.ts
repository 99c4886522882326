import type { SandboxPart } from '@oja/sandbox';
import { alreadyPaid, badRequest, isPaid, sandboxRecord, textField, UNKNOWN_PAYMENT } from '@oja/sandbox';
import cashback from './index';
import { STORE_TUC_PATH } from './api';

/** The value the sandbox refuses (CONTRACT §5): any other phone number or loyalty ID is accepted. */
export const REFUSED_CASHBACK_VALUE = '0000';
/** What the sandbox says when it refuses it (the page shows it as it is). */
export const REFUSED_CASHBACK_DESCRIPTION = 'This phone number or loyalty cash ID is not enrolled in the cashback programme';

/** The opt-in the sandbox keeps on the payment. */
interface CashbackRecord {
  mobileNumber: string;
  at: number;
}

const records = sandboxRecord<CashbackRecord>('cashback');

/** The cashback opt-in of the sandbox collections API (companion §7, CONTRACT §5). */
export const sandbox: SandboxPart = {
  routes: [
    {
      method: 'POST',
      path: STORE_TUC_PATH,
      handler: async (req, ctx) => {
        const mobileNumber = textField(req.body.mobileNumber)?.trim() ?? '';
        if (!mobileNumber) return badRequest('mobileNumber is required');
        const p = await ctx.payment({ paymentId: req.body.paymentId });
        if (!p || p.merchantCode !== textField(req.body.merchantCode)) return UNKNOWN_PAYMENT;
        if (isPaid(p)) return alreadyPaid(p);
        if (mobileNumber === REFUSED_CASHBACK_VALUE)
          return { status: 400, body: { responseCode: '20', responseDescription: REFUSED_CASHBACK_DESCRIPTION } };
        records.set(p, { mobileNumber, at: ctx.now() });
        // The pay-page answers it from now on: a payment opened again does not ask twice.
        p.props.tucAccepted = true;
        return { body: { responseCode: '00', responseDescription: 'Cashback opt-in recorded' } };
      },
    },
  ],
};

/** The gate with its sandbox part, for server builds (package export condition "oja-server"). */
export default { ...cashback, sandbox };
