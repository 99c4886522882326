// `npm run bench`: the performance report.
//   1. builds (unless --no-build),
//   2. bytes of the initial route and of each lazy screen (gzip 9, brotli 11) against the developers' guide's
//      budgets, the merchant SDK's script against its own, the shared check-budget.mjs verdict, and the initial
//      route's weight next to React alone,
//   3. throttled cold loads (../shared/tools/pageperf.mjs) of the static floor page and of the checkout
//      (unless --no-perf), reported as medians and as ratios to the floor (reported, not gated),
//   4. the checkout server's memory: RSS after 10,000 POST /pay under a 128 MiB heap limit (unless --no-rss),
//      against RSS_BUDGET_MIB,
//   5. load (unless --no-load; load.mjs): page reloads and POST /pay at 50 connections for 20 s each, with the
//      in-memory store and with a real Redis (CHECKOUT_SESSION_STORE): requests/s overall and per 5 s, p50, p99,
//      errors, the server's RSS before, after and at its peak (reported, not gated, but a server dying under load),
//   6. a table on stdout, dist/bench/report.json and dist/bench/report.md.
// Exit 0 all budgets met, 1 a byte or memory budget broken, a forbidden package on the initial route, or the server
// died under load, 2 harness failure.
// Usage: node scripts/bench/bench.mjs [--no-build] [--no-perf] [--no-rss] [--rss-only] [--no-load] [--load-only] [--no-redis]
//          [--duration S] [--connections N] [--quick] [--runs N] [--warmup N] [--profile slow4g]
//   --rss-only: only the memory step (quick: no byte report, no throttled loads; builds unless --no-build).
//   --load-only: only the load step, its figures in dist/bench/load.json (builds unless --no-build).
//   --no-redis: the load step with the in-memory store only. --duration, --connections: per load scenario
//   (default 20 s, 50); --quick: 3 s at 10 connections unless given (to see it work, not to quote).
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { accountBytes, accountSdk, checkBudgets, DEFAULT_BUDGETS, gzipSize, brotliSize, KiB } from './bytes.mjs';
import {
  LOAD_CONNECTIONS,
  LOAD_DURATION_S,
  LOAD_WINDOW_S,
  QUICK_CONNECTIONS,
  QUICK_DURATION_S,
  loadStore,
  loadTable,
  loadWarnings,
  rssOf as readRss,
} from './load.mjs';
import { startRedis } from '../test/redis-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The shared measuring tools sit beside the repository; OJA_TOOLS_DIR points elsewhere (a worktree deeper down).
const toolsDir = process.env.OJA_TOOLS_DIR ? path.resolve(process.env.OJA_TOOLS_DIR) : path.resolve(root, '../shared/tools');
const dist = path.join(root, 'dist');
const outDir = path.join(dist, 'bench');
const started = Date.now();
const LCP_RATIO_WARN = 2.0;
const FORBIDDEN_PORTS = new Set([4400, 4401, 4402]);
/** POST /pay requests sent before the server's memory is read. */
const RSS_REQUESTS = 10_000;
/** Requests in flight at once during the memory step. */
const RSS_CONCURRENCY = 16;
/**
 * The memory step's server runs with this V8 heap limit, MiB, so that its RSS follows the memory it keeps rather
 * than how lazily V8 collects (with the default limit, RSS reached 320 to 345 MiB whatever was kept): memory
 * that grows with the payments served runs out of it and fails the step.
 */
const RSS_HEAP_MIB = 128;
/**
 * Largest resident memory of the checkout server (with its in-memory sandbox) after RSS_REQUESTS payments, MiB.
 * Before sessions were capped it grew past 500 MiB after 17,000 POST /pay; it starts at about 50. Measured with
 * 5,000 sessions and 10,000 sandbox payments kept: about 200 MiB (a 96 MiB heap gives 177 MiB, but GC then halves
 * the throughput). Memory that grows with the payments served dies at the heap limit and fails the step anyway.
 */
const RSS_BUDGET_MIB = 240;
/** The memory and load steps' sandbox answers at once and never fails: the figures are the checkout's own. */
const QUIET_SANDBOX = { CHECKOUT_API_BASE: '', SANDBOX_LATENCY_MS: '0', SANDBOX_ERROR_RATE: '0', SANDBOX_DROP_RATE: '0' };

class HarnessError extends Error {}

