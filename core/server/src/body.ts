// Request bodies as the checkout reads them: its own reader (issue 11: the server once borrowed the sandbox's),
// bounded, with the types each route accepts.

/** Largest request body accepted, bytes (a pay request is well under 16 KiB: CONTRACT §2 fields, capped). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Longest wait for a request body, ms, from the first read to its last byte: a pay request is a few KiB, which a 2G
 * phone sends in about a second; a client sending a short body slowly holds a connection and its memory meanwhile.
 * (Node's own requestTimeout, 300 s by default, is checked only every 30 s.)
 */
export const BODY_READ_TIMEOUT_MS = 10_000;

/** A client's mistake (malformed, oversized, too slow, an unaccepted type): answered with its 4xx, never logged as a fault. */
export class ClientError extends Error {
  constructor(
    readonly status: 400 | 405 | 408 | 413 | 415 | 422,
    message: string,
  ) {
    super(message);
    this.name = 'ClientError';
  }
}

export type BodyType = 'form' | 'json';

const TYPES: Record<BodyType, string> = { form: 'application/x-www-form-urlencoded', json: 'application/json' };

/** The body's media type, lower case, without parameters ('' when none was sent). */
export const mediaType = (req: Request): string => (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();

/**
 * The body's bytes, refusing one over `limit` (413) before reading further: the declared length first, then the
 * bytes as they come (a chunked body declares none). A body not all there within `timeoutMs` is 408; a client that
 * goes away mid-body (an aborted upload) is a client's mistake too (400, nobody reads it), never a fault with a stack.
 */
export async function readBytes(req: Request, limit = MAX_BODY_BYTES, timeoutMs = BODY_READ_TIMEOUT_MS): Promise<Buffer> {
  if (Number(req.headers.get('content-length')) > limit) throw new ClientError(413, 'Request body too large');
  if (!req.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ClientError(408, 'Request body not received in time')), timeoutMs);
  });
  const refuse = async (e: ClientError): Promise<never> => {
    await reader.cancel().catch(() => undefined);
    throw e;
  };
  try {
    for (;;) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await Promise.race([reader.read(), late]);
      } catch (e) {
        return await refuse(e instanceof ClientError ? e : new ClientError(400, 'Request body ended early: the client went away'));
      }
      if (read.done) break;
      size += read.value.byteLength;
      if (size > limit) return await refuse(new ClientError(413, 'Request body too large'));
      chunks.push(read.value);
    }
  } finally {
    clearTimeout(timer);
  }
  return Buffer.concat(chunks);
}

/**
 * A POST body of the accepted types (urlencoded, JSON) as fields. No body, or another method, is `{}`; a type not
 * accepted is 415 when `strict` (otherwise ignored, as `{}`); a body over MAX_BODY_BYTES is 413; malformed JSON 400.
 */
export async function readBody(
  req: Request,
  { accept = ['form', 'json'], strict = false }: { accept?: BodyType[]; strict?: boolean } = {},
): Promise<Record<string, unknown>> {
  if (req.method !== 'POST') return {};
  const type = mediaType(req);
  const kind = accept.find((k) => TYPES[k] === type);
  const bytes = await readBytes(req);
  if (!kind) {
    if (strict && bytes.length > 0) throw new ClientError(415, `Unsupported content type ${type || '(none)'}`);
    return {};
  }
  const text = bytes.toString('utf8');
  if (kind === 'form') return Object.fromEntries(new URLSearchParams(text));
  try {
    const parsed: unknown = JSON.parse(text || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new ClientError(400, 'Malformed JSON body');
}

/** Every field as text (a form's are already; JSON numbers written out, anything else dropped). */
export function textFields(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) {
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number' && Number.isFinite(v)) out[k] = String(v);
  }
  return out;
}
