import type { CallContext, StatusAnswer } from '@oja/core';
import { HttpError, serverNow } from '@oja/core';
import { checkStatusAt, paymentFields } from '@oja/core/calls';
import { MAX_QR_BYTES } from './constants';

/** The generated QR code (spec core §3 "QR response"). */
export interface QrPayment {
  /** The payload the code carries, drawn as given. */
  rawQRData: string;
  /** When it stops being payable, on the server's clock (ms); null when the API gives no validity. */
  expiresAt: number | null;
}

/** Bytes of a string once UTF-8 encoded: what the code must hold. */
const utf8Length = (s: string) => new TextEncoder().encode(s).length;

export async function generateQr({ http, props, signal }: CallContext): Promise<QrPayment> {
  const res = await http.post<{ responseCode?: unknown; rawQRData?: unknown; validityPeriodMins?: unknown }>(
    '/api/v1/qr/generate',
    paymentFields(props),
    { signal },
  );
  const raw = res.rawQRData;
  const valid = typeof raw === 'string' && raw.trim() !== '' && utf8Length(raw) <= MAX_QR_BYTES;
  if (!valid || (res.responseCode !== undefined && res.responseCode !== '00')) throw new HttpError('Unexpected QR answer', 'invalid');
  // The validity is optional: without one the code is shown until the status says otherwise.
  const minutes = Number(res.validityPeriodMins);
  return { rawQRData: raw, expiresAt: minutes > 0 && Number.isFinite(minutes) ? serverNow() + minutes * 60_000 : null };
}

export function checkStatus(ctx: CallContext): Promise<StatusAnswer> {
  return checkStatusAt('/api/v1/qr/status', ctx);
}
