import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';

/** Largest request body accepted, bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Reads a urlencoded or JSON body (anything else is empty). */
export async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  if (req.method !== 'POST') return {};
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw Object.assign(new Error('Body too large'), { status: 413 });
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/json')) {
    try {
      const parsed = JSON.parse(text || '{}');
      return parsed && typeof parsed === 'object' ? parsed : {};
    } catch {
      throw Object.assign(new Error('Malformed JSON'), { status: 400 });
    }
  }
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  return {};
}

/** Sends a text body compressed as the client accepts (brotli, then gzip). */
export function sendCompressed(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  const accept = String(req.headers['accept-encoding'] ?? '');
  let data: Buffer = Buffer.from(body);
  const out: Record<string, string> = { ...headers, vary: 'Accept-Encoding' };
  if (/\bbr\b/.test(accept)) {
    data = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    out['content-encoding'] = 'br';
  } else if (/\bgzip\b/.test(accept)) {
    data = zlib.gzipSync(data, { level: 6 });
    out['content-encoding'] = 'gzip';
  }
  out['content-length'] = String(data.length);
  res.writeHead(status, out);
  res.end(req.method === 'HEAD' ? undefined : data);
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