// ---------------------------------------------------------------- arguments
function parseArgs(argv) {
  const o = {
    build: true,
    perf: true,
    rss: true,
    rssOnly: false,
    load: true,
    loadOnly: false,
    redis: true,
    quick: false,
    runs: 5,
    warmup: 1,
    profile: 'slow4g',
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (v === undefined) throw new HarnessError(`missing value for ${a}`);
      return v;
    };
    const name = a.split('=')[0];
    if (name === '--no-build') o.build = false;
    else if (name === '--no-perf') o.perf = false;
    else if (name === '--no-rss') o.rss = false;
    else if (name === '--rss-only') o.rssOnly = true;
    else if (name === '--no-load') o.load = false;
    else if (name === '--load-only') o.loadOnly = true;
    else if (name === '--no-redis') o.redis = false;
    else if (name === '--quick') o.quick = true;
    else if (name === '--duration') o.durationS = Number(val());
    else if (name === '--connections') o.connections = Number(val());
    else if (name === '--runs') o.runs = Number(val());
    else if (name === '--warmup') o.warmup = Number(val());
    else if (name === '--profile') o.profile = val();
    else if (name === '--help' || name === '-h') o.help = true;
    else throw new HarnessError(`unknown argument ${a} (try --help)`);
  }
  if (!Number.isInteger(o.runs) || o.runs < 1) throw new HarnessError('--runs needs a positive integer');
  if (!Number.isInteger(o.warmup) || o.warmup < 0) throw new HarnessError('--warmup needs a non-negative integer');
  o.durationS ??= o.quick ? QUICK_DURATION_S : LOAD_DURATION_S;
  o.connections ??= o.quick ? QUICK_CONNECTIONS : LOAD_CONNECTIONS;
  if (!Number.isInteger(o.durationS) || o.durationS < 1) throw new HarnessError('--duration needs a positive integer (seconds)');
  if (!Number.isInteger(o.connections) || o.connections < 1) throw new HarnessError('--connections needs a positive integer');
  if (o.rssOnly && o.loadOnly) throw new HarnessError('--rss-only and --load-only exclude each other');
  return o;
}

// ---------------------------------------------------------------- processes (all stopped at the end)
const children = new Set();
const servers = new Set();

/** Spawns in its own process group so that the whole tree (e.g. Chromium under pageperf) can be stopped. */
function start(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  children.add(child);
  child.exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  child.on('error', () => {});
  return child;
}

/** Every process below pid (Linux /proc; empty elsewhere): a browser may start its own process group. */
function descendants(pid) {
  const kids = new Map();
  let entries = [];
  try {
    entries = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return [];
  }
  for (const d of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      if (!kids.has(ppid)) kids.set(ppid, []);
      kids.get(ppid).push(Number(d));
    } catch {
      /* gone */
    }
  }
  const out = [];
  const walk = (p) => {
    for (const k of kids.get(p) ?? []) {
      out.push(k);
      walk(k);
    }
  };
  walk(pid);
  return out;
}

function killGroup(child, signal, extra = []) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* gone */
    }
  }
  for (const pid of extra) {
    try {
      process.kill(pid, signal);
    } catch {
      /* gone */
    }
  }
}

async function stop(child) {
  if (!children.has(child)) return;
  const tree = descendants(child.pid);
  killGroup(child, 'SIGTERM', tree);
  const t = setTimeout(() => killGroup(child, 'SIGKILL', tree), 3000);
  await child.exited;
  clearTimeout(t);
  await sleep(200);
  // stragglers: the group, and whatever of the tree still runs
  killGroup(
    child,
    'SIGKILL',
    tree.filter((pid) => fs.existsSync(`/proc/${pid}`)),
  );
}

// pageperf and its browsers get a temporary directory of their own (TMPDIR): a killed pageperf cannot remove
// its browser profile itself, so the whole directory goes at the end.
let tmpDir = null;
function ownTmpDir() {
  tmpDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'oja-bench-'));
  return tmpDir;
}

async function cleanup() {
  await Promise.all([...children].map(stop));
  await Promise.all(
    [...servers].map(
      (s) =>
        new Promise((r) => {
          s.closeAllConnections?.();
          s.close(() => r());
        }),
    ),
  );
  servers.clear();
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  tmpDir = null;
}
// last resort, synchronous: nothing we started outlives us
process.on('exit', () => {
  for (const c of children) killGroup(c, 'SIGKILL');
});
let interrupted = null;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (interrupted) return;
    interrupted = sig;
    console.error(`bench: ${sig}, stopping`);
    cleanup().finally(() => process.exit(130));
  });
}

function run(cmd, args, { timeoutMs, echo = true, label = cmd, env } = {}) {
  return new Promise((resolve, reject) => {
    const child = start(cmd, args, env ? { env } : {});
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (echo) process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      err += d;
      if (echo) process.stderr.write(d);
    });
    let timedOut = false;
    const t = timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          void stop(child);
        }, timeoutMs)
      : null;
    child.exited.then(({ code, signal }) => {
      if (t) clearTimeout(t);
      if (timedOut) reject(new HarnessError(`${label} timed out after ${Math.round(timeoutMs / 1000)} s`));
      else resolve({ code: code ?? (signal ? 128 : 1), signal, out, err });
    });
    child.on('error', (e) => reject(new HarnessError(`${label}: ${e.message}`)));
  });
}

// ---------------------------------------------------------------- helpers
const fmtKiB = (n) => (n / KiB).toFixed(1);
const fmtMs = (v) => (v == null ? '–' : String(Math.round(v)));
const fmtRatio = (v) => (v == null || !Number.isFinite(v) ? '–' : `${v.toFixed(2)}x`);
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);

function table(headers, rows, align) {
  const w = headers.map((h, i) => Math.max(String(h).length, ...rows.map((r) => String(r[i]).length)));
  const line = (r) => r.map((c, i) => ((align?.[i] ?? (i ? 'r' : 'l')) === 'r' ? lpad(c, w[i]) : pad(c, w[i]))).join('  ');
  return [line(headers), w.map((n) => '-'.repeat(n)).join('  '), ...rows.map(line)].join('\n');
}

