// `npm run bench`: the performance report.
//   1. builds (unless --no-build),
//   2. bytes of the initial route and of each lazy screen (gzip 9, brotli 11) against the developers' guide's
//      budgets, the merchant SDK's script against its own, the shared check-budget.mjs verdict, and the initial
//      route's weight next to React alone,
//   3. the catalogue case (unless --no-generated): a second build with 20 generated channels in a temporary app,
//      and what each adds to the initial route (generated.mjs),
//      then throttled cold loads (../shared/tools/pageperf.mjs, firstScreen.mjs) of the static floor page and of the
//      checkout's first screens (transfer; every channel tapped on a row's title, description and edge; the
//      generated catalogue), interleaved run by run, as medians and ratios to the floor paired round by round, gated by
//      the first screen's budgets (firstScreen.mjs FIRST_SCREEN_BUDGETS); a few traced loads per case (trace.mjs): the
//      main thread's busy time and what its long tasks were made of; the
//      steps after the first tap (steps.mjs); the request waterfalls (waterfall.mjs),
//   4. the checkout server's memory: RSS after 10,000 POST /pay under a 128 MiB heap limit (unless --no-rss),
//      against RSS_BUDGET_MIB,
//   5. load (unless --no-load; load.mjs): page reloads and POST /pay at 50 connections for 20 s each, with the
//      in-memory store and with a real Redis (CHECKOUT_SESSION_STORE): requests/s overall and per 5 s, p50, p99,
//      errors, the server's RSS before, after and at its peak (reported, not gated, but a server dying under load),
//   6. a table on stdout, dist/bench/report.json and dist/bench/report.md.
// Exit 0 all budgets met, 1 a byte, memory or first-screen budget broken, a forbidden package on the initial route, or the server
// died under load, 2 harness failure.
// Usage: node scripts/bench/bench.mjs [--no-build] [--no-perf] [--no-rss] [--rss-only] [--no-load] [--load-only] [--no-redis]
//          [--duration S] [--connections N] [--quick] [--runs N] [--warmup N] [--profile slow4g] [--no-generated]
//   --runs N: rounds of the first screen's cases (default 25, about 11 minutes); --warmup N: discarded rounds (1).
//   --no-generated: without the catalogue case (a second build with 20 generated channels, about 40 s).
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
import {
  FIRST_SCREEN_BUDGETS,
  firstScreenCases,
  firstScreenViolations,
  payUrl,
  ratioRows,
  runFirstScreen,
  settleBrowserLaunches,
} from './firstScreen.mjs';
import { medianSummary, summaryTable, traceOnce } from './trace.mjs';
import { measureSteps } from './steps.mjs';
import { writeGeneratedApp } from './generated.mjs';
import { medianWaterfall, recordWaterfall, waterfallTable } from './waterfall.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The shared measuring tools sit beside the repository; OJA_TOOLS_DIR points elsewhere (a worktree deeper down).
const toolsDir = process.env.OJA_TOOLS_DIR ? path.resolve(process.env.OJA_TOOLS_DIR) : path.resolve(root, '../shared/tools');
const dist = path.join(root, 'dist');
const outDir = path.join(dist, 'bench');
const started = Date.now();
const LCP_RATIO_WARN = 2.0;
/** Generated channels the catalogue case installs beside every real one. */
const GENERATED_CHANNELS = 20;
/** What each generated channel may add to the initial route, gzip KiB (its plugin object and row, no more). */
const GENERATED_CHANNEL_AIM_KIB = 0.3;
/** Traced cold loads per case (trace.mjs): the main thread's busy time and what its long tasks were made of. */
const TRACE_RUNS = 3;
/** Payers timed after the first tap (card form, PIN pad): their medians hold within about 10 ms from 11 on. */
const STEP_PAYERS = 11;
/** Cold loads per case whose median request waterfall the report shows. */
const WATERFALL_RUNS = 3;
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
    generated: true,
    rss: true,
    rssOnly: false,
    load: true,
    loadOnly: false,
    redis: true,
    quick: false,
    // Rounds of the first screen's cases. In a settled browser (BROWSER_SETTLE_MS) one load's LCP ratio to the floor's
    // still spreads by about 0.14 (standard deviation, 21 rounds, nothing else running): a median of 15 rounds moves
    // by about ±0.045 from run to run, of 25 by about ±0.035 (about 11 minutes for the six cases).
    runs: 25,
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
    else if (name === '--no-generated') o.generated = false;
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
const median = (a) => {
  const v = [...a].sort((x, y) => x - y);
  return v.length ? (v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2) : null;
};
/** An expiry the card entry accepts: December, two years from now (MM/YY). */
const cardExpiry = () => `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;

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

/**
 * The catalogue case: GENERATED_CHANNELS generated channel packages installed beside every real channel in a
 * temporary app (generated.mjs), built there (OJA_CONFIG, OJA_DIST): its server, and what each generated channel
 * adds to the initial route against the repository's build.
 */
async function buildGenerated(bytes) {
  const dir = path.join(ownTmpDir(), 'generated-app');
  const base = JSON.parse(fs.readFileSync(path.join(root, 'oja.config.json'), 'utf8'));
  writeGeneratedApp(dir, base, GENERATED_CHANNELS);
  const out = path.join(dir, 'dist');
  console.log(`bench: building with ${GENERATED_CHANNELS} generated channels (${path.relative(root, dir)})…`);
  const r = await run(process.execPath, [path.join(root, 'scripts/build/build.mjs'), '--app-only'], {
    timeoutMs: 180_000,
    label: 'generated build',
    echo: false,
    env: { ...process.env, OJA_CONFIG: path.join(dir, 'oja.config.json'), OJA_DIST: out },
  });
  if (r.code !== 0) throw new HarnessError(`the build with generated channels failed (exit ${r.code}):\n${(r.out + r.err).trim().slice(-2000)}`);
  const generated = accountBytes({
    meta: JSON.parse(fs.readFileSync(path.join(out, 'meta.json'), 'utf8')),
    manifest: JSON.parse(fs.readFileSync(path.join(out, 'client', 'manifest.json'), 'utf8')),
    root,
    assetsDir: path.join(out, 'client', 'assets'),
  });
  const addedGzip = generated.initial.total.gzip - bytes.initial.total.gzip;
  return {
    count: GENERATED_CHANNELS,
    serverFile: path.join(out, 'server', 'server.mjs'),
    initialGzip: generated.initial.total.gzip,
    baseGzip: bytes.initial.total.gzip,
    perChannelGzip: addedGzip / GENERATED_CHANNELS,
    aimKiB: GENERATED_CHANNEL_AIM_KIB,
    initialFiles: generated.initial.files.js.length + generated.initial.files.css.length,
  };
}

function generatedLine(g) {
  return `${g.count} generated channels: initial route ${fmtKiB(g.baseGzip)} → ${fmtKiB(g.initialGzip)} KiB gzip (${g.initialFiles} files), ${(g.perChannelGzip / KiB).toFixed(2)} KiB per channel (aim under ${g.aimKiB})`;
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

async function startCheckout(extraEnv = {}, nodeArgs = [], serverFile = path.join(dist, 'server', 'server.mjs')) {
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

/** Serves floor.html on a free port of its own. */
async function startFloor() {
  const floorFile = path.join(toolsDir, 'floor.html');
  if (!fs.existsSync(floorFile)) throw new HarnessError(`${floorFile} is missing`);
  if (!/data-method="card"/.test(fs.readFileSync(floorFile, 'utf8')))
    throw new HarnessError('floor.html no longer has its [data-method="card"] marker');
  const floor = floorServer(floorFile);
  const floorPort = await freePort();
  await new Promise((resolve, reject) => {
    floor.once('error', reject);
    floor.listen(floorPort, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${floorPort}/`,
    stop: () =>
      new Promise((r) => {
        floor.closeAllConnections?.();
        floor.close(() => r());
        servers.delete(floor);
      }),
  };
}

