// The load step of `npm run bench` (issue 11): drives a checkout server over HTTP only, as a black box, so that it
// measures any server that keeps the contract, whatever framework or session store is behind it. Two scenarios,
// each on a freshly started server: the page a payer reloads (GET <page>?p=<session>) and POST /pay of a new
// payment per request, at N connections for D seconds. For each: requests per second overall and per window (does
// throughput fall as the run goes on?), latency p50 and p99, non-2xx answers and socket errors counted apart, and
// the server process's resident memory before, after and at its peak.
//
// The load comes from autocannon: keep-alive sockets, each request's bytes built without node:http's client
// machinery (the generator shares the machine's cores with the server it measures), and a tool anyone can point at
// a running checkout to check a figure.
import fs from 'node:fs';
import autocannon from 'autocannon';

/** The issue's run: seconds of load per scenario, and connections kept open at once. */
export const LOAD_DURATION_S = 20;
export const LOAD_CONNECTIONS = 50;
/** `--quick`: enough to see the step work, not to quote. */
export const QUICK_DURATION_S = 3;
export const QUICK_CONNECTIONS = 10;
/** Throughput is also reported per window of this many seconds. */
export const LOAD_WINDOW_S = 5;
/** How often the server's RSS is read during a run, ms. */
const RSS_SAMPLE_MS = 250;
/**
 * A scenario whose last full window serves less than this share of its best one's requests per second is "falling"
 * (its best, not its first: a fresh server's first seconds run before the JIT has warmed up).
 */
export const THROUGHPUT_FALL_RATIO = 0.75;
/**
 * A scenario whose last full window peaks above this multiple of its first one's RSS is "growing". Windows, not
 * before and after: a fresh server's first seconds of load always add tens of MiB (JIT, heap sized up), and that
 * is not memory that grows with the requests served.
 */
export const RSS_GROWTH_RATIO = 1.25;
/** POST /pay answers looked at before the page run, for sessions to reload: one per connection, at most this many. */
const MAX_REVISITS = 50;
/** Requests in flight at once while the sessions for the page run are made. */
const PREPARE_CONCURRENCY = 8;
const MiB = 1024 * 1024;

// ---------------------------------------------------------------- pure parts