function mdTable(headers, rows, align) {
  const sep = headers.map((_, i) => ((align?.[i] ?? (i ? 'r' : 'l')) === 'r' ? '---:' : '---'));
  return [`| ${headers.join(' | ')} |`, `|${sep.join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

async function freePort() {
  for (let i = 0; i < 20; i++) {
    const port = await new Promise((resolve, reject) => {
      const s = net.createServer();
      s.unref();
      s.on('error', reject);
      s.listen(0, '127.0.0.1', () => {
        const p = s.address().port;
        s.close(() => resolve(p));
      });
    });
    if (!FORBIDDEN_PORTS.has(port)) return port;
  }
  throw new HarnessError('no free port');
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitHealthy(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!children.has(child)) return false;
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (r.ok) return true;
    } catch {
      /* not yet */
    }
    await sleep(150);
  }
  return false;
}

// ---------------------------------------------------------------- 1. build
async function build() {
  console.log('bench: building…');
  const r = await run(process.execPath, [path.join(root, 'scripts/build/build.mjs')], { timeoutMs: 180_000, label: 'build' });
  if (r.code !== 0) throw new HarnessError(`build failed (exit ${r.code})`);
}

// ---------------------------------------------------------------- 2. bytes
async function reactBaseline() {
  const esbuild = await import('esbuild');
  const res = await esbuild.build({
    stdin: {
      contents:
        "import { createElement } from 'react';\nimport { hydrateRoot } from 'react-dom/client';\nhydrateRoot(document.getElementById('root'), createElement('div'));\n",
      resolveDir: root,
      loader: 'js',
      sourcefile: 'react-baseline.js',
    },
    absWorkingDir: root,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  const buf = res.outputFiles[0].contents;
  const pkg = (n) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(root, 'node_modules', n, 'package.json'), 'utf8')).version;
    } catch {
      return '?';
    }
  };
  return { raw: buf.length, gzip: gzipSize(buf), brotli: brotliSize(buf), versions: { react: pkg('react'), 'react-dom': pkg('react-dom') } };
}

async function sharedCheckBudget(entry) {
  const args = [
    path.join(toolsDir, 'check-budget.mjs'),
    '--meta',
    'dist/meta.json',
    '--entry',
    entry,
    '--initial-gzip',
    String(DEFAULT_BUDGETS.initialGzipKiB),
    '--chunk-gzip',
    String(DEFAULT_BUDGETS.chunkGzipKiB),
    ...DEFAULT_BUDGETS.chunkOverrides.flatMap((o) => ['--chunk', `${o.match}=${o.gzipKiB}`]),
  ];
  const r = await run(process.execPath, args, { timeoutMs: 60_000, echo: false, label: 'check-budget' });
  const command = `node ../shared/tools/check-budget.mjs ${args.slice(1).join(' ')}`;
  const verdict = r.code === 0 ? 'ok' : r.code === 1 ? 'FAIL' : 'error';
  return { command, exitCode: r.code, verdict, output: (r.out + r.err).trim() };
}

function bytesSection(bytes, react) {
  const { initial, chunks } = bytes;
  const rows = [];
  const sz = (s) => [fmtKiB(s.raw), fmtKiB(s.gzip), fmtKiB(s.brotli)];
  rows.push(['initial JS', `${initial.files.js.length} file(s)`, ...sz(initial.js), '', '']);
  rows.push(['initial CSS', `${initial.files.css.length} file(s)`, ...sz(initial.css), '', '']);
  rows.push([
    'initial JS+CSS',
    initial.entry,
    ...sz(initial.total),
    String(initial.budgetGzipKiB),
    initial.total.gzip <= initial.budgetGzipKiB * KiB ? 'ok' : 'OVER',
  ]);
  for (const c of chunks) {
    rows.push([
      `lazy ${c.key}${c.unlisted ? ' (unlisted)' : ''}`,
      `${c.files.js.length} js + ${c.files.css.length} css`,
      ...sz(c.total),
      `${c.budgetGzipKiB}${c.budgetRule ? ` (${c.budgetRule})` : ''}`,
      c.total.gzip <= c.budgetGzipKiB * KiB ? 'ok' : 'OVER',
    ]);
  }
  if (bytes.sdk) {
    const { sdk } = bytes;
    rows.push(['merchant SDK', `/${sdk.file}`, ...sz(sdk), String(sdk.budgetGzipKiB), sdk.gzip <= sdk.budgetGzipKiB * KiB ? 'ok' : 'OVER']);
  }
  rows.push(['React alone', `react ${react.versions.react} + hydrateRoot`, ...sz(react), '', '']);
  const headers = ['route', 'files', 'raw KiB', 'gzip KiB', 'br KiB', 'budget gz', 'verdict'];
  return { headers, rows };
}

// ---------------------------------------------------------------- 3. throttled loads
function floorServer(file) {
  const html = fs.readFileSync(file);
  const gz = zlib.gzipSync(html, { level: 9 });
  const br = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  const server = http.createServer((req, res) => {
    const p = new URL(req.url ?? '/', 'http://floor.local').pathname;
    if (p === '/favicon.ico') {
      res.writeHead(204, { 'cache-control': 'public, max-age=86400' });
      return res.end();
    }
    if (p !== '/' && p !== '/floor.html') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('Not found');
    }
    // compressed like the checkout's own pages, so that the comparison is fair
    const accept = String(req.headers['accept-encoding'] ?? '');
    const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', vary: 'accept-encoding' };
    let body = html;
    if (/\bbr\b/.test(accept)) {
      body = br;
      headers['content-encoding'] = 'br';
    } else if (/\bgzip\b/.test(accept)) {
      body = gz;
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  servers.add(server);
  return server;
}

async function startCheckout(extraEnv = {}, nodeArgs = []) {
  const serverFile = path.join(dist, 'server', 'server.mjs');
  if (!fs.existsSync(serverFile)) throw new HarnessError(`${path.relative(root, serverFile)} is missing: build first (drop --no-build)`);
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freePort();
    let merchantPort = await freePort();
    while (merchantPort === port) merchantPort = await freePort();
    // The sandbox's second origin (CONTRACT §5) on a free port too: never a running `npm start`'s 4402.
    let outsidePort = await freePort();
    while (outsidePort === port || outsidePort === merchantPort) outsidePort = await freePort();
    // an undefined value takes the variable out of the server's environment (e.g. CHECKOUT_SESSION_STORE: memory)
    const env = Object.fromEntries(Object.entries({ ...process.env, ...extraEnv }).filter(([, v]) => v !== undefined));
    const child = start(process.execPath, [...nodeArgs, serverFile], {
      env: { ...env, HOST: '127.0.0.1', PORT: String(port), MERCHANT_PORT: String(merchantPort), OUTSIDE_PORT: String(outsidePort) },
    });
    let log = '';
    child.stdout.on('data', (d) => {
      log += d;
    });
    child.stderr.on('data', (d) => {
      log += d;
    });
    if (await waitHealthy(`http://127.0.0.1:${port}/healthz`, child, 20_000)) {
      return { child, port, merchantPort, log: () => log };
    }
    await stop(child);
    console.error(`bench: checkout server did not come up on ${port}/${merchantPort} (attempt ${attempt}):\n${log.trim()}`);
  }
  throw new HarnessError('the checkout server did not start');
}