/** The checkout answers a payment with its page, its marker a real link in the server's HTML (usable before hydration). */
async function probeCase(c) {
  const probe = await fetch(c.url, { signal: AbortSignal.timeout(15_000) }).catch((e) => ({ ok: false, status: e.message, text: async () => '' }));
  const html = await probe.text();
  if (!probe.ok || !/id="oja-root"/.test(html))
    throw new HarnessError(`${c.key}: GET /pay did not answer the checkout page (status ${probe.status})`);
  return /<a\b[^>]*\bhref="\/pay/.test(html);
}

/**
 * 3. The first screen of every case against the floor, interleaved run by run (firstScreen.mjs); the steps after the
 * first tap (steps.mjs); the request waterfall of the checkout's cases (waterfall.mjs).
 */
async function throttled(o, generatedBuild) {
  const { ensureChromium } = await import('../bin/chromium.mjs');
  o.chromium = ensureChromium();
  if (!o.chromium) throw new HarnessError('no Chromium (set CHROMIUM_PATH, or run with --no-perf)');
  // Every load of this step, pageperf's included, in a browser left to settle after its launch.
  const settleMs = settleBrowserLaunches();
  const floor = await startFloor();
  const started = [await startCheckout()];
  const checkout = { base: `http://127.0.0.1:${started[0].port}`, merchantPort: started[0].merchantPort };
  let generated;
  if (generatedBuild) {
    const g = await startCheckout({}, [], generatedBuild.serverFile);
    started.push(g);
    generated = { base: `http://127.0.0.1:${g.port}`, merchantPort: g.merchantPort, count: generatedBuild.count };
  }
  try {
    const txnRef = `BENCH-${Date.now().toString(36)}-${process.pid}`;
    const cases = firstScreenCases({ floorUrl: floor.url, checkout, generated, txnRef });
    const markerServerRendered = {};
    for (const c of cases.filter((x) => !x.floor)) markerServerRendered[c.key] = await probeCase(c);
    console.log(`bench: first screen: ${cases.length} cases, ${o.warmup} warmup + ${o.runs} rounds, interleaved (${o.profile})…`);
    const results = await runFirstScreen({
      toolsDir,
      cases,
      runs: o.runs,
      warmup: o.warmup,
      profile: o.profile,
      chromium: o.chromium,
      log: (l) => console.log(l),
    });
    fs.writeFileSync(path.join(outDir, 'pageperf-cases.json'), `${JSON.stringify(results, null, 2)}\n`);
    const summaries = Object.fromEntries(results.map((r) => [r.key, perfSummary(r)]));

    const payers = Math.min(o.runs, STEP_PAYERS);
    console.log(`bench: after the first tap: ${payers} payer(s) on the method list…`);
    const steps = [];
    for (let i = 0; i < payers; i++) {
      const url = payUrl(checkout.base, checkout.merchantPort, `${txnRef}-STEP${i}`);
      steps.push(await measureSteps({ url, chromium: o.chromium, profile: o.profile, expiry: cardExpiry() }));
    }
    const stepMedian = (k) => median(steps.filter((s) => s.ok).map((s) => s[k]));

    const waterfalls = {};
    for (const c of cases.filter((x) => x.key === 'transfer' || x.key === 'all-title' || x.key === 'floor')) {
      const runs = [];
      for (let i = 0; i < WATERFALL_RUNS; i++) runs.push(await recordWaterfall({ url: c.url, chromium: o.chromium, profile: o.profile }));
      waterfalls[c.key] = medianWaterfall(runs);
    }
    // The main thread's CPU time beside the wall-clock figures, and where the long tasks go: a few traced loads per
    // case (tracing weighs on the page a little: these loads are not the ones timed above).
    console.log(`bench: tracing the main thread: ${TRACE_RUNS} loads per case…`);
    const traces = {};
    for (const c of cases) {
      const runs = [];
      for (let i = 0; i < TRACE_RUNS; i++)
        runs.push(await traceOnce({ url: c.url, tap: c.ready, chromium: o.chromium, profile: o.profile, settleMs: 1000 }));
      traces[c.key] = medianSummary(runs);
    }
    return {
      profile: o.profile,
      settleMs,
      throttle: results[0].throttle,
      traces,
      runs: o.runs,
      warmup: o.warmup,
      chromium: o.chromium,
      txnRef,
      markerServerRendered,
      cases: summaries,
      rows: ratioRows(results),
      steps: {
        runs: steps,
        cardFormMs: stepMedian('cardFormMs'),
        pinPadMs: stepMedian('pinPadMs'),
        failed: steps.filter((s) => !s.ok).map((s) => s.error),
      },
      waterfalls,
      load: os.loadavg().map((x) => Number(x.toFixed(2))),
    };
  } finally {
    for (const c of started) await stop(c.child);
    await floor.stop();
  }
}

