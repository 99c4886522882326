import type { AttemptRecord, SandboxContext, SandboxPart, SandboxPayment } from '@oja/sandbox';
import { attemptRoute, currentAttempt, sandboxRecord, settledStatus, statusRoute } from '@oja/sandbox';
import qr from './index';

/** How long a sandbox QR code can be paid, minutes; after it the status answers XS1. */
export const SANDBOX_QR_VALIDITY_MINS = 10;
/** The code a failed (simulated) QR payment answers: "declined by the payer's bank". */
export const QR_FAILED_CODE = '05';

/** The payment's code: a retry after a failed or expired payment gets a new one (a new generation). */
interface QrRecord extends AttemptRecord {
  rawQRData: string;
  generatedAt: number;
}

/** One EMVCo data object: id, two-digit length, value. */
const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** The checksum an EMVCo payload ends with: CRC-16/CCITT-FALSE over everything before it, "6304" included. */
export function crc16(s: string): string {
  let crc = 0xffff;
  for (let i = 0; i < s.length; i++) {
    crc ^= s.charCodeAt(i) << 8;
    for (let b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Printable ASCII only, cut to the field's maximum: what a payer's app reads reliably. */
const ascii = (s: unknown, max: number) =>
  String(s ?? '')
    .replace(/[^\x20-\x7e]/g, '')
    .slice(0, max) || '-';

/**
 * An EMVCo merchant-presented payload for the payment: dynamic (one use), with the amount, currency, merchant and
 * the merchant's reference, so that what a payer's app shows can be checked against the page.
 */
export function emvcoPayload(p: SandboxPayment, generation: number): string {
  const minor = Number(p.props.checkoutAmount) || 0;
  const body = [
    field('00', '01'),
    field('01', '12'),
    field('26', field('00', 'ng.oja.sandbox') + field('01', `${p.paymentId}-${generation}`)),
    field('52', '0000'),
    field('53', ascii(p.props.currencyCode, 3)),
    field('54', (minor / 100).toFixed(2)),
    field('58', ascii(p.props.countryCode ?? 'NG', 2)),
    field('59', ascii(p.props.merchantName, 25)),
    field('60', 'Lagos'),
    field('62', field('05', ascii(p.txnRef, 25))),
  ].join('');
  const signed = `${body}6304`;
  return signed + crc16(signed);
}

const records = sandboxRecord<QrRecord>('qr');

/** What the status endpoint answers for a payment right now. */
export function qrStatus(p: SandboxPayment, ctx: SandboxContext): Record<string, unknown> {
  const r = records.get(p);
  if (!r) return { responseCode: '25', responseDescription: 'No QR code generated for this payment' };
  return settledStatus(p, {
    expired: ctx.now() >= r.generatedAt + SANDBOX_QR_VALIDITY_MINS * 60_000,
    failedCode: QR_FAILED_CODE,
    references: { paymentReference: `OJA|QR|${p.paymentId}-${r.generation}`, retrievalReferenceNumber: `RQ${p.paymentId}${r.generation}` },
    describe: { failed: "Declined by the payer's bank", expired: 'QR code validity expired', pending: 'Awaiting payment' },
  });
}

/** The QR endpoints of the sandbox collections API (spec core §7). */
export const sandbox: SandboxPart = {
  // Offered by default where the country's merchants have it (CONTRACT §2 "channels").
  offeredIn: ['NG'],
  routes: [
    attemptRoute('/api/v1/qr/generate', (p, _req, ctx) => {
      const r = currentAttempt(records, p, (generation) => ({ rawQRData: emvcoPayload(p, generation), generatedAt: ctx.now(), generation }));
      // The same code again while it is unsettled, with what is left of its validity (a reloaded page counts on).
      const leftMs = Math.max(0, r.generatedAt + SANDBOX_QR_VALIDITY_MINS * 60_000 - ctx.now());
      return { body: { responseCode: '00', rawQRData: r.rawQRData, validityPeriodMins: leftMs / 60_000 } };
    }),
    statusRoute('/api/v1/qr/status', qrStatus),
  ],
};

/** The plugin with its sandbox part, for server builds (package export condition "oja-server"). */
export default { ...qr, sandbox };