async function pageperf(o, { label, url, ready }) {
  const json = path.join(outDir, `pageperf-${label}.json`);
  fs.rmSync(json, { force: true });
  const chromium = o.chromium;
  const args = [
    path.join(toolsDir, 'pageperf.mjs'),
    '--url',
    url,
    '--ready',
    ready,
    '--runs',
    String(o.runs),
    '--warmup',
    String(o.warmup),
    '--profile',
    o.profile,
    '--label',
    label,
    '--json',
    json,
    '--quiet',
    '--chromium',
    chromium,
  ];
  const t = Date.now();
  console.log(`bench: pageperf ${label}: ${o.warmup} warmup + ${o.runs} run(s), ${o.profile}…`);
  // 60 s per run at most (pageperf's own per-run timeout), plus slack
  const r = await run(process.execPath, args, {
    timeoutMs: (o.runs + o.warmup) * 75_000 + 30_000,
    echo: false,
    label: `pageperf ${label}`,
    env: { ...process.env, TMPDIR: ownTmpDir() },
  });
  if (!fs.existsSync(json)) throw new HarnessError(`pageperf ${label} failed (exit ${r.code}):\n${(r.out + r.err).trim()}`);
  const res = JSON.parse(fs.readFileSync(json, 'utf8'));
  if (!res.runsOk) {
    const errors = [...new Set(res.runs.filter((x) => !x.ok).map((x) => String(x.error).split('\n')[0]))].join('; ');
    throw new HarnessError(`pageperf ${label}: no run succeeded (${errors})`);
  }
  res.wallMs = Date.now() - t;
  res.exitCode = r.code;
  console.log(`bench: pageperf ${label}: ${res.runsOk} ok, ${res.runsFailed} failed, ${(res.wallMs / 1000).toFixed(0)} s`);
  return res;
}

function perfSummary(res) {
  const m = (k) => res.summary[k]?.median ?? null;
  return {
    label: res.label,
    url: res.url,
    ready: res.ready,
    runsOk: res.runsOk,
    runsFailed: res.runsFailed,
    failures: res.runs.filter((r) => !r.ok).map((r) => String(r.error).split('\n')[0]),
    effectKinds: res.effectKinds,
    blockedRequests: res.blockedRequests,
    median: {
      fcpMs: m('fcpMs'),
      lcpMs: m('lcpMs'),
      markerVisibleMs: m('markerVisibleMs'),
      interactiveMs: m('interactiveMs'),
      tbtMs: m('tbtMs'),
      cls: m('cls'),
      longTaskTotalMs: m('longTaskTotalMs'),
      initialJsBytes: m('initialJsBytes'),
      initialCssBytes: m('initialCssBytes'),
      initialDocBytes: m('initialDocBytes'),
      initialTotalBytes: m('initialTotalBytes'),
      initialRequests: m('initialRequests'),
    },
    range: Object.fromEntries(
      ['fcpMs', 'lcpMs', 'markerVisibleMs', 'interactiveMs'].map((k) => [k, res.summary[k] ? [res.summary[k].min, res.summary[k].max] : null]),
    ),
  };
}

