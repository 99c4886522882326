// The request waterfall of a page's first screen on a throttled phone: when each request starts and ends, at what
// priority, whether it blocks rendering, and what else shares the link before the first paint and before hydration.
// Same browser, emulation and throttling as ../shared/tools/pageperf.mjs (its PROFILES), a fresh profile per run.
//   node scripts/bench/waterfall.mjs --url http://127.0.0.1:PORT/pay?… [--runs 3] [--profile slow4g] [--json out.json]
// As a module: recordWaterfall (one cold load), reduceWaterfall (CDP events to rows), medianWaterfall, waterfallTable.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS } from '../bin/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The shared measuring tools sit beside the repository; OJA_TOOLS_DIR points elsewhere (a worktree deeper down).
const toolsDir = process.env.OJA_TOOLS_DIR ? path.resolve(process.env.OJA_TOOLS_DIR) : path.resolve(root, '../shared/tools');
/** The settle time after the page says it is hydrated, ms: late requests (idle-fetched chunks) show up. */
const SETTLE_MS = 1_500;
/** One run's deadline, ms. */
const RUN_TIMEOUT_MS = 60_000;

/** An asset's name without its content hash (`main-XGNFXSWJ.js` → `main.js`), a page's path without its query. */
export function shortName(url, pageOrigin) {
  let u;
  try {
    u = new URL(url);
  } catch {
    return url.slice(0, 60);
  }
  const local = u.origin === pageOrigin;
  const name = u.pathname.startsWith('/assets/') ? u.pathname.slice('/assets/'.length).replace(/-[A-Za-z0-9_-]{8}(?=\.\w+$)/, '') : u.pathname;
  return local ? name : `${u.host}${name}`;
}

/**
 * Turns the CDP Network events of one load (requestWillBeSent, responseReceived, loadingFinished, loadingFailed:
 * `{ method, params }` in order) and the page's own times (ms since navigation start: fcp, lcp, hydrated) into
 * rows ordered by start: name, type, priority, start, first byte and end in ms since the document's request, bytes
 * on the wire, render-blocking, and whether it ended before the first paint. The document's request is time 0.
 */
export function reduceWaterfall(events, marks = {}) {
  const byId = new Map();
  let t0 = null;
  let origin = null;
  for (const { method, params: p } of events) {
    if (method === 'Network.requestWillBeSent') {
      if (byId.has(p.requestId)) continue; // a redirect: keep the first leg's start
      if (t0 === null && p.type === 'Document') {
        t0 = p.timestamp;
        origin = new URL(p.request.url).origin;
      }
      byId.set(p.requestId, {
        url: p.request.url,
        type: p.type ?? 'Other',
        priority: p.request.initialPriority ?? '',
        blocking: p.renderBlockingBehavior ?? (p.type === 'Stylesheet' ? 'Blocking' : ''),
        preload: Boolean(p.request.isLinkPreload),
        start: p.timestamp,
        firstByte: null,
        end: null,
        bytes: 0,
        failed: null,
      });
    } else if (method === 'Network.responseReceived') {
      const r = byId.get(p.requestId);
      const timing = p.response?.timing;
      if (r && timing) r.firstByte = timing.requestTime + timing.receiveHeadersEnd / 1000;
    } else if (method === 'Network.loadingFinished' || method === 'Network.loadingFailed') {
      const r = byId.get(p.requestId);
      if (!r) continue;
      r.end = p.timestamp;
      if (method === 'Network.loadingFinished') r.bytes = p.encodedDataLength ?? 0;
      else r.failed = p.errorText ?? 'failed';
    }
  }
  if (t0 === null) return { rows: [], totals: totalsOf([], marks) };
  const ms = (t) => (t == null ? null : Math.round((t - t0) * 1000));
  const rows = [...byId.values()]
    .filter((r) => !r.url.startsWith('data:'))
    .map((r) => ({
      name: shortName(r.url, origin),
      type: r.type,
      priority: r.priority,
      blocking: r.blocking === 'Blocking' || r.blocking === 'InBodyParserBlocking',
      preload: r.preload,
      startMs: ms(r.start),
      firstByteMs: ms(r.firstByte),
      endMs: ms(r.end),
      bytes: r.bytes,
      failed: r.failed,
    }))
    .sort((a, b) => a.startMs - b.startMs || a.name.localeCompare(b.name));
  return { rows, totals: totalsOf(rows, marks) };
}

