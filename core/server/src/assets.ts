import fs from 'node:fs';
import path from 'node:path';
import { sri } from './page/integrity';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.html': 'text/html; charset=utf-8',
  '.png': 'image/png',
};

/** A content-hashed asset's name: nothing that could leave the directory. */
const NAME = /^[\w.-]+$/;

/**
 * The built assets (dist/client/assets), content-hashed, answered precompressed (.br, .gz) when the client accepts
 * it and cached for a year: a changed file has a new name. The directory is listed once, at start: a name outside
 * the build is refused without touching the disk, and nothing is kept for it, so a scan of made-up names cannot
 * grow the server's memory. Each file is read once, then answered from memory (a few hundred KiB in all).
 */
export function createAssets(dir: string): (req: Request, name: string) => Response | undefined {
  const names = new Set(
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { withFileTypes: true })
          .filter((d) => d.isFile())
          .map((d) => d.name)
      : [],
  );
  const read = new Map<string, Buffer>();
  const bytes = (name: string): Buffer | null => {
    if (!names.has(name)) return null;
    let b = read.get(name);
    if (!b) {
      b = fs.readFileSync(path.join(dir, name));
      read.set(name, b);
    }
    return b;
  };
  return (req, name) => {
    if (!NAME.test(name) || name.startsWith('.')) return undefined;
    const plainBytes = bytes(name);
    if (!plainBytes) return undefined;
    const accept = req.headers.get('accept-encoding') ?? '';
    const headers: Record<string, string> = {
      'content-type': TYPES[path.extname(name)] ?? 'application/octet-stream',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-site',
    };
    let body = plainBytes;
    const br = /\bbr\b/.test(accept) ? bytes(`${name}.br`) : null;
    const gz = !br && /\bgzip\b/.test(accept) ? bytes(`${name}.gz`) : null;
    if (br) {
      body = br;
      headers['content-encoding'] = 'br';
    } else if (gz) {
      body = gz;
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = String(body.length);
    return new Response(req.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  };
}

/**
 * The assets whose bytes no longer match the build's integrity (PCI DSS 11.6.1 tamper detection), by URL: a
 * file changed or removed since the build.
 */
export function verifyAssets(clientDir: string, integrity: Record<string, string>): string[] {
  return Object.entries(integrity)
    .filter(([url, expected]) => {
      const file = path.join(clientDir, url.replace(/^\//, ''));
      if (!fs.existsSync(file)) return true;
      return sri(fs.readFileSync(file)) !== expected;
    })
    .map(([url]) => url);
}

/** The text of the build's stylesheets by URL (`/assets/…css`), for the pages that carry them inline. */
export function inlineStylesheets(clientDir: string, urls: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const url of urls) {
    if (!/^\/assets\/[\w.-]+\.css$/.test(url)) continue;
    const file = path.join(clientDir, url.slice(1));
    if (fs.existsSync(file)) out[url] = fs.readFileSync(file, 'utf8');
  }
  return out;
}
