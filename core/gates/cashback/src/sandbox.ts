import type { SandboxPart } from '@oja/sandbox';
import { alreadyPaid, badRequest, isPaid, sandboxRecord, textField, UNKNOWN_PAYMENT } from '@oja/sandbox';
import cashback from './index';
import { STORE_TUC_PATH } from './api';
import { optIn } from './optIn';
import { cashbackValue } from './rules';

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
      // Only the checkout server opts a payment in, for the page's session (optIn): never a browser naming a payment id.
      serverOnly: true,
      handler: async (req, ctx) => {
        const read = cashbackValue(textField(req.body.mobileNumber) ?? '');
        if (!read.ok) {
          return badRequest(
            read.problem === 'cashback.required'
              ? 'mobileNumber is required'
              : 'mobileNumber must be a phone number or a loyalty cash ID (at most 32 characters)',
          );
        }
        const mobileNumber = read.value;
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

/** The gate with its sandbox part and its acceptance, for server builds (package export condition "oja-server"). */
export default { ...cashback, sandbox, onAccept: optIn };
