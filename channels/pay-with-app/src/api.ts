import type { CallContext, StatusAnswer, StatusContext } from '@oja/core';
import { HttpError } from '@oja/core';
import { DEFAULT_TOKEN_PATH, GENERATE_PATH, PWA_BANK_CODE, STATUS_PATH } from './constants';

/** The OAuth client the token call uses (PageEnv.channelSettings['pay-with-app']). */
export interface PwaSettings {
  clientId: string;
  clientSecret: string;
  /** Path of the token endpoint on the API base. */
  tokenPath: string;
}

/** The checkout has no (usable) client settings for this channel: retrying cannot help. */
export class NotConfiguredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotConfiguredError';
  }
}

/** A path on the API base: no scheme, host, query or dot segments. */
const API_PATH = /^\/(?!\/)(?!.*\/\.\.?(\/|$))[A-Za-z0-9/_.~-]*$/;

export function settingsFrom(raw: Readonly<Record<string, string>> | undefined): PwaSettings {
  const clientId = raw?.clientId?.trim() ?? '';
  const clientSecret = raw?.clientSecret ?? '';
  const tokenPath = raw?.tokenPath?.trim() || DEFAULT_TOKEN_PATH;
  if (!clientId || !clientSecret) throw new NotConfiguredError('Pay with App has no OAuth client id and secret');
  if (!API_PATH.test(tokenPath)) throw new NotConfiguredError('Pay with App token path must be a path on the API base');
  return { clientId, clientSecret, tokenPath };
}

/** Base64 of UTF-8 text (btoa alone refuses characters beyond Latin-1). */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Client-credentials token from the identity service (spec core §7 "Pay with app": token). */
export async function fetchToken({ http, signal }: CallContext, settings: PwaSettings): Promise<string> {
  const res = await http.post<Record<string, unknown>>(settings.tokenPath, 'grant_type=client_credentials&scope=profile', {
    headers: {
      authorization: `Basic ${base64(`${settings.clientId}:${settings.clientSecret}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    signal,
  });
  const token = res.access_token;
  const type = res.token_type;
  if (typeof token !== 'string' || !/^[\w.~+/=-]{8,4096}$/.test(token) || (type !== undefined && String(type).toLowerCase() !== 'bearer')) {
    throw new HttpError('Unexpected token answer', 'invalid');
  }
  return token;
}

/** A bank whose app can approve the payment. */
export interface Institution {
  id: string;
  /** Display name (the id when the answer gives none). */
  name: string;
  /** Its app's deep link, or null when the answer's link is not one a page may open. */
  deepLink: string | null;
}

/** The institutions answer (spec core §3 "Pay-with-app payment data"). */
export interface PwaCode {
  /** The five-digit code the payer types in their bank's app. */
  reference: string;
  institutions: Institution[];
}

/** Schemes a link from an answer may never have, whatever else it looks like. */
const FORBIDDEN_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'about', 'filesystem']);
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** Longest link accepted, characters. */
const MAX_LINK_LENGTH = 2_048;

/**
 * An institution's deep link, if a page may put it in an href: http(s) with a host, or a bank app's own scheme
 * (`bankapp://pay?...`). Never javascript:, data: or vbscript:, nothing with spaces or control characters, which
 * browsers would strip to reveal another scheme.
 */
export function safeDeepLink(url: unknown): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what a link must not hold.
  if (typeof url !== 'string' || url.length > MAX_LINK_LENGTH || /[\s\u0000-\u001f\u007f]/.test(url)) return null;
  const scheme = SCHEME.exec(url)?.[1].toLowerCase();
  if (!scheme || FORBIDDEN_SCHEMES.has(scheme)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if ((scheme === 'http' || scheme === 'https') && !parsed.hostname) return null;
  return url;
}

/** Institution display names from the answer, by id: a list of { code | id, name } or a map of id to name. */
function namesOf(raw: unknown): Map<string, string> {
  const names = new Map<string, string>();
  if (Array.isArray(raw)) {
    for (const item of raw) {
      if (!item || typeof item !== 'object') continue;
      const { code, id, name } = item as Record<string, unknown>;
      const key = typeof code === 'string' ? code : typeof id === 'string' ? id : undefined;
      if (key && typeof name === 'string' && name.trim()) names.set(key, name.trim());
    }
  } else if (raw && typeof raw === 'object') {
    for (const [key, name] of Object.entries(raw)) if (typeof name === 'string' && name.trim()) names.set(key, name.trim());
  }
  return names;
}

/** Reads the institutions answer; throws unless it has a five-digit code and at least one institution. */
export function parseCode(res: Record<string, unknown>): PwaCode {
  const reference = typeof res.reference === 'number' ? String(res.reference) : res.reference;
  if ((res.responseCode !== undefined && res.responseCode !== '00') || typeof reference !== 'string' || !/^\d{5}$/.test(reference)) {
    throw new HttpError('Unexpected institutions answer', 'invalid');
  }
  const links = res.deepLinks && typeof res.deepLinks === 'object' && !Array.isArray(res.deepLinks) ? (res.deepLinks as Record<string, unknown>) : {};
  const names = namesOf(res.institutions);
  const ids = [...new Set([...Object.keys(links), ...names.keys()])];
  const institutions = ids.map((id) => ({ id, name: names.get(id) ?? id, deepLink: safeDeepLink(links[id]) }));
  if (!institutions.length) throw new HttpError('No institution in the answer', 'invalid');
  return { reference, institutions };
}

/** The five-digit code and the institutions' deep links (spec core §7 "Pay with app": institutions). */
export async function generateCode({ http, props, signal }: CallContext, token: string): Promise<PwaCode> {
  const res = await http.post<Record<string, unknown>>(
    GENERATE_PATH,
    {
      amount: props.checkoutAmount,
      bankCode: PWA_BANK_CODE,
      createTransaction: true,
      currencyCode: props.currencyCode,
      merchantCode: props.merchantCode,
      payableCode: props.payableCode,
      paymentId: props.paymentId,
      transactionReference: props.merchantTransactionReference,
    },
    { headers: { authorization: `Bearer ${token}` }, signal },
  );
  return parseCode(res);
}

/** What the section starts with: the token, then the code and institutions (spec core §4 step 1). */
export interface PwaStart {
  token: string;
  code: PwaCode;
}

export async function startPayWithApp(ctx: CallContext, settings: Readonly<Record<string, string>> | undefined): Promise<PwaStart> {
  const token = await fetchToken(ctx, settingsFrom(settings));
  return { token, code: await generateCode(ctx, token) };
}

/** What the status check reads of its visit (visit.ts): the token the section started with. */
export interface StatusVisitState {
  start: { response: { token: string } | null };
}

/**
 * The gateway's transaction status, with the token of the visit that asks (spec core §7 "Pay with app": status).
 * An ended visit (Retry, another method) has no token any more.
 */
export async function checkStatus({ http, props, signal, visit }: StatusContext<StatusVisitState>): Promise<StatusAnswer> {
  const token = visit && !visit.ended ? visit.state.start.response?.token : undefined;
  if (!token) throw new HttpError('No Pay with App token', 'invalid');
  const res = await http.get<Record<string, unknown>>(STATUS_PATH, {
    params: { merchantCode: props.merchantCode, transactionReference: props.merchantTransactionReference },
    headers: { authorization: `Bearer ${token}` },
    signal,
  });
  if (typeof res.responseCode !== 'string') throw new HttpError('Status answer without a code', 'invalid');
  return { code: res.responseCode, response: res };
}