/**
 * A paired ratio as the report shows it: the middle half's mean (what the budgets judge), the middle half's range, the
 * median, the outlying rounds.
 */
function pairedCell(p) {
  if (!p) return '';
  const spread = p.n > 1 ? ` (${p.q1.toFixed(2)}–${p.q3.toFixed(2)}; median ${fmtRatio(p.median)})` : '';
  const out = p.outliers.length ? `, ${p.outliers.length} outlier${p.outliers.length > 1 ? 's' : ''}` : '';
  return `${fmtRatio(p.mean)}${spread}${out}`;
}

function perfRows(perf) {
  return {
    headers: [
      'case (medians)',
      'FCP ms',
      'LCP ms',
      'LCP / floor: middle half mean (range)',
      'first working tap ms',
      'tap / floor: middle half mean (range)',
      'long tasks ms',
      'main thread busy ms (traced)',
      'initial KiB',
      'requests',
    ],
    rows: perf.rows.map((r) => [
      r.label,
      fmtMs(r.fcpMs),
      fmtMs(r.lcpMs),
      pairedCell(r.lcpPaired),
      fmtMs(r.tapMs),
      pairedCell(r.tapPaired),
      fmtMs(r.longTaskMs),
      perf.traces?.[r.key] ? fmtMs(perf.traces[r.key].busyMs) : '–',
      r.initialBytes == null ? '–' : fmtKiB(r.initialBytes),
      r.initialRequests == null ? '–' : String(r.initialRequests),
    ]),
  };
}

