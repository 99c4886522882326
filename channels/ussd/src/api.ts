import type { CallContext, StatusAnswer } from '@oja/core';
import { HttpError, serverNow } from '@oja/core';
import { checkStatusAt, paymentFields } from '@oja/core/calls';
import { USSD_COUNTRY } from './constants';

/** A bank that takes USSD payments (spec core §3 "USSD"). */
export interface Issuer {
  name: string;
  cbnCode: string;
}

/** The generated code (spec core §3 "USSD"), as the screen uses it. */
export interface UssdCode {
  /** The chosen bank's CBN code. */
  bankCode: string;
  /** What the payer dials: the bank's own code, or the default one when the bank has none. */
  dialCode: string;
  /** How long the code is valid, minutes; null when the API does not say. */
  validityPeriodMins: number | null;
  /** When it was generated, on the server's clock (ms): its validity runs from here. */
  generatedAt: number;
  /** The API also sent a USSD prompt ("push") to the payer's phone. */
  pushSent: boolean;
}

/** A bank's CBN code: three digits, or six for the newer institution codes. */
const CBN_CODE = /^\d{3,6}$/;
/** A dialable USSD string: a star, digits and stars, a closing hash. */
const DIAL_CODE = /^\*[\d*]{1,38}#$/;

export const isDialCode = (v: unknown): v is string => typeof v === 'string' && DIAL_CODE.test(v);

/**
 * The tap-to-dial link of a code. In a tel: URL "#" would start a fragment and be cut off, so it is
 * percent-encoded; "*" is allowed as it is. Anything that is not a USSD string gets no link.
 */
export function dialHref(code: string): string | null {
  return isDialCode(code) ? `tel:${code.replace(/#/g, '%23')}` : null;
}

/** The banks of the USSD country, in the API's order, without malformed or repeated entries. */
export async function loadIssuers({ http, signal }: CallContext): Promise<Issuer[]> {
  const res = await http.get<unknown>(`/api/v1/ussd/issuers/${USSD_COUNTRY}`, { signal });
  const list = Array.isArray(res) ? res : (res as { issuers?: unknown }).issuers;
  if (!Array.isArray(list)) throw new HttpError('Issuers answer without a list', 'invalid');
  const seen = new Set<string>();
  const issuers: Issuer[] = [];
  for (const item of list as Array<Partial<Issuer> | null>) {
    const name = typeof item?.name === 'string' ? item.name.trim() : '';
    const cbnCode = String(item?.cbnCode ?? '');
    if (!name || !CBN_CODE.test(cbnCode) || seen.has(cbnCode)) continue;
    seen.add(cbnCode);
    issuers.push({ name, cbnCode });
  }
  // A list with entries none of which is a bank is a broken answer, not "no banks".
  if (list.length && !issuers.length) throw new HttpError('Issuers answer without a valid bank', 'invalid');
  return issuers;
}

export async function generateCode({ http, props, signal }: CallContext, bankCode: string): Promise<UssdCode> {
  const res = await http.post<Record<string, unknown>>('/api/v1/ussd/generate', { bankCode, ...paymentFields(props) }, { signal });
  const dialCode = [res.bankShortCode, res.defaultShortCode].find(isDialCode);
  if (!dialCode || (res.responseCode && res.responseCode !== '00')) throw new HttpError('Unexpected USSD code answer', 'invalid', 0, res);
  const mins = Number(res.validityPeriodMins);
  return {
    bankCode,
    dialCode,
    validityPeriodMins: mins > 0 && Number.isFinite(mins) ? mins : null,
    generatedAt: serverNow(),
    pushSent: res.pushSent === true,
  };
}

export function checkStatus(ctx: CallContext): Promise<StatusAnswer> {
  return checkStatusAt('/api/v1/ussd/status', ctx);
}
