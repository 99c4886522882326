import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';

export { MAX_BODY_BYTES, readBody } from '@oja/core/sandbox';

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

export { escapeHtml } from '@oja/core/sandbox';
