import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JSON_HEADERS } from './sandbox';
import type { Sandbox } from './sandbox';
import type { SandboxHttpRequest, SandboxReply } from '@oja/core';

/** Largest request body accepted, bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Reads a urlencoded or JSON body (anything else is empty), as the checkout server hands it to the sandbox. */
async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
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
      const parsed: unknown = JSON.parse(text || '{}');
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // answered below
    }
    // An array, null, a number or a string is no body of fields, as the checkout server's reader says too.
    throw Object.assign(new Error('Malformed JSON: the body must be an object of fields'), { status: 400 });
  }
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  return {};
}

/** The refusal of a body too large or malformed, with its status (413, 400), as the checkout server answers it. */
function refuseBody(res: http.ServerResponse, e: unknown) {
  const status = (e as { status?: number }).status ?? 400;
  res.writeHead(status, JSON_HEADERS);
  res.end(JSON.stringify({ responseCode: String(status), responseDescription: (e as Error).message }));
}

/** The request as the sandbox takes it, its body read (or the refusal of a body too large or malformed). */
async function sandboxRequest(req: IncomingMessage, res: ServerResponse): Promise<SandboxHttpRequest | undefined> {
  try {
    return { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: await readBody(req) };
  } catch (e) {
    refuseBody(res, e);
    return undefined;
  }
}

/** Sends the sandbox's reply on a node response; a dropped one (fault injection) cuts the connection instead. */
export function writeReply(res: ServerResponse, reply: SandboxReply): void {
  if ('drop' in reply) {
    res.socket?.destroy();
    return;
  }
  res.writeHead(reply.status, reply.headers);
  res.end(reply.bytes ?? reply.body);
}

/**
 * The sandbox's second origin (CONTRACT §5): an HTTP server answering only the parts' outsideRoutes, the
 * stand-ins of outside parties' pages and scripts. Whoever listens it sets `sandbox.origins`.
 */
export function createOutsideServer(sandbox: Sandbox): http.Server {
  return http.createServer(async (req, res) => {
    const request = await sandboxRequest(req, res);
    if (!request) return;
    const reply = await sandbox.handleOutside(request);
    if (reply) return writeReply(res, reply);
    res.writeHead(req.url === '/favicon.ico' ? 204 : 404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end(req.url === '/favicon.ico' ? undefined : 'Not found');
  });
}

async function listenLocal(server: http.Server): Promise<{ base: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A sandbox on its own HTTP server on a free local port, and its second origin on another (tests of a
 * channel's sandbox part).
 */
export async function listenSandbox(sandbox: Sandbox): Promise<{ base: string; outsideBase: string; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const request = await sandboxRequest(req, res);
    if (!request) return;
    const reply = await sandbox.handle(request);
    if (reply) return writeReply(res, reply);
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not the sandbox');
  });
  const api = await listenLocal(server);
  const outside = await listenLocal(createOutsideServer(sandbox));
  sandbox.origins.checkout = api.base;
  sandbox.origins.outside = outside.base;
  return {
    base: api.base,
    outsideBase: outside.base,
    close: async () => {
      await Promise.all([api.close(), outside.close()]);
    },
  };
}
