// The demo merchant's own HTTP helpers (a merchant's site, not the checkout: it reads its forms its own way).
import type { IncomingMessage } from 'node:http';

/** Largest request body accepted, bytes (a pay request is well under 16 KiB: CONTRACT §2 fields, capped). */
export const MAX_BODY_BYTES = 64 * 1024;

/** A client's mistake (malformed, oversized, an unaccepted type): answered with its 4xx, never logged as a fault. */
export class ClientError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
    this.name = 'ClientError';
  }
}

export type BodyType = 'form' | 'json';

/** The body's media type, lower case, without parameters ('' when none was sent). */
const mediaType = (req: IncomingMessage) =>
  String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();

const TYPES: Record<BodyType, string> = { form: 'application/x-www-form-urlencoded', json: 'application/json' };

/** The raw bytes of a request body, MAX_BODY_BYTES at most (413 past it, read no further). */
export async function readRawBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (declared > MAX_BODY_BYTES) throw new ClientError(413, 'Request body too large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new ClientError(413, 'Request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A JSON object from text ('' is `{}`); anything else (malformed, an array, a scalar) is 400. */
export function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new ClientError(400, 'Malformed JSON body');
}

/**
 * Reads a POST body of the accepted types (urlencoded, JSON) into fields. No body, or a GET, is `{}`; a type not
 * accepted is 415 when `strict` (a body of another type is otherwise ignored, as `{}`); a body over
 * MAX_BODY_BYTES is 413 (read no further); malformed JSON is 400.
 */
export async function readBody(
  req: IncomingMessage,
  { accept = ['form', 'json'], strict = false }: { accept?: BodyType[]; strict?: boolean } = {},
): Promise<Record<string, unknown>> {
  if (req.method !== 'POST') return {};
  const type = mediaType(req);
  const kind = accept.find((k) => TYPES[k] === type);
  const raw = await readRawBody(req);
  if (!kind) {
    if (strict && raw.length > 0) throw new ClientError(415, `Unsupported content type ${type || '(none)'}`);
    return {};
  }
  const text = raw.toString('utf8');
  return kind === 'form' ? Object.fromEntries(new URLSearchParams(text)) : parseJsonObject(text);
}

/** Text for HTML content and double-quoted attributes. */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
