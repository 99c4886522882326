import { CODE_ALREADY_PAID } from './codes';
import { HttpError } from './http';

/*
 * The messages of response codes and failed calls, in a module of their own: esbuild keeps a module whole, and
 * codes.ts is on every payment's initial route while these serve only the screens a payer opens.
 */

/**
 * Response code -> translation key (spec core §8), as groups of codes. Built on first use.
 */
const CODE_MESSAGES: Array<[string, string[]]> = [
  ['core.code.success', ['00']],
  ['core.code.insufficientFunds', ['51']],
  ['core.code.limitExceeded', ['X03']],
  ['core.code.useDifferentMethod', ['Z64']],
  ['core.code.declinedUseAnotherCard', ['S3']],
  ['core.code.invalidOtp', ['T1']],
  [
    'core.code.declined',
    [
      '01',
      '02',
      '04',
      '05',
      '06',
      '07',
      '12',
      '13',
      '14',
      '17',
      '21',
      '22',
      '25',
      '26',
      '33',
      '34',
      '36',
      '38',
      '39',
      '40',
      '41',
      '42',
      '43',
      '44',
      '45',
      '52',
      '53',
      '54',
      '55',
      '56',
      '57',
      '58',
      '59',
      '60',
      '61',
      '62',
      '63',
      '65',
      '66',
      '68',
      '75',
      '77',
      '79',
      '81',
      '88',
      '89',
      '93',
      '98',
      'F4',
      'F5',
      'G3',
      'G4',
      'H4',
    ],
  ],
  ['core.error.alreadyPaid', [CODE_ALREADY_PAID]],
  ['core.code.unableTryLater', ['91', '92', '96', 'E16', 'E20', 'EM', 'Z162']],
  ['core.code.notAccepted', ['Z8', 'Z82']],
  ['core.code.invalidToken', ['Z67', 'Z74']],
];
let table: Map<string, string> | undefined;

/** Translation key of the message for a BIN lookup or payment response code (spec core §8). */
export function messageKeyForCode(code: string | undefined): string {
  // A Map, not an object: a code the server sends, like "toString", must not reach a prototype.
  table ??= new Map(CODE_MESSAGES.flatMap(([key, codes]) => codes.map((c): [string, string] => [c, key])));
  return (code && table.get(code)) || 'core.error.default';
}

/** HTTP status of a rate-limited call: the server asks the payer to wait before trying again. */
export const HTTP_TOO_MANY_REQUESTS = 429;

/**
 * Translation key saying why a call failed, for a payer who can simply try again (spec core §8's generic messages):
 * rate limited (HTTP 429) "…Please try again in 1 minute!"; a temporary failure of the service (5xx, timeout)
 * "Something went wrong! Please try again!"; no connection, the network message; anything else the default; an attempt refused as already paid, the already-paid message. A temporary failure is never worded as the payer's mistake.
 */
export function messageKeyForFailure(error: unknown): string {
  // Refused because the payment was paid meanwhile (another tab): say so before anything else.
  if (isRefusedAsPaid(error)) return 'core.error.alreadyPaid';
  if (!(error instanceof HttpError)) return 'core.error.default';
  if (error.code === 'http' && error.status === HTTP_TOO_MANY_REQUESTS) return 'core.error.tryAgainLater';
  if (error.code === 'network') return 'core.error.network';
  if (error.code === 'timeout' || (error.code === 'http' && error.status >= 500)) return 'core.error.tryAgain';
  return 'core.error.default';
}

/**
 * The message for a failed call: "already paid" when the API refused it for a payment settled meanwhile (another
 * tab, another channel: HTTP 409 with CODE_ALREADY_PAID), otherwise the caller's own choice.
 */
export function failureMessageKey(error: unknown, otherwise: string): string {
  return isRefusedAsPaid(error) ? 'core.error.alreadyPaid' : otherwise;
}

/** Did the API refuse this call because the payment was paid meanwhile (HTTP 409 with CODE_ALREADY_PAID)? */
export function isRefusedAsPaid(error: unknown): boolean {
  const body = (error as { body?: unknown } | null)?.body;
  return !!body && typeof body === 'object' && (body as { responseCode?: unknown }).responseCode === CODE_ALREADY_PAID;
}