/** Nearest-rank percentile (p in 0..100) of values sorted ascending; null when there are none. */
export function percentile(sorted, p) {
  if (!sorted.length) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

const round1 = (v) => (v == null ? null : Math.round(v * 10) / 10);
const toMiB = (bytes) => (bytes == null ? null : Math.round(bytes / MiB));
const isOk = (status) => status >= 200 && status < 300;

function latencyOf(values) {
  const sorted = Float64Array.from(values).sort();
  return { p50Ms: round1(percentile(sorted, 50)), p99Ms: round1(percentile(sorted, 99)) };
}

/**
 * [from, to) ms of each window of a run: windowMs each, the last one closed at the run's end; a remainder shorter
 * than half a window (the load stops on its generator's next one-second tick) joins the window before it.
 */
export function windowBounds(durationMs, windowMs) {
  const bounds = [];
  for (let from = 0; from < durationMs; from += windowMs) bounds.push([from, Math.min(from + windowMs, durationMs)]);
  const last = bounds.at(-1);
  if (bounds.length > 1 && last[1] - last[0] < windowMs / 2) {
    bounds.pop();
    bounds.at(-1)[1] = durationMs;
  }
  return bounds;
}

/**
 * A run's figures from what was recorded, times in ms from the start of the load.
 * Latency covers every HTTP answer, errors included (what a client waited); windows as windowBounds.
 * @param {{ responses: { atMs: number[], latencyMs: number[], status: number[] }, errors: { atMs: number, timeout: boolean }[],
 *   rss: { atMs: number, bytes: number }[], rssBefore: number | null, rssAfter: number | null, durationMs: number, windowMs?: number }} r
 */
export function summarize({ responses, errors, rss, rssBefore, rssAfter, durationMs, windowMs = LOAD_WINDOW_S * 1000 }) {
  const count = responses.atMs.length;
  const statuses = {};
  let non2xx = 0;
  for (const s of responses.status) {
    statuses[s] = (statuses[s] ?? 0) + 1;
    if (!isOk(s)) non2xx += 1;
  }
  const windows = [];
  for (const [from, to] of windowBounds(durationMs, windowMs)) {
    const inWindow = (t) => t >= from && (t < to || (to === durationMs && t <= to));
    const latencies = [];
    let wNon2xx = 0;
    for (let i = 0; i < count; i++) {
      if (!inWindow(responses.atMs[i])) continue;
      latencies.push(responses.latencyMs[i]);
      if (!isOk(responses.status[i])) wNon2xx += 1;
    }
    const rssIn = rss.filter((s) => inWindow(s.atMs)).map((s) => s.bytes);
    windows.push({
      fromS: from / 1000,
      toS: to / 1000,
      requests: latencies.length,
      perSecond: Math.round(latencies.length / ((to - from) / 1000)),
      ...latencyOf(latencies),
      non2xx: wNon2xx,
      socketErrors: errors.filter((e) => inWindow(e.atMs)).length,
      rssPeakMiB: rssIn.length ? toMiB(Math.max(...rssIn)) : null,
    });
  }
  const peak = Math.max(rssBefore ?? 0, rssAfter ?? 0, ...rss.map((s) => s.bytes));
  return {
    durationS: round1(durationMs / 1000),
    requests: count,
    perSecond: Math.round(count / (durationMs / 1000)),
    ...latencyOf(responses.latencyMs),
    non2xx,
    socketErrors: errors.length,
    timeouts: errors.filter((e) => e.timeout).length,
    statuses,
    windows,
    rss: { beforeMiB: toMiB(rssBefore), afterMiB: toMiB(rssAfter), peakMiB: peak ? toMiB(peak) : null },
  };
}

/** The store a server's /healthz names (`{ "status": "ok", "store": "redis" }`), or null (plain `ok`, or none). */
export function storeOfHealth(text) {
  try {
    const body = JSON.parse(text);
    return typeof body?.store === 'string' ? body.store : null;
  } catch {
    return null;
  }
}

/** The page a payer reloads, from a rendered checkout page's boot data: `<path>?p=<session>`, or null. */
export function revisitOf(html) {
  const m = /<script type="application\/json" id="oja-data">(.*?)<\/script>/s.exec(html);
  if (!m) return null;
  let data;
  try {
    data = JSON.parse(m[1]);
  } catch {
    return null;
  }
  const session = data?.env?.session;
  if (typeof session !== 'string' || !session) return null;
  const page = typeof data.path === 'string' && data.path.startsWith('/') ? data.path : '/payment-methods';
  return `${page}?${new URLSearchParams({ p: session })}`;
}

/** The form a merchant's page posts to /pay (the e2e helpers' payFields). */
export function payForm(txnRef, merchantPort) {
  return new URLSearchParams({
    merchant_code: 'MX_DEMO',
    pay_item_id: 'Default_Payable_MX_DEMO',
    txn_ref: txnRef,
    amount: '150000',
    currency: '566',
    site_redirect_url: `http://127.0.0.1:${merchantPort}/return`,
    cust_email: 'ada@example.com',
    cust_name: 'Ada Obi',
  }).toString();
}

const SCENARIO_LABELS = { page: 'page GET (reload)', pay: 'POST /pay' };
const fmt = (v) => (v == null ? '–' : String(v));

/** The load step as a table: one row per store and scenario. `{ headers, rows, align }`, cells as strings. */
export function loadTable(load) {
  const headers = [
    'store',
    'server says',
    'scenario',
    'req/s',
    `req/s per ${load.windowS} s`,
    'p50 ms',
    'p99 ms',
    'non-2xx',
    'socket errors',
    'RSS MiB before → after (peak)',
    `RSS MiB peak per ${load.windowS} s`,
  ];
  const rows = [];
  for (const run of load.runs) {
    for (const key of Object.keys(SCENARIO_LABELS)) {
      const s = run.scenarios[key];
      if (!s) continue;
      rows.push([
        run.store,
        fmt(s.storeReported),
        SCENARIO_LABELS[key],
        fmt(s.perSecond),
        s.windows.map((w) => w.perSecond).join(' / '),
        fmt(s.p50Ms),
        fmt(s.p99Ms),
        fmt(s.non2xx),
        fmt(s.socketErrors),
        `${fmt(s.rss.beforeMiB)} → ${fmt(s.rss.afterMiB)} (${fmt(s.rss.peakMiB)})`,
        s.windows.map((w) => fmt(w.rssPeakMiB)).join(' / '),
      ]);
    }
  }
  return { headers, rows, align: ['l', 'l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'] };
}

/** What the figures say against the issue's goal (throughput that does not fall, memory that stays flat, no errors). */
export function loadWarnings(load) {
  const out = [];
  for (const run of load.runs) {
    for (const [key, s] of Object.entries(run.scenarios)) {
      const what = `load, ${run.store}, ${SCENARIO_LABELS[key]}`;
      if (run.store !== 'memory' && s.storeReported !== run.store) {
        out.push(
          `${what}: the server ${s.storeReported ? `says its store is ${s.storeReported}` : 'does not say which store it uses'} (asked for ${run.store} with CHECKOUT_SESSION_STORE)`,
        );
      }
      if (s.non2xx || s.socketErrors)
        out.push(
          `${what}: ${s.non2xx} non-2xx answers (${
            Object.entries(s.statuses)
              .filter(([c]) => !isOk(Number(c)))
              .map(([c, n]) => `${c}: ${n}`)
              .join(', ') || 'none'
          }), ${s.socketErrors} socket errors (${s.timeouts} timeouts)`,
        );
      const full = s.windows.filter((w) => w.toS - w.fromS >= load.windowS);
      if (full.length < 2) continue;
      const [first, last] = [full[0], full.at(-1)];
      const best = Math.max(...full.map((w) => w.perSecond));
      if (last.perSecond < best * THROUGHPUT_FALL_RATIO) {
        out.push(`${what}: throughput fell from ${best}/s in its best ${load.windowS} s to ${last.perSecond}/s in the last`);
      }
      if (first.rssPeakMiB && last.rssPeakMiB > first.rssPeakMiB * RSS_GROWTH_RATIO) {
        out.push(
          `${what}: RSS still growing, from ${first.rssPeakMiB} MiB at most in the first ${load.windowS} s to ${last.rssPeakMiB} MiB in the last`,
        );
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------- driving a server

/** Resident memory of a process, bytes (Linux /proc), or null when it is gone or unreadable. */
export function rssOf(pid) {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Sends requests to base at `connections` connections for `durationS` seconds, each built by request(i) (method,
 * path, headers, body), and summarizes what came back; reads pid's RSS before, every RSS_SAMPLE_MS, and after.
 * @param {{ base: string, connections: number, durationS: number, request: (i: number) => { method?: string, path: string, headers?: Record<string, string>, body?: string }, pid?: number, windowS?: number }} o
 */
export function runLoad({ base, connections, durationS, request, pid, windowS = LOAD_WINDOW_S }) {
  return new Promise((resolve, reject) => {
    const responses = { atMs: [], latencyMs: [], status: [] };
    const errors = [];
    const rss = [];
    let next = 0;
    const rssBefore = pid ? rssOf(pid) : null;
    const t0 = performance.now();
    const since = () => performance.now() - t0;
    const sampler = setInterval(() => {
      const bytes = pid ? rssOf(pid) : null;
      if (bytes != null) rss.push({ atMs: since(), bytes });
    }, RSS_SAMPLE_MS);
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: durationS,
        requests: [{ setupRequest: (req) => ({ ...req, ...request(next++) }) }],
      },
      (err) => {
        clearInterval(sampler);
        if (err) return reject(err);
        const durationMs = since();
        resolve(summarize({ responses, errors, rss, rssBefore, rssAfter: pid ? rssOf(pid) : null, durationMs, windowMs: windowS * 1000 }));
      },
    );
    instance.on('response', (_client, status, _bytes, latencyMs) => {
      responses.atMs.push(since());
      responses.latencyMs.push(latencyMs);
      responses.status.push(status);
    });
    instance.on('reqError', (e) => errors.push({ atMs: since(), timeout: /timed out/.test(String(e?.message)) }));
  });
}

async function postPay(base, form) {
  const res = await fetch(`${base}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    signal: AbortSignal.timeout(15_000),
  });
  return { status: res.status, html: await res.text() };
}

/** Pages to reload: sessions of `count` new payments, each checked to answer 200 with its page. */
async function prepareRevisits(checkout, count, runId) {
  const paths = [];
  let i = 0;
  await Promise.all(
    Array.from({ length: PREPARE_CONCURRENCY }, async () => {
      while (i < count) {
        const ref = `LOADPAGE-${runId}-${i++}`;
        const { status, html } = await postPay(checkout.base, payForm(ref, checkout.merchantPort));
        const path = status === 200 ? revisitOf(html) : null;
        if (!path) throw new Error(`POST /pay of ${ref} answered ${status} without a session in its page`);
        const again = await fetch(`${checkout.base}${path}`, { signal: AbortSignal.timeout(15_000) });
        await again.text();
        if (again.status !== 200) throw new Error(`reloading ${path.split('?')[0]} answered ${again.status}`);
        paths.push(path);
      }
    }),
  );
  return paths;
}

async function reportedStore(base) {
  const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5_000) });
  return storeOfHealth(await res.text());
}

/**
 * Both scenarios against one store, each on a server of its own from start() (so that each RSS is its own), which
 * this stops afterwards.
 * @param {{ store: string, start: () => Promise<{ base: string, merchantPort: number, pid: number, stop: () => Promise<void>, alive: () => boolean, log: () => string }>,
 *   connections: number, durationS: number, windowS?: number, runId: string, log?: (line: string) => void }} o
 */
export async function loadStore({ store, start, connections, durationS, windowS = LOAD_WINDOW_S, runId, log = () => {} }) {
  const scenarios = {};
  const died = [];
  const one = async (key, prepare) => {
    const checkout = await start();
    try {
      const storeReported = await reportedStore(checkout.base);
      const request = await prepare(checkout);
      log(
        `bench: load, ${store} store (server says ${storeReported ?? 'nothing'}): ${SCENARIO_LABELS[key]}, ${connections} connections for ${durationS} s…`,
      );
      const figures = await runLoad({ base: checkout.base, connections, durationS, windowS, request, pid: checkout.pid });
      scenarios[key] = { storeReported, ...figures };
      if (!checkout.alive()) died.push(`${SCENARIO_LABELS[key]}: the server exited under load:\n${checkout.log().trim().slice(-2000)}`);
    } finally {
      await checkout.stop();
    }
  };
  await one('page', async (checkout) => {
    const paths = await prepareRevisits(checkout, Math.min(connections, MAX_REVISITS), `${runId}-${store}`);
    return (i) => ({ method: 'GET', path: paths[i % paths.length] });
  });
  await one('pay', async (checkout) => {
    // one payment first, so that the run starts on a server that has served one (as the page run's does)
    const warm = await postPay(checkout.base, payForm(`LOADPAY-${runId}-${store}-warm`, checkout.merchantPort));
    if (warm.status !== 200) throw new Error(`POST /pay answered ${warm.status} before the run`);
    return (i) => ({
      method: 'POST',
      path: '/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: payForm(`LOADPAY-${runId}-${store}-${i}`, checkout.merchantPort),
    });
  });
  return { store, scenarios, died };
}