async function throttled(o) {
  const { ensureChromium } = await import('../bin/chromium.mjs');
  o.chromium = ensureChromium();
  if (!o.chromium) throw new HarnessError('no Chromium (set CHROMIUM_PATH, or run with --no-perf)');
  const floorFile = path.join(toolsDir, 'floor.html');
  if (!fs.existsSync(floorFile)) throw new HarnessError(`${floorFile} is missing`);

  const floor = floorServer(floorFile);
  const floorPort = await freePort();
  await new Promise((resolve, reject) => {
    floor.once('error', reject);
    floor.listen(floorPort, '127.0.0.1', resolve);
  });
  const checkout = await startCheckout();
  console.log(`bench: checkout on http://127.0.0.1:${checkout.port} (store ${checkout.merchantPort}), floor on http://127.0.0.1:${floorPort}`);

  const txnRef = `BENCH-${Date.now().toString(36)}-${process.pid}`;
  const q = new URLSearchParams({
    merchant_code: 'MX_DEMO',
    pay_item_id: 'P1',
    txn_ref: txnRef,
    amount: '150000',
    currency: '566',
    site_redirect_url: `http://127.0.0.1:${checkout.merchantPort}/return`,
    channels: 'TRANSFER',
  });
  const targets = {
    floor: { label: 'floor', url: `http://127.0.0.1:${floorPort}/`, ready: '[data-method="card"]' },
    checkout: { label: 'checkout', url: `http://127.0.0.1:${checkout.port}/pay?${q}`, ready: 'a[href^="/payment-methods"]' },
  };
  // sanity: the checkout answers the payment with its page (an "Incorrect Transaction" is a 400: a harness fault)
  const probe = await fetch(targets.checkout.url, { signal: AbortSignal.timeout(15_000) }).catch((e) => ({
    ok: false,
    status: e.message,
    text: async () => '',
  }));
  const html = await probe.text();
  if (!probe.ok || !/id="oja-root"/.test(html)) {
    throw new HarnessError(`GET /pay did not answer the checkout page (status ${probe.status}); server log:\n${checkout.log().trim()}`);
  }
  // Is the marker in the server's HTML (a real link, usable before hydration), or rendered on the client only?
  const markerServerRendered = /<a\b[^>]*\bhref="\/payment-methods/.test(html);
  const floorHtml = fs.readFileSync(floorFile, 'utf8');
  if (!/data-method="card"/.test(floorHtml)) throw new HarnessError('floor.html no longer has its [data-method="card"] marker');

  const floorRes = await pageperf(o, targets.floor);
  const checkoutRes = await pageperf(o, targets.checkout);
  await stop(checkout.child);
  await new Promise((r) => {
    floor.closeAllConnections?.();
    floor.close(() => r());
  });
  servers.delete(floor);

  const f = perfSummary(floorRes);
  const c = perfSummary(checkoutRes);
  const ratio = (k) => (c.median[k] != null && f.median[k] ? c.median[k] / f.median[k] : null);
  return {
    profile: o.profile,
    throttle: checkoutRes.throttle,
    runs: o.runs,
    warmup: o.warmup,
    chromium: o.chromium,
    txnRef,
    markerServerRendered,
    floor: f,
    checkout: c,
    ratios: { fcp: ratio('fcpMs'), lcp: ratio('lcpMs'), interactive: ratio('interactiveMs') },
    raw: {
      floor: path.relative(root, path.join(outDir, 'pageperf-floor.json')),
      checkout: path.relative(root, path.join(outDir, 'pageperf-checkout.json')),
    },
  };
}

function perfRows(perf) {
  const { floor: f, checkout: c, ratios } = perf;
  const row = (name, k, r, fmt = fmtMs) => [name, fmt(f.median[k]), fmt(c.median[k]), r === undefined ? '' : fmtRatio(r)];
  return {
    headers: ['median', 'floor', 'checkout', 'checkout/floor'],
    rows: [
      row('FCP ms', 'fcpMs', ratios.fcp),
      row('LCP ms', 'lcpMs', ratios.lcp),
      row('marker visible ms', 'markerVisibleMs'),
      row('interactive (tap worked) ms', 'interactiveMs', ratios.interactive),
      row('TBT-like ms', 'tbtMs'),
      row('CLS', 'cls', undefined, (v) => (v == null ? '–' : v.toFixed(3))),
      row('initial wire KiB (doc+js+css+other)', 'initialTotalBytes', undefined, (v) => (v == null ? '–' : fmtKiB(v))),
      ['runs ok / failed', `${f.runsOk}/${f.runsFailed}`, `${c.runsOk}/${c.runsFailed}`, ''],
    ],
  };
}

// ---------------------------------------------------------------- 4. memory
/** Resident memory of a process, bytes (Linux /proc). */
function rssOf(pid) {
  const bytes = readRss(pid);
  if (bytes == null) throw new HarnessError(`no VmRSS for ${pid}`);
  return bytes;
}

/**
 * Starts the built server (sandbox on, no faults), sends RSS_REQUESTS POST /pay of distinct payments,
 * RSS_CONCURRENCY at a time, and reads its RSS before, right after, and after a short idle.
 */