/** What shared the link before each of the page's moments: requests started and bytes received by then. */
function totalsOf(rows, marks) {
  const before = (t) => {
    if (t == null) return null;
    const done = rows.filter((r) => r.endMs != null && r.endMs <= t);
    return { requests: rows.filter((r) => r.startMs <= t).length, finished: done.length, bytes: done.reduce((s, r) => s + r.bytes, 0) };
  };
  return {
    fcpMs: marks.fcp ?? null,
    lcpMs: marks.lcp ?? null,
    hydratedMs: marks.hydrated ?? null,
    longTaskMs: marks.longTaskMs ?? null,
    beforeFcp: before(marks.fcp),
    beforeHydrated: before(marks.hydrated),
    blocking: rows.filter((r) => r.blocking).map((r) => r.name),
  };
}

const median = (a) => {
  const s = a.filter((x) => typeof x === 'number').sort((x, y) => x - y);
  if (!s.length) return null;
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};

/**
 * Several runs' waterfalls as one: a row per request name (the n-th request of a name matched to the n-th of the
 * other runs) with the median of each time, in the order of the median start; the marks' medians.
 */
export function medianWaterfall(runs) {
  const groups = new Map();
  for (const run of runs) {
    const seen = new Map();
    for (const r of run.rows) {
      const n = (seen.get(r.name) ?? 0) + 1;
      seen.set(r.name, n);
      const key = n === 1 ? r.name : `${r.name} #${n}`;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(r);
    }
  }
  const rows = [...groups.entries()]
    .map(([name, rs]) => ({
      name,
      type: rs[0].type,
      priority: rs[0].priority,
      blocking: rs.some((r) => r.blocking),
      preload: rs.some((r) => r.preload),
      startMs: median(rs.map((r) => r.startMs)),
      firstByteMs: median(rs.map((r) => r.firstByteMs)),
      endMs: median(rs.map((r) => r.endMs)),
      bytes: median(rs.map((r) => r.bytes)),
      seenIn: rs.length,
    }))
    .sort((a, b) => a.startMs - b.startMs || a.name.localeCompare(b.name));
  const mark = (k) => median(runs.map((r) => r.totals[k]));
  const count = (k, f) => median(runs.map((r) => r.totals[k]?.[f]));
  return {
    runs: runs.length,
    rows,
    totals: {
      fcpMs: mark('fcpMs'),
      lcpMs: mark('lcpMs'),
      hydratedMs: mark('hydratedMs'),
      longTaskMs: mark('longTaskMs'),
      beforeFcp: { requests: count('beforeFcp', 'requests'), finished: count('beforeFcp', 'finished'), bytes: count('beforeFcp', 'bytes') },
      beforeHydrated: {
        requests: count('beforeHydrated', 'requests'),
        finished: count('beforeHydrated', 'finished'),
        bytes: count('beforeHydrated', 'bytes'),
      },
    },
  };
}

/** A markdown table of a (median) waterfall, requests started before `untilMs` (all by default). */
export function waterfallTable(w, untilMs = Infinity) {
  const f = (v) => (v == null ? '–' : String(Math.round(v)));
  const lines = ['| request | type | priority | start ms | first byte ms | end ms | KiB on the wire | |', '|---|---|---|---:|---:|---:|---:|---|'];
  for (const r of w.rows.filter((x) => x.startMs <= untilMs)) {
    const notes = [
      r.blocking && 'render-blocking',
      r.preload && 'preload',
      r.seenIn != null && r.seenIn < w.runs && `in ${r.seenIn} of ${w.runs} runs`,
    ]
      .filter(Boolean)
      .join(', ');
    lines.push(
      `| ${r.name} | ${r.type} | ${r.priority} | ${f(r.startMs)} | ${f(r.firstByteMs)} | ${f(r.endMs)} | ${(r.bytes / 1024).toFixed(1)} | ${notes} |`,
    );
  }
  const t = w.totals;
  const b = (x) =>
    x?.requests == null ? '–' : `${x.requests} requests started, ${x.finished} finished, ${(x.bytes / 1024).toFixed(1)} KiB received`;
  lines.push(
    '',
    `FCP ${f(t.fcpMs)} ms, LCP ${f(t.lcpMs)} ms, hydrated ${f(t.hydratedMs)} ms, long tasks ${f(t.longTaskMs)} ms (medians). Before FCP: ${b(t.beforeFcp)}. Before hydration: ${b(t.beforeHydrated)}.`,
  );
  return lines.join('\n');
}

