import type { IncomingMessage, ServerResponse } from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { sri } from '@oja/core/server';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.html': 'text/html; charset=utf-8',
  '.png': 'image/png',
};

/**
 * Serves a content-hashed asset from dir, precompressed (.br, .gz) when the client accepts it, cached for a
 * year: a changed file has a new name.
 */
export function serveAsset(req: IncomingMessage, res: ServerResponse, dir: string, name: string, immutable = true): boolean {
  if (!/^[\w.-]+$/.test(name)) return false;
  const file = path.join(dir, name);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return false;
  const accept = String(req.headers['accept-encoding'] ?? '');
  let body = file;
  const headers: Record<string, string> = {
    'content-type': TYPES[path.extname(name)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    vary: 'Accept-Encoding',
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-site',
  };
  if (/\bbr\b/.test(accept) && fs.existsSync(`${file}.br`)) {
    body = `${file}.br`;
    headers['content-encoding'] = 'br';
  } else if (/\bgzip\b/.test(accept) && fs.existsSync(`${file}.gz`)) {
    body = `${file}.gz`;
    headers['content-encoding'] = 'gzip';
  }
  const data = fs.readFileSync(body);
  headers['content-length'] = String(data.length);
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : data);
  return true;
}

/**
 * The assets whose bytes no longer match the build's integrity (PCI DSS 11.6.1 tamper detection), by URL: a
 * file changed or removed since the build.
 */
export function verifyAssets(clientDir: string, integrity: Record<string, string>): string[] {
  return Object.entries(integrity).filter(([url, expected]) => {
    const file = path.join(clientDir, url.replace(/^\//, ''));
    if (!fs.existsSync(file)) return true;
    return sri(fs.readFileSync(file)) !== expected;
  }).map(([url]) => url);
}