async function memory() {
  const checkout = await startCheckout(QUIET_SANDBOX, [`--max-old-space-size=${RSS_HEAP_MIB}`]);
  const base = `http://127.0.0.1:${checkout.port}`;
  const MiB = 1024 * 1024;
  try {
    await fetch(`${base}/pay`, { method: 'POST', body: new URLSearchParams({ merchant_code: 'MX_DEMO' }) }).then((r) => r.text());
    const before = rssOf(checkout.child.pid);
    const run = Date.now().toString(36);
    let next = 0;
    let failed = 0;
    const started = Date.now();
    console.log(`bench: memory: ${RSS_REQUESTS} POST /pay to the checkout (${RSS_CONCURRENCY} at a time)…`);
    const agent = new http.Agent({ keepAlive: true, maxSockets: RSS_CONCURRENCY });
    const post = (i) =>
      new Promise((resolve) => {
        const body = new URLSearchParams({
          merchant_code: 'MX_DEMO',
          pay_item_id: 'P1',
          txn_ref: `RSS-${run}-${i}`,
          amount: '150000',
          currency: '566',
          site_redirect_url: `http://127.0.0.1:${checkout.merchantPort}/return`,
          channels: 'TRANSFER,CARD',
        }).toString();
        const req = http.request(
          `${base}/pay`,
          { method: 'POST', agent, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } },
          (res) => {
            if (res.statusCode !== 200) failed += 1;
            res.resume();
            res.on('end', resolve);
          },
        );
        req.on('error', () => {
          failed += 1;
          resolve();
        });
        req.end(body);
      });
    await Promise.all(
      Array.from({ length: RSS_CONCURRENCY }, async () => {
        while (next < RSS_REQUESTS) await post(next++);
      }),
    );
    agent.destroy();
    const seconds = (Date.now() - started) / 1000;
    const alive = children.has(checkout.child);
    const after = alive ? rssOf(checkout.child.pid) : Infinity;
    await sleep(3_000);
    const idle = children.has(checkout.child) ? rssOf(checkout.child.pid) : Infinity;
    // Out of heap (memory that grows with every payment) is a broken budget, not a harness fault.
    if (failed && alive)
      throw new HarnessError(`memory: ${failed} of ${RSS_REQUESTS} POST /pay did not answer 200; server log:\n${checkout.log().trim().slice(-2000)}`);
    if (!alive)
      console.error(`bench: memory: the checkout server died under load (heap limit ${RSS_HEAP_MIB} MiB):\n${checkout.log().trim().slice(-2000)}`);
    return {
      heapLimitMiB: RSS_HEAP_MIB,
      failed,
      requests: RSS_REQUESTS,
      concurrency: RSS_CONCURRENCY,
      perSecond: Math.round(RSS_REQUESTS / seconds),
      rssBeforeMiB: Math.round(before / MiB),
      rssAfterMiB: Math.round(after / MiB),
      rssIdleMiB: Math.round(idle / MiB),
      budgetMiB: RSS_BUDGET_MIB,
      ok: alive && failed === 0 && after <= RSS_BUDGET_MIB * MiB,
    };
  } finally {
    await stop(checkout.child);
  }
}

function memoryLine(m) {
  return `heap limit ${m.heapLimitMiB} MiB: RSS ${m.rssBeforeMiB} MiB before, ${m.rssAfterMiB} MiB after ${m.requests} POST /pay (${m.perSecond}/s, ${m.concurrency} at a time), ${m.rssIdleMiB} MiB 3 s later; budget ${m.budgetMiB} MiB: ${m.ok ? 'ok' : 'OVER'}`;
}

// ---------------------------------------------------------------- 5. load
/** load.mjs's scenarios with the in-memory store, then with a Redis of our own; each scenario on a fresh server. */
async function load(o) {
  const startWith = (store) => async () => {
    // the server's default heap: the figures are those of `npm start`, not of the memory step's capped heap
    const c = await startCheckout({ ...QUIET_SANDBOX, CHECKOUT_SESSION_STORE: store });
    return {
      base: `http://127.0.0.1:${c.port}`,
      merchantPort: c.merchantPort,
      pid: c.child.pid,
      stop: () => stop(c.child),
      alive: () => children.has(c.child),
      log: c.log,
    };
  };
  const common = {
    connections: o.connections,
    durationS: o.durationS,
    windowS: LOAD_WINDOW_S,
    runId: `${Date.now().toString(36)}-${process.pid}`,
    log: (l) => console.log(l),
  };
  const runs = [await loadStore({ ...common, store: 'memory', start: startWith(undefined) })];
  if (o.redis) {
    let redis;
    try {
      redis = await startRedis();
    } catch (e) {
      throw new HarnessError(`load: ${e.message} (or run with --no-redis)`);
    }
    try {
      runs.push(await loadStore({ ...common, store: 'redis', start: startWith(redis.url) }));
    } finally {
      await redis.stop();
    }
  }
  return {
    connections: o.connections,
    durationS: o.durationS,
    windowS: LOAD_WINDOW_S,
    machine: `${os.cpus().length} cores, shared by the server and the load generator`,
    runs,
  };
}

function printLoad(loadReport) {
  const t = loadTable(loadReport);
  console.log(`\nLoad: ${loadReport.connections} connections, ${loadReport.durationS} s per scenario, a fresh server each (${loadReport.machine})\n`);
  console.log(table(t.headers, t.rows, t.align));
}

/** A server that died under load breaks the run; everything else the load step finds is a warning. */
function loadVerdict(loadReport) {
  return { violations: loadReport.runs.flatMap((r) => r.died.map((d) => `load, ${r.store}: ${d}`)), warnings: loadWarnings(loadReport) };
}

