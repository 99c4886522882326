import zlib from 'node:zlib';

/**
 * A text answer compressed as the client accepts (brotli, then gzip): pages are HTML of tens of KiB that a payer on
 * a slow network waits for.
 */
export function compressed(req: Request, status: number, headers: Record<string, string>, body: string): Response {
  const accept = req.headers.get('accept-encoding') ?? '';
  let data: Buffer = Buffer.from(body);
  const out: Record<string, string> = { ...headers, vary: ['Accept-Encoding', headers.vary].filter(Boolean).join(', ') };
  if (/\bbr\b/.test(accept)) {
    data = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    out['content-encoding'] = 'br';
  } else if (/\bgzip\b/.test(accept)) {
    data = zlib.gzipSync(data, { level: 6 });
    out['content-encoding'] = 'gzip';
  }
  out['content-length'] = String(data.length);
  return new Response(req.method === 'HEAD' ? null : new Uint8Array(data), { status, headers: out });
}

/** A short plain-text answer that no cache keeps. */
export function plain(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers },
  });
}

/** An empty answer (a beacon's, a report's) that no cache keeps. */
export function empty(status = 204, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

/** A JSON answer that no cache keeps. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers },
  });
}