/**
 * A fresh Chromium (fresh profile, no cache) emulating pageperf's phone, throttled by `profile` (pageperf's PROFILES),
 * its requests to anything but loopback refused by name resolution. `close()` ends it and removes the profile.
 */
export async function launchThrottled({ url, chromium: executablePath, profile = 'slow4g' }) {
  const { chromium } = createRequire(path.join(root, 'package.json'))('playwright-core');
  const { PROFILES } = await import(pathToFileURL(path.join(toolsDir, 'pageperf.mjs')).href);
  const prof = PROFILES[profile];
  if (!prof) throw new Error(`unknown profile ${profile}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-throttled-'));
  const host = new URL(url).hostname;
  const context = await chromium.launchPersistentContext(dir, {
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1 , EXCLUDE ${host}`],
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  const throttle = async () => {
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: prof.latencyMs,
      downloadThroughput: prof.downKbps > 0 ? Math.floor((prof.downKbps * 1024) / 8) : -1,
      uploadThroughput: prof.upKbps > 0 ? Math.floor((prof.upKbps * 1024) / 8) : -1,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: prof.cpu });
  };
  const close = async () => {
    await context.close().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { context, page, cdp, throttle, close };
}

/** One cold load of `url` in a fresh Chromium: its CDP Network events and the page's marks. */
export async function recordWaterfall({ url, chromium, profile = 'slow4g' }) {
  const { context, page, cdp, throttle, close } = await launchThrottled({ url, chromium, profile });
  try {
    await context.addInitScript(() => {
      const w = /** @type {any} */ (window);
      w.__wf = { fcp: null, lcp: null, hydrated: null, longTaskMs: 0 };
      const obs = (type, fn) => new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true });
      obs('paint', (e) => {
        if (e.name === 'first-contentful-paint') w.__wf.fcp = e.startTime;
      });
      obs('largest-contentful-paint', (e) => {
        w.__wf.lcp = e.startTime;
      });
      obs('longtask', (e) => {
        w.__wf.longTaskMs += e.duration;
      });
      // core/src/shell/hydration.ts marks the document once the shell and the first screen are live.
      new MutationObserver(() => {
        if (w.__wf.hydrated === null && document.documentElement.dataset.hydrated) w.__wf.hydrated = performance.now();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
    });
    const events = [];
    for (const method of ['Network.requestWillBeSent', 'Network.responseReceived', 'Network.loadingFinished', 'Network.loadingFailed'])
      cdp.on(method, (params) => events.push({ method, params }));
    await throttle();
    await page.goto(url, { waitUntil: 'load', timeout: RUN_TIMEOUT_MS });
    // A page without the checkout's root (the static floor) has nothing to hydrate.
    await page.waitForFunction(() => /** @type {any} */ (window).__wf.hydrated !== null || !document.getElementById('oja-root'), null, {
      timeout: RUN_TIMEOUT_MS,
      polling: 50,
    });
    await page.waitForTimeout(SETTLE_MS);
    const marks = await page.evaluate(() => /** @type {any} */ (window).__wf);
    return reduceWaterfall(events, marks);
  } finally {
    await close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name, dflt) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : dflt;
  };
  const url = opt('--url');
  if (!url) {
    console.error('usage: node scripts/bench/waterfall.mjs --url URL [--runs 3] [--profile slow4g] [--json out.json]');
    process.exit(2);
  }
  const runs = [];
  for (let i = 0; i < Number(opt('--runs', '3')); i++)
    runs.push(await recordWaterfall({ url, chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', profile: opt('--profile', 'slow4g') }));
  const w = medianWaterfall(runs);
  console.log(waterfallTable(w));
  const json = opt('--json');
  if (json) fs.writeFileSync(json, `${JSON.stringify({ url, runs, median: w }, null, 2)}\n`);
}