// ---------------------------------------------------------------- 6. report
function writeReport(report) {
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  const md = [];
  md.push('# Oja Checkout: performance report', '');
  md.push(
    `Measured ${report.measuredAt} on Node ${process.versions.node}, ${report.machine}. Budgets from the developers' guide; bytes per file as served (gzip level 9, brotli quality 11), KiB = 1024 bytes.`,
    '',
  );
  if (report.bytes) {
    const b = bytesSection(report.bytes, report.react);
    md.push('## Bytes', '', mdTable(b.headers, b.rows, ['l', 'l', 'r', 'r', 'r', 'r', 'l']), '');
    md.push(
      `Initial route JS+CSS is **${fmtRatio(report.reactRatio.totalGzip)}** React alone (gzip; JS only ${fmtRatio(report.reactRatio.jsGzip)}); ours on top of React ≈ ${fmtKiB(report.reactRatio.oursGzip)} KiB gzip.`,
      '',
    );
    md.push(`Initial route packages: ${report.bytes.initial.packages.join(', ') || 'none'}.`, '');
    md.push(
      'Initial route files:',
      '',
      mdTable(
        ['file', 'raw KiB', 'gzip KiB', 'br KiB', 'packages'],
        [...report.bytes.initial.files.js, ...report.bytes.initial.files.css].map((f) => [
          f.file,
          fmtKiB(f.raw),
          fmtKiB(f.gzip),
          fmtKiB(f.brotli),
          (f.packages ?? []).join(', '),
        ]),
        ['l', 'r', 'r', 'r', 'l'],
      ),
      '',
    );
    md.push(
      `Shared check (\`${report.sharedCheck.command}\`, JS only): **${report.sharedCheck.verdict}**`,
      '',
      '```',
      report.sharedCheck.output,
      '```',
      '',
    );
  }
  md.push('## Memory', '', report.memory ? `Checkout server with its in-memory sandbox: ${memoryLine(report.memory)}.` : 'Skipped (--no-rss).', '');
  if (report.load) {
    const t = loadTable(report.load);
    md.push('## Load', '');
    md.push(
      `autocannon, ${report.load.connections} connections, ${report.load.durationS} s per scenario, each on a freshly started server (sandbox without latency or faults); ${report.load.machine}. Page GET: a reload of a live payment's page (\`<page>?p=<session>\`); POST /pay: a new payment per request. Latency over every answer; "server says" is the store its /healthz names.`,
      '',
    );
    md.push(mdTable(t.headers, t.rows, t.align), '');
  } else {
    md.push('## Load', '', 'Skipped (--no-load).', '');
  }
  if (report.perf) {
    const p = perfRows(report.perf);
    const t = report.perf.throttle;
    md.push('## Throttled cold loads', '');
    md.push(
      `pageperf, profile ${report.perf.profile} (${t.latencyMs} ms, ${Math.round(t.downKbps)} kbps down, ${t.cpu}x CPU), ${report.perf.warmup} warmup + ${report.perf.runs} runs each, medians. Floor: \`floor.html\` (ready \`${report.perf.floor.ready}\`). Checkout: GET /pay with channels TRANSFER, the transfer screen that opens by itself (ready \`${report.perf.checkout.ready}\`, ${report.perf.markerServerRendered ? 'in the server-rendered HTML' : 'NOT in the server-rendered HTML: rendered after hydration'}). Reported, not gated: quote the ratios.`,
      '',
    );
    md.push(mdTable(p.headers, p.rows), '');
  } else {
    md.push('## Throttled cold loads', '', 'Skipped (--no-perf).', '');
  }
  md.push('## Verdict', '');
  if (report.violations.length) md.push(...report.violations.map((v) => `- FAIL: ${v}`));
  if (report.warnings.length) md.push(...report.warnings.map((v) => `- warning: ${v}`));
  if (!report.violations.length) md.push('- all byte budgets met');
  md.push('', `Run took ${(report.durationMs / 1000).toFixed(0)} s.`, '');
  fs.writeFileSync(path.join(outDir, 'report.md'), md.join('\n'));
}

