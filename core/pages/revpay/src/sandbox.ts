import { randomBytes } from 'node:crypto';
import type { SandboxPart } from '@oja/sandbox';
import { badRequest, isPaid, sandboxRecord, textField, UNKNOWN_PAYMENT } from '@oja/sandbox';
import { pickLocale } from '@oja/core';
import { CODE_REFERENCE_PAID, NOTIFY_PATH, VALIDATE_PATH } from './api';
import type { ReferenceDetails } from './api';
import { KOBO_PER_NAIRA, notifyAmount } from './rules';
import { receiptPdf } from './receipt';
import type { ReceiptFacts } from './receipt';

/** Where the sandbox serves a receipt (the link notify answers); the id is unguessable. */
export const RECEIPT_PATH = '/api/v1/revpay/receipts';
/** How long the sandbox keeps a receipt, ms. */
export const RECEIPT_TTL_MS = 24 * 60 * 60_000;

const BILL = { agencyName: 'Oja Sandbox Revenue Service', merchantCode: 'MX_REVPAY', payItemId: 'Default_Payable_MX_REVPAY' };

/**
 * The sandbox's bills (CONTRACT §5): RVP-0001 is due, NGN 25,000.00, and stays due however often it is paid (test
 * data, like the test cards); RVP-PAID is already paid. Any other reference fails validation.
 */
export const SANDBOX_BILLS: Readonly<Record<string, ReferenceDetails & { responseCode: string }>> = {
  'RVP-0001': {
    ...BILL,
    responseCode: '00',
    revenueName: 'Land Use Charge 2026',
    payerName: 'Ada Okafor',
    paymentReference: 'RVP-0001',
    amount: 25_000,
  },
  'RVP-PAID': {
    ...BILL,
    responseCode: CODE_REFERENCE_PAID,
    revenueName: 'Business Premises Levy 2026',
    payerName: 'Chidi Obi',
    paymentReference: 'RVP-PAID',
    amount: 0,
  },
};

/** What the sandbox keeps on a payment once notified: its receipt's id, so a second notify answers the same link. */
interface RevpayRecord {
  receiptId: string;
}
const records = sandboxRecord<RevpayRecord>('revpay');
const receiptLink = (id: string) => `${RECEIPT_PATH}/${id}`;

/** The revenue service of the sandbox collections API (companion §7, CONTRACT §5). */
export const sandbox: SandboxPart = {
  // The bills' payee is their agency: the checkout's header names it, not "Sandbox Merchant MX_REVPAY".
  merchants: { [BILL.merchantCode]: BILL.agencyName },
  routes: [
    {
      method: 'POST',
      path: VALIDATE_PATH,
      handler: (req) => {
        const ref = req.query.get('webguid') ?? '';
        const bill = Object.hasOwn(SANDBOX_BILLS, ref) ? SANDBOX_BILLS[ref] : undefined;
        if (!bill) return { status: 404, body: { responseCode: '25', responseDescription: 'Unknown reference' } };
        if (bill.responseCode === CODE_REFERENCE_PAID)
          return { body: { responseCode: CODE_REFERENCE_PAID, responseDescription: 'Reference already paid' } };
        return { body: bill };
      },
    },
    {
      method: 'POST',
      path: NOTIFY_PATH,
      handler: async (req, ctx) => {
        const webguid = textField(req.body.webguid) ?? '';
        const bill = Object.hasOwn(SANDBOX_BILLS, webguid) ? SANDBOX_BILLS[webguid] : undefined;
        if (!bill) return badRequest('webguid names no bill');
        const p = await ctx.payment({ paymentId: req.body.paymentId });
        if (!p || p.merchantCode !== bill.merchantCode) return UNKNOWN_PAYMENT;
        const amount = Number(p.props.amount);
        if (textField(req.body.amount) !== notifyAmount(amount)) return badRequest(`amount must be ${notifyAmount(amount)}, in naira`);
        if (!isPaid(p)) return { status: 409, body: { responseCode: '09', responseDescription: 'The payment is not paid yet' } };
        const kept = records.get(p);
        if (kept) return { body: { responseCode: '00', receiptLink: receiptLink(kept.receiptId) } };
        const receiptId = randomBytes(16).toString('hex');
        const text = (v: unknown) => (typeof v === 'string' ? v : '');
        const facts: ReceiptFacts = {
          receiptId,
          agencyName: bill.agencyName,
          revenueName: bill.revenueName,
          payerName: bill.payerName,
          payerEmail: text(p.props.customerEmail),
          payerPhone: text(p.props.customerMobileNo),
          billReference: bill.paymentReference,
          dueKobo: bill.amount * KOBO_PER_NAIRA,
          amountKobo: amount,
          paymentId: p.paymentId,
          transactionReference: p.txnRef,
          ...(p.outcome?.paymentReference && { paymentReference: p.outcome.paymentReference }),
          paidAt: p.outcome?.at ?? ctx.now(),
        };
        await ctx.shared('revpay').set(receiptId, facts, RECEIPT_TTL_MS);
        records.set(p, { receiptId });
        return { body: { responseCode: '00', responseDescription: 'Notified', receiptLink: receiptLink(receiptId) } };
      },
    },
    {
      method: 'GET',
      path: `${RECEIPT_PATH}/:id`,
      handler: async (req, ctx) => {
        const facts = /^[0-9a-f]{32}$/.test(req.params.id ?? '') ? await ctx.shared('revpay').get<ReceiptFacts>(req.params.id!) : undefined;
        if (!facts) return { status: 404, body: { responseCode: '25', responseDescription: 'No such receipt' } };
        // In the language the link names (?lang=, the success page's), else the browser's.
        const accept = req.headers['accept-language'];
        const locale = pickLocale(req.query.get('lang'), Array.isArray(accept) ? accept[0] : accept);
        return { file: { bytes: await receiptPdf(facts, locale), contentType: 'application/pdf', filename: 'receipt.pdf' } };
      },
    },
  ],
};
