import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { ServerContext } from '../context';
import { compressed, plain } from '../respond';

/** Where merchants' pages load the SDK (@oja/sdk, built into the client dir by scripts/build/build.mjs). */
export const SDK_PATH = '/inline-checkout.js';
const SDK_FILE = 'inline-checkout.js';
/** What the built script holds in place of the mode it is served for (core/sdk/src/script.ts). */
const SDK_MODE_PLACEHOLDER = '__OJA_SERVED_MODE__';
/** The script's address never changes (merchants paste it): kept a few minutes, then revalidated by its ETag. */
const SDK_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';

/**
 * The SDK's script as this server serves it: its own origin is the checkout base for its mode, TEST with an
 * embedded API (the sandbox), LIVE with a real collections API. Undefined when the build has not written it.
 */
export function sdkScript(clientDir: string, mode: 'TEST' | 'LIVE'): { text: string; etag: string } | undefined {
  const file = path.join(clientDir, SDK_FILE);
  if (!fs.existsSync(file)) return undefined;
  const text = fs.readFileSync(file, 'utf8').split(SDK_MODE_PLACEHOLDER).join(mode);
  return { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 16)}"` };
}

/** GET /inline-checkout.js: the merchant SDK (CONTRACT §3), loadable by any site, revalidated by its ETag. */
export function sdkRoute(app: Hono<{ Bindings: HttpBindings }>, { sdk }: Pick<ServerContext, 'sdk'>): void {
  app.get(SDK_PATH, (c) => {
    if (!sdk) return plain(404, 'Not found');
    const headers = {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': SDK_CACHE_CONTROL,
      etag: sdk.etag,
      'x-content-type-options': 'nosniff',
      // Loaded by merchants' pages of any site (and with `crossorigin` for subresource integrity).
      'cross-origin-resource-policy': 'cross-origin',
      'access-control-allow-origin': '*',
    };
    if (c.req.header('if-none-match') === sdk.etag) return new Response(null, { status: 304, headers });
    return compressed(c.req.raw, 200, headers, sdk.text);
  });
}