// ---------------------------------------------------------------- main
async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.help) {
    console.log(
      fs
        .readFileSync(fileURLToPath(import.meta.url), 'utf8')
        .split('\n')
        .filter((_line, i, all) => all.slice(0, i + 1).every((x) => x.startsWith('//')))
        .join('\n')
        .replace(/^\/\/ ?/gm, ''),
    );
    return 0;
  }
  if (o.build) await build();
  if (o.rssOnly) {
    const m = await memory();
    console.log(`\nMemory: ${memoryLine(m)}`);
    return m.ok ? 0 : 1;
  }
  if (o.loadOnly) {
    const loadReport = await load(o);
    printLoad(loadReport);
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'load.json'), `${JSON.stringify({ measuredAt: new Date().toISOString(), ...loadReport }, null, 2)}\n`);
    const { violations, warnings } = loadVerdict(loadReport);
    console.log('');
    for (const w of warnings) console.log(`WARNING: ${w}`);
    for (const v of violations) console.log(`FAIL: ${v}`);
    console.log(`bench: load figures in ${path.relative(root, path.join(outDir, 'load.json'))}`);
    return violations.length ? 1 : 0;
  }
  const metaFile = path.join(dist, 'meta.json');
  const manifestFile = path.join(dist, 'client', 'manifest.json');
  if (!fs.existsSync(metaFile) || !fs.existsSync(manifestFile))
    throw new HarnessError('dist/meta.json or dist/client/manifest.json missing: build first (drop --no-build)');
  fs.mkdirSync(outDir, { recursive: true });

  const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8'));
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  let bytes;
  try {
    bytes = accountBytes({ meta, manifest, root, assetsDir: path.join(dist, 'client', 'assets') });
    // The merchant SDK is no part of the checkout's routes: merchants' pages load it, under its own budget.
    const sdkFile = path.join(dist, 'client', 'inline-checkout.js');
    if (!fs.existsSync(sdkFile)) throw new Error('dist/client/inline-checkout.js is missing: build first (drop --no-build)');
    bytes.sdk = accountSdk(sdkFile);
    bytes.violations = checkBudgets(bytes);
  } catch (e) {
    throw new HarnessError(`byte accounting: ${e.message}`);
  }
  const react = await reactBaseline();
  const sharedCheck = await sharedCheckBudget(bytes.initial.entry);
  if (sharedCheck.verdict === 'error') throw new HarnessError(`check-budget.mjs failed (exit ${sharedCheck.exitCode}):\n${sharedCheck.output}`);

  const violations = [...bytes.violations];
  if (sharedCheck.verdict === 'FAIL') violations.push('shared check-budget.mjs: FAIL (see its output)');
  const warnings = [];
  const reactRatio = {
    jsGzip: bytes.initial.js.gzip / react.gzip,
    totalGzip: bytes.initial.total.gzip / react.gzip,
    jsBrotli: bytes.initial.js.brotli / react.brotli,
    oursGzip: bytes.initial.total.gzip - react.gzip,
  };

  const b = bytesSection(bytes, react);
  console.log('\nBytes (KiB = 1024 B; gzip -9, brotli q11, per file as served)\n');
  console.log(table(b.headers, b.rows, ['l', 'l', 'r', 'r', 'r', 'r', 'l']));
  console.log(
    `\ninitial route = ${fmtRatio(reactRatio.totalGzip)} React alone (gzip, JS+CSS; JS only ${fmtRatio(reactRatio.jsGzip)}); ours on top ≈ ${fmtKiB(reactRatio.oursGzip)} KiB gzip`,
  );
  console.log(`initial route packages: ${bytes.initial.packages.join(', ') || 'none'}`);
  console.log(`\nshared check (JS only): ${sharedCheck.verdict}\n${sharedCheck.output.replace(/^/gm, '  ')}`);

  let perf = null;
  if (o.perf) {
    perf = await throttled(o);
    const p = perfRows(perf);
    console.log(`\nThrottled cold loads (${perf.profile}, ${perf.warmup} warmup + ${perf.runs} runs, medians)\n`);
    console.log(table(p.headers, p.rows));
    if (!perf.markerServerRendered)
      warnings.push(
        `the checkout's marker ${perf.checkout.ready} is not in the server-rendered HTML of the first screen: its "marker visible" and "interactive" include hydration and the client's own requests`,
      );
    if (perf.ratios.lcp != null && perf.ratios.lcp > LCP_RATIO_WARN)
      warnings.push(`checkout LCP is ${fmtRatio(perf.ratios.lcp)} the floor's (over ${LCP_RATIO_WARN}x)`);
    for (const side of [perf.floor, perf.checkout]) {
      if (side.runsFailed) warnings.push(`${side.label}: ${side.runsFailed} run(s) failed: ${[...new Set(side.failures)].join('; ')}`);
      if (side.blockedRequests.length)
        warnings.push(`${side.label}: requests to non-loopback addresses were blocked: ${side.blockedRequests.join(', ')}`);
    }
  }

  let memoryReport = null;
  if (o.rss) {
    memoryReport = await memory();
    console.log(`\nMemory: ${memoryLine(memoryReport)}`);
    if (!memoryReport.ok)
      violations.push(
        `checkout server RSS ${memoryReport.rssAfterMiB} MiB after ${memoryReport.requests} POST /pay, over ${memoryReport.budgetMiB} MiB`,
      );
  }

  let loadReport = null;
  if (o.load) {
    loadReport = await load(o);
    printLoad(loadReport);
    const verdict = loadVerdict(loadReport);
    violations.push(...verdict.violations);
    warnings.push(...verdict.warnings);
  }

  const report = {
    memory: memoryReport,
    load: loadReport,
    measuredAt: new Date().toISOString(),
    machine: `${os.cpus().length} cores`,
    budgets: DEFAULT_BUDGETS,
    bytes,
    react,
    reactRatio,
    sharedCheck,
    perf,
    violations,
    warnings,
    ok: violations.length === 0,
    durationMs: Date.now() - started,
  };
  writeReport(report);
  console.log('');
  for (const w of warnings) console.log(`WARNING: ${w}`);
  for (const v of violations) console.log(`FAIL: ${v}`);
  console.log(
    `bench: ${violations.length ? 'budget exceeded' : 'all byte budgets met'}; report in ${path.relative(root, path.join(outDir, 'report.md'))} and report.json (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  return violations.length ? 1 : 0;
}

let code;
try {
  code = await main();
} catch (e) {
  if (interrupted) {
    code = 130;
  } else {
    console.error(`bench: harness failure: ${e instanceof HarnessError ? e.message : (e?.stack ?? e)}`);
    code = 2;
  }
} finally {
  await cleanup();
}
process.exit(code);
