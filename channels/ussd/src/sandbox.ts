import type { AttemptRecord, SandboxContext, SandboxPart, SandboxPayment } from '@oja/sandbox';
import { attemptRoute, currentAttempt, sandboxRecord, settledStatus, statusRoute } from '@oja/sandbox';
import ussd from './index';
import { USSD_COUNTRY } from './constants';

/** How long a sandbox code stays valid, minutes. */
export const SANDBOX_VALIDITY_MINS = 30;
/** The code a failed (simulated) USSD payment answers: "Do not honour", the bank declined. */
export const USSD_FAILED_CODE = '05';
/** What generate answers for a bank the sandbox does not know: "No such issuer". */
export const UNKNOWN_BANK_CODE = '15';
/** The aggregator's USSD service, dialled with the bank's CBN code when a bank has no code of its own (or fails). */
export const DEFAULT_SERVICE_CODE = '*322';

/** The sandbox's banks (spec core §9: 17+), with their CBN codes and USSD short codes ('' for none). */
export const SANDBOX_BANKS: ReadonlyArray<{ name: string; cbnCode: string; shortCode: string }> = [
  { name: 'Access Bank', cbnCode: '044', shortCode: '*901#' },
  { name: 'Ecobank Nigeria', cbnCode: '050', shortCode: '*326#' },
  { name: 'Fidelity Bank', cbnCode: '070', shortCode: '*770#' },
  { name: 'First Bank of Nigeria', cbnCode: '011', shortCode: '*894#' },
  { name: 'First City Monument Bank', cbnCode: '214', shortCode: '*329#' },
  { name: 'Globus Bank', cbnCode: '103', shortCode: '' },
  { name: 'Guaranty Trust Bank', cbnCode: '058', shortCode: '*737#' },
  { name: 'Heritage Bank', cbnCode: '030', shortCode: '*745#' },
  { name: 'Jaiz Bank', cbnCode: '301', shortCode: '*389*301#' },
  { name: 'Keystone Bank', cbnCode: '082', shortCode: '*7111#' },
  { name: 'Polaris Bank', cbnCode: '076', shortCode: '*833#' },
  { name: 'Providus Bank', cbnCode: '101', shortCode: '' },
  { name: 'Stanbic IBTC Bank', cbnCode: '221', shortCode: '*909#' },
  { name: 'Sterling Bank', cbnCode: '232', shortCode: '*822#' },
  { name: 'Titan Trust Bank', cbnCode: '102', shortCode: '' },
  { name: 'Union Bank of Nigeria', cbnCode: '032', shortCode: '*826#' },
  { name: 'United Bank for Africa', cbnCode: '033', shortCode: '*919#' },
  { name: 'Unity Bank', cbnCode: '215', shortCode: '*7799#' },
  { name: 'Wema Bank', cbnCode: '035', shortCode: '*945#' },
  { name: 'Zenith Bank', cbnCode: '057', shortCode: '*966#' },
];

/** The payment's reference and last code: a retry after a failed or expired payment gets a new reference (a new generation). */
interface UssdRecord extends AttemptRecord {
  bankCode: string;
  /** The payment's reference inside the codes: the same for every bank until the payment settles. */
  reference: string;
  /** When the last code was generated: each code is valid from then. */
  generatedAt: number;
  /** USSD prompts "sent" to the payer's phone. */
  pushes: number;
}

/** A stable 4-digit reference per payment and generation. */
function referenceFor(key: string): string {
  let h = 11;
  for (const ch of key) h = (h * 31 + ch.charCodeAt(0)) % 10_000;
  return String(h).padStart(4, '0');
}

/** "*737#" and "1234" give "*737*000*1234#", the way a bank's USSD payment codes read. */
export const bankCodeFor = (shortCode: string, reference: string): string => `${shortCode.slice(0, -1)}*000*${reference}#`;
/** "058" and "1234" give "*322*058*1234#": the aggregator's code for that bank and payment. */
export const defaultCodeFor = (cbnCode: string, reference: string): string => `${DEFAULT_SERVICE_CODE}*${cbnCode}*${reference}#`;

const records = sandboxRecord<UssdRecord>('ussd');

/** What the status endpoint answers for a payment right now. */
export function ussdStatus(p: SandboxPayment, ctx: SandboxContext): Record<string, unknown> {
  const r = records.get(p);
  if (!r) return { responseCode: '25', responseDescription: 'No USSD code generated for this payment' };
  return settledStatus(p, {
    expired: ctx.now() > r.generatedAt + SANDBOX_VALIDITY_MINS * 60_000,
    failedCode: USSD_FAILED_CODE,
    references: { paymentReference: `OJA|USSD|${p.paymentId}`, retrievalReferenceNumber: `RR${p.paymentId}${r.reference}` },
    describe: { failed: 'Payment declined by the bank', expired: 'USSD code validity expired', pending: 'Awaiting USSD approval' },
  });
}

/** The USSD endpoints of the sandbox collections API (spec core §7). */
export const sandbox: SandboxPart = {
  // Offered by default where the country's merchants have it (CONTRACT §2 "channels").
  offeredIn: ['NG'],
  routes: [
    {
      method: 'GET',
      path: '/api/v1/ussd/issuers/:country',
      handler: (req) => {
        const country = req.params.country.toUpperCase();
        if (!/^[A-Z]{2}$/.test(country))
          return { status: 400, body: { responseCode: '400', responseDescription: 'Country code must be two letters' } };
        // USSD is a Nigerian service: any other country has no banks for it.
        const issuers = country === USSD_COUNTRY ? SANDBOX_BANKS.map(({ name, cbnCode }) => ({ name, cbnCode })) : [];
        return { body: { responseCode: '00', issuers } };
      },
    },
    // A paid payment gets no new code (attemptRoute): a payer who went back to change bank after approving is not asked to pay twice.
    attemptRoute('/api/v1/ussd/generate', (p, req, ctx) => {
      const bank = SANDBOX_BANKS.find((b) => b.cbnCode === String(req.body.bankCode ?? ''));
      if (!bank) return { status: 400, body: { responseCode: UNKNOWN_BANK_CODE, responseDescription: 'No such issuer' } };
      const r = currentAttempt(records, p, (generation) => ({
        bankCode: bank.cbnCode,
        reference: referenceFor(`${p.paymentId}:${generation}`),
        generatedAt: 0,
        generation,
        pushes: 0,
      }));
      r.bankCode = bank.cbnCode;
      r.generatedAt = ctx.now();
      // With the payer's number the sandbox "sends" a USSD prompt to the phone as well.
      const pushSent = !!p.props.customerMobileNo;
      if (pushSent) r.pushes += 1;
      return {
        body: {
          responseCode: '00',
          bankShortCode: bank.shortCode && bankCodeFor(bank.shortCode, r.reference),
          defaultShortCode: defaultCodeFor(bank.cbnCode, r.reference),
          validityPeriodMins: SANDBOX_VALIDITY_MINS,
          pushSent,
        },
      };
    }),
    statusRoute('/api/v1/ussd/status', ussdStatus),
  ],
};

/** The plugin with its sandbox part, for server builds (package export condition "oja-server"). */
export default { ...ussd, sandbox };
