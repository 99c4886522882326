// The e2e project's global setup: starts the built checkout server (with its sandbox) and the demo store on
// two free ports, and a blank page of a third origin (a site that is neither), hands their bases to the tests,
// and stops them afterwards. The server runs from a copy of dist/, so a build started meanwhile (it empties
// dist/) cannot pull the assets from under a running test.
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The checkout (and its sandbox), e.g. http://127.0.0.1:43123 */
    checkoutBase: string;
    /** The demo merchant store, another origin, e.g. http://127.0.0.1:43124 */
    storeBase: string;
    /** A blank page of a third origin, neither the checkout's nor the store's, e.g. http://127.0.0.1:43125 */
    thirdBase: string;
    /** The sandbox's second origin (CONTRACT §5): the outside parties' stand-ins, e.g. http://127.0.0.1:43126 */
    outsideBase: string;
    /** A file the checkout server's output is copied to as it comes (violation reports are one line each). */
    serverLog: string;
    /** The client directory the server serves (a copy of dist/client): its manifest and script inventory. */
    clientDir: string;
    /** The bearer token the server's `/metrics` answers (CHECKOUT_METRICS_TOKEN). */
    metricsToken: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(root, 'dist');
const SERVER = path.join(DIST, 'server/server.mjs');
/** How long the server may take to answer /healthz, ms. */
const START_TIMEOUT_MS = 20_000;
const HOST = '127.0.0.1';
/** The first webhook retry's wait in the e2e tests' server, ms (e2e/webhooks.e2e.ts). */
export const E2E_WEBHOOK_FIRST_RETRY_MS = 200;

/** A port nobody listens on right now (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Waits until url answers 200 (the server prints its log if it dies or never answers). */
async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const until = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The checkout server exited with code ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The checkout server did not answer ${url} within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/** Any other site: a blank page at every path, to embed or message the others from. */
const THIRD_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another site</title></head><body><main><h1>Another site</h1></main></body></html>';

async function startThirdOrigin(): Promise<{ base: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    res.writeHead(req.url === '/favicon.ico' ? 204 : 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(req.url === '/favicon.ico' ? undefined : THIRD_PAGE);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    base: `http://${HOST}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync(SERVER)) {
    throw new Error(`${path.relative(root, SERVER)} is missing: run the build first (node scripts/build/build.mjs)`);
  }
  // The bundle is self-contained: it finds its client assets at ../client.
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-e2e-'));
  for (const part of ['server', 'client']) fs.cpSync(path.join(DIST, part), path.join(copy, part), { recursive: true });
  const removeCopy = () => fs.rmSync(copy, { recursive: true, force: true });

  const port = await freePort();
  let merchantPort = await freePort();
  while (merchantPort === port) merchantPort = await freePort();
  let outsidePort = await freePort();
  while (outsidePort === port || outsidePort === merchantPort) outsidePort = await freePort();
  const serverLog = path.join(copy, 'server.log');
  const metricsToken = crypto.randomBytes(16).toString('hex');

  let log = '';
  const child = spawn(process.execPath, [path.join(copy, 'server/server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      HOST,
      PORT: String(port),
      MERCHANT_PORT: String(merchantPort),
      OUTSIDE_PORT: String(outsidePort),
      CHECKOUT_API_BASE: '',
      CHECKOUT_METRICS_TOKEN: metricsToken,
      // The sandbox's webhook retries 200 ms, 400 ms, 800 ms… apart, so that a test sees a retry in well under a second.
      SANDBOX_WEBHOOK_FIRST_RETRY_MS: String(E2E_WEBHOOK_FIRST_RETRY_MS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000);
    fs.appendFileSync(serverLog, chunk);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  // Should vitest end without running the teardown (interrupted), the server goes with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const checkoutBase = `http://${HOST}:${port}`;
  const storeBase = `http://${HOST}:${merchantPort}`;
  const outsideBase = `http://${HOST}:${outsidePort}`;
  try {
    await waitFor(`${checkoutBase}/healthz`, child, () => log);
    // The store, then the sandbox's second origin, start listening just after the checkout.
    await waitFor(`${storeBase}/results.json`, child, () => log);
    await waitFor(`${outsideBase}/favicon.ico`, child, () => log);
  } catch (e) {
    child.kill('SIGKILL');
    removeCopy();
    throw e;
  }
  const third = await startThirdOrigin();
  project.provide('checkoutBase', checkoutBase);
  project.provide('storeBase', storeBase);
  project.provide('thirdBase', third.base);
  project.provide('metricsToken', metricsToken);
  project.provide('outsideBase', outsideBase);
  project.provide('serverLog', serverLog);
  project.provide('clientDir', path.join(copy, 'client'));

  return async () => {
    process.off('exit', killOnExit);
    await third.close();
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    removeCopy();
  };
}