function stepsLine(perf) {
  const s = perf.steps;
  return `after the first tap (method list, medians of ${s.runs.filter((r) => r.ok).length} payers): tap "Pay with Card" → card form usable ${fmtMs(s.cardFormMs)} ms; tap Pay (PIN test card) → PIN pad ${fmtMs(s.pinPadMs)} ms${s.failed.length ? `; failed: ${s.failed.join('; ')}` : ''}`;
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
  if (report.generated)
    md.push(
      '## Catalogue: generated channels',
      '',
      `${generatedLine(report.generated)}. Their first screen's time is the "generated" case below.`,
      '',
    );
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
    const perf = report.perf;
    const p = perfRows(perf);
    const t = perf.throttle;
    md.push('## Throttled cold loads: the first screen against the static floor', '');
    md.push(
      `pageperf (\`../shared/tools/pageperf.mjs\`, run in-process), profile ${perf.profile} (${t.latencyMs} ms, ${Math.round(t.downKbps)} kbps down, ${t.cpu}x CPU), ${perf.warmup} warmup + ${perf.runs} rounds, every case once per round (interleaved, so that the machine's load weighs on all alike), medians; a fresh Chromium per load, left ${perf.settleMs} ms to settle after its launch (a payer's browser is already running; the cache is cold). Floor: \`floor.html\`, the same list without script. Ratios are paired: each round's load against the floor's load of the same round; the budgets judge the mean of the middle half of those ratios (LCP comes in whole frames, 16.7 ms, so a median jumps a frame's worth from run to run), shown with the middle half's range and the median; rounds beyond 1.5 times that range are named as outliers. The first working tap is when a tap on the marker first had an effect (a navigation of any kind: before hydration the row is a plain link). Long tasks: the page's tasks of 50 ms or more, summed, from the first byte to 1 s after the tap. Main thread busy: every task's time on the page's main thread (its CPU time under the throttling), from ${TRACE_RUNS} traced loads per case. Load average when measured: ${perf.load.join(', ')} on ${os.cpus().length} cores. Budgets, every case: LCP ${FIRST_SCREEN_BUDGETS.lcpRatio}x, first tap ${FIRST_SCREEN_BUDGETS.tapRatio}x, long tasks ${FIRST_SCREEN_BUDGETS.longTaskMs} ms.`,
      '',
    );
    md.push(mdTable(p.headers, p.rows, ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r']), '');
    if (perf.traces) {
      md.push('### Where the long tasks go (traced loads, medians)', '');
      for (const [key, t] of Object.entries(perf.traces))
        md.push(`#### ${perf.rows.find((r) => r.key === key)?.label ?? key}`, '', summaryTable(t), '');
    }
    md.push(`${stepsLine(perf)}.`, '');
    for (const [key, w] of Object.entries(perf.waterfalls ?? {})) {
      md.push(
        `### Request waterfall: ${perf.rows.find((r) => r.key === key)?.label ?? key} (medians of ${w.runs} loads, ms from the document's request)`,
        '',
      );
      md.push(waterfallTable(w), '');
    }
  } else {
    md.push('## Throttled cold loads', '', 'Skipped (--no-perf).', '');
  }
  md.push('## Verdict', '');
  if (report.violations.length) md.push(...report.violations.map((v) => `- FAIL: ${v}`));
  if (report.warnings.length) md.push(...report.warnings.map((v) => `- warning: ${v}`));
  if (!report.violations.length) md.push('- all budgets met');
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

  let generatedBuild = null;
  if (o.generated) {
    generatedBuild = await buildGenerated(bytes);
    console.log(`\n${generatedLine(generatedBuild)}`);
    if (generatedBuild.perChannelGzip > GENERATED_CHANNEL_AIM_KIB * KiB)
      warnings.push(
        `each generated channel adds ${(generatedBuild.perChannelGzip / KiB).toFixed(2)} KiB to the initial route (aim under ${GENERATED_CHANNEL_AIM_KIB})`,
      );
  }

  let perf = null;
  if (o.perf) {
    perf = await throttled(o, generatedBuild);
    const p = perfRows(perf);
    console.log(
      `\nFirst screen against the static floor (${perf.profile}, ${perf.warmup} warmup + ${perf.runs} interleaved rounds, medians; load ${perf.load.join(', ')})\n`,
    );
    console.log(table(p.headers, p.rows));
    console.log(`\n${stepsLine(perf)}`);
    for (const [key, served] of Object.entries(perf.markerServerRendered))
      if (!served) warnings.push(`${key}: the page's HTML has no link to tap before hydration: its first working tap includes hydration`);
    violations.push(...firstScreenViolations(perf.rows, FIRST_SCREEN_BUDGETS));
    for (const r of perf.rows) {
      for (const [what, p] of [
        ['LCP', r.lcpPaired],
        ['first tap', r.tapPaired],
      ])
        if (p?.outliers.length)
          warnings.push(`${r.label}: ${what} outlying rounds ${p.outliers.map((x) => `${x.round} (${fmtRatio(x.ratio)})`).join(', ')}`);
      if (r.lcpRatio != null && r.lcpRatio > LCP_RATIO_WARN)
        warnings.push(`${r.label}: LCP is ${fmtRatio(r.lcpRatio)} the floor's (over ${LCP_RATIO_WARN}x)`);
      if (r.runsFailed) warnings.push(`${r.label}: ${r.runsFailed} run(s) failed: ${[...new Set(perf.cases[r.key].failures)].join('; ')}`);
      const blocked = perf.cases[r.key].blockedRequests;
      if (blocked.length) warnings.push(`${r.label}: requests to non-loopback addresses were blocked: ${blocked.join(', ')}`);
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
    generated: generatedBuild,
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
    `bench: ${violations.length ? 'budget exceeded' : 'all budgets met'}; report in ${path.relative(root, path.join(outDir, 'report.md'))} and report.json (${((Date.now() - started) / 1000).toFixed(0)} s)`,
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
