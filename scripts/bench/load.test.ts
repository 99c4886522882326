// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadStore, loadTable, loadWarnings, payForm, percentile, revisitOf, storeOfHealth, summarize, windowBounds } from './load.mjs';
import type { LoadReport, ScenarioFigures, StartedCheckout } from './load.mjs';

const MiB = 1024 * 1024;

describe('percentile', () => {
  it('is the nearest rank of sorted values, null for none', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile(sorted, 0)).toBe(1);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([1, 2, 3], 50)).toBe(2);
    expect(percentile([], 50)).toBeNull();
  });
});

describe('windowBounds', () => {
  it('cuts a run into windows, the last closed at its end', () => {
    expect(windowBounds(20_000, 5_000)).toEqual([
      [0, 5_000],
      [5_000, 10_000],
      [10_000, 15_000],
      [15_000, 20_000],
    ]);
    expect(windowBounds(13_000, 5_000)).toEqual([
      [0, 5_000],
      [5_000, 10_000],
      [10_000, 13_000],
    ]);
    expect(windowBounds(3_000, 5_000)).toEqual([[0, 3_000]]);
  });

  it("joins a remainder shorter than half a window to the window before (the generator's last tick)", () => {
    expect(windowBounds(21_000, 5_000)).toEqual([
      [0, 5_000],
      [5_000, 10_000],
      [10_000, 15_000],
      [15_000, 21_000],
    ]);
  });
});

describe('summarize', () => {
  // 10 s: 300 answers in the first 5 s, 100 in the last 5 (throughput falls); two 409s and one socket error late.
  const atMs: number[] = [];
  const latencyMs: number[] = [];
  const status: number[] = [];
  for (let i = 0; i < 300; i++) {
    atMs.push((i * 5_000) / 300);
    latencyMs.push(i < 290 ? 10 : 100);
    status.push(200);
  }
  for (let i = 0; i < 100; i++) {
    atMs.push(5_000 + (i * 5_000) / 100);
    latencyMs.push(40);
    status.push(i < 2 ? 409 : 200);
  }
  const figures = summarize({
    responses: { atMs, latencyMs, status },
    errors: [{ atMs: 9_000, timeout: false }],
    rss: [
      { atMs: 1_000, bytes: 60 * MiB },
      { atMs: 6_000, bytes: 90 * MiB },
      { atMs: 9_500, bytes: 80 * MiB },
    ],
    rssBefore: 50 * MiB,
    rssAfter: 80 * MiB,
    durationMs: 10_000,
  });

  it('counts answers per second overall and per window', () => {
    expect(figures.requests).toBe(400);
    expect(figures.perSecond).toBe(40);
    expect(figures.windows.map((w) => [w.fromS, w.toS, w.requests, w.perSecond])).toEqual([
      [0, 5, 300, 60],
      [5, 10, 100, 20],
    ]);
  });

  it('gives latency p50 and p99 of every answer, overall and per window', () => {
    expect([figures.p50Ms, figures.p99Ms]).toEqual([10, 100]);
    expect(figures.windows.map((w) => [w.p50Ms, w.p99Ms])).toEqual([
      [10, 100],
      [40, 40],
    ]);
  });

  it('counts non-2xx answers and socket errors apart, with the statuses', () => {
    expect([figures.non2xx, figures.socketErrors, figures.timeouts]).toEqual([2, 1, 0]);
    expect(figures.statuses).toEqual({ 200: 398, 409: 2 });
    expect(figures.windows.map((w) => [w.non2xx, w.socketErrors])).toEqual([
      [0, 0],
      [2, 1],
    ]);
  });

  it('gives RSS before, after, peak and per window in MiB', () => {
    expect(figures.rss).toEqual({ beforeMiB: 50, afterMiB: 80, peakMiB: 90 });
    expect(figures.windows.map((w) => w.rssPeakMiB)).toEqual([60, 90]);
  });

  it('has no latency for a run without answers', () => {
    const none = summarize({
      responses: { atMs: [], latencyMs: [], status: [] },
      errors: [],
      rss: [],
      rssBefore: null,
      rssAfter: null,
      durationMs: 1_000,
    });
    expect([none.requests, none.p50Ms, none.p99Ms, none.rss.peakMiB]).toEqual([0, null, null, null]);
  });
});

describe('what the server says', () => {
  it("reads the store from /healthz's JSON, and none from a plain ok", () => {
    expect(storeOfHealth('{"status":"ok","store":"redis"}')).toBe('redis');
    expect(storeOfHealth('{"status":"ok"}')).toBeNull();
    expect(storeOfHealth('ok')).toBeNull();
  });

  it("finds the page to reload in a page's boot data", () => {
    const page = (data: unknown) => `<div id="oja-root"></div><script type="application/json" id="oja-data">${JSON.stringify(data)}</script>`;
    expect(revisitOf(page({ path: '/payment/transfer', env: { session: 'abc-1_2' } }))).toBe('/payment/transfer?p=abc-1_2');
    expect(revisitOf(page({ env: { session: 'abc' } }))).toBe('/payment-methods?p=abc');
    expect(revisitOf(page({ path: '/payment-methods', env: {} }))).toBeNull();
    expect(revisitOf('<h1>Incorrect Transaction</h1>')).toBeNull();
  });

  it("posts the merchant's form with the given reference", () => {
    const form = new URLSearchParams(payForm('REF-1', 4401));
    expect(Object.fromEntries(form)).toMatchObject({
      merchant_code: 'MX_DEMO',
      pay_item_id: 'Default_Payable_MX_DEMO',
      txn_ref: 'REF-1',
      currency: '566',
      site_redirect_url: 'http://127.0.0.1:4401/return',
    });
  });
});

const scenario = (over: Partial<ScenarioFigures> = {}): ScenarioFigures => ({
  storeReported: 'memory',
  durationS: 10,
  requests: 4_000,
  perSecond: 400,
  p50Ms: 12.5,
  p99Ms: 80,
  non2xx: 0,
  socketErrors: 0,
  timeouts: 0,
  statuses: { 200: 4_000 },
  windows: [
    { fromS: 0, toS: 5, requests: 2_000, perSecond: 400, p50Ms: 12, p99Ms: 70, non2xx: 0, socketErrors: 0, rssPeakMiB: 70 },
    { fromS: 5, toS: 10, requests: 2_000, perSecond: 400, p50Ms: 13, p99Ms: 90, non2xx: 0, socketErrors: 0, rssPeakMiB: 72 },
  ],
  rss: { beforeMiB: 60, afterMiB: 72, peakMiB: 75 },
  ...over,
});

describe('loadTable and loadWarnings', () => {
  const load: LoadReport = {
    connections: 50,
    durationS: 10,
    windowS: 5,
    runs: [
      { store: 'memory', scenarios: { page: scenario(), pay: scenario({ storeReported: null, perSecond: 300 }) }, died: [] },
      { store: 'redis', scenarios: { page: scenario({ storeReported: 'redis' }) }, died: [] },
    ],
  };

  it('has a row per store and scenario', () => {
    const t = loadTable(load);
    expect(t.headers).toContain('req/s per 5 s');
    expect(t.rows).toEqual([
      ['memory', 'memory', 'page GET (reload)', '400', '400 / 400', '12.5', '80', '0', '0', '60 → 72 (75)', '70 / 72'],
      ['memory', '–', 'POST /pay', '300', '400 / 400', '12.5', '80', '0', '0', '60 → 72 (75)', '70 / 72'],
      ['redis', 'redis', 'page GET (reload)', '400', '400 / 400', '12.5', '80', '0', '0', '60 → 72 (75)', '70 / 72'],
    ]);
    expect(t.align).toHaveLength(t.headers.length);
  });

  it('warns of nothing when throughput holds, memory stays flat and nothing fails', () => {
    expect(loadWarnings(load)).toEqual([]);
  });

  it('measures a fall from the best window, not the first (a fresh server warms up)', () => {
    const w = scenario().windows[0];
    const warming = scenario({
      windows: [
        { ...w, perSecond: 300 },
        { ...w, fromS: 5, toS: 10, perSecond: 1_000 },
        { ...w, fromS: 10, toS: 15, perSecond: 600 },
      ],
    });
    expect(loadWarnings({ ...load, runs: [{ store: 'memory', scenarios: { page: warming }, died: [] }] })).toEqual([
      'load, memory, page GET (reload): throughput fell from 1000/s in its best 5 s to 600/s in the last',
    ]);
  });

  it('judges a run too short for two full windows on its errors only', () => {
    const short = scenario({ windows: [{ ...scenario().windows[0], toS: 3 }], rss: { beforeMiB: 60, afterMiB: 130, peakMiB: 130 } });
    expect(loadWarnings({ ...load, windowS: 5, runs: [{ store: 'memory', scenarios: { page: short }, died: [] }] })).toEqual([]);
  });

  it('warns of errors, falling throughput, growing memory, and a Redis the server does not report', () => {
    const bad = scenario({
      storeReported: null,
      non2xx: 3,
      socketErrors: 2,
      timeouts: 1,
      statuses: { 200: 3_997, 503: 3 },
      windows: [scenario().windows[0], { ...scenario().windows[1], perSecond: 100, rssPeakMiB: 575 }],
      rss: { beforeMiB: 60, afterMiB: 575, peakMiB: 575 },
    });
    const warnings = loadWarnings({ ...load, runs: [{ store: 'redis', scenarios: { pay: bad }, died: [] }] });
    expect(warnings).toEqual([
      'load, redis, POST /pay: the server does not say which store it uses (asked for redis with CHECKOUT_SESSION_STORE)',
      'load, redis, POST /pay: 3 non-2xx answers (503: 3), 2 socket errors (1 timeouts)',
      'load, redis, POST /pay: throughput fell from 400/s in its best 5 s to 100/s in the last',
      'load, redis, POST /pay: RSS still growing, from 70 MiB at most in the first 5 s to 575 MiB in the last',
    ]);
  });
});

describe('loadStore against a stand-in server (smoke)', () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map(
        (s) =>
          new Promise((r) => {
            s.closeAllConnections();
            s.close(r);
          }),
      ),
    );
  });

  /** Answers /healthz, POST /pay with a page carrying a session, and reloads of a known session; counts refs. */
  async function standIn(refs: string[]): Promise<StartedCheckout> {
    const sessions = new Set<string>();
    const server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/healthz') return res.end(JSON.stringify({ status: 'ok', store: 'memory' }));
      if (req.method === 'POST' && url.pathname === '/pay') {
        let body = '';
        req.on('data', (d) => {
          body += d;
        });
        req.on('end', () => {
          const ref = new URLSearchParams(body).get('txn_ref')!;
          refs.push(ref);
          const session = `s${sessions.size}`;
          sessions.add(session);
          res.end(`<script type="application/json" id="oja-data">${JSON.stringify({ path: '/payment-methods', env: { session } })}</script>`);
        });
        return;
      }
      res.statusCode = url.pathname === '/payment-methods' && sessions.has(url.searchParams.get('p')!) ? 200 : 404;
      res.end('page');
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    return {
      base: `http://127.0.0.1:${port}`,
      merchantPort: 1,
      pid: process.pid,
      stop: async () => {},
      alive: () => true,
      log: () => '',
    };
  }

  it('reloads pages of real sessions, then posts a fresh reference per request, and measures both', async () => {
    const refs: string[] = [];
    const run = await loadStore({ store: 'memory', start: () => standIn(refs), connections: 4, durationS: 1, runId: 'T', windowS: 1 });
    expect(run.died).toEqual([]);
    const { page, pay } = run.scenarios;
    for (const s of [page!, pay!]) {
      expect(s.storeReported).toBe('memory');
      expect(s.requests).toBeGreaterThan(20);
      expect([s.non2xx, s.socketErrors]).toEqual([0, 0]);
      expect(s.p50Ms).toBeGreaterThan(0);
      expect(s.rss.beforeMiB).toBeGreaterThan(0);
      expect(s.rss.peakMiB).toBeGreaterThanOrEqual(s.rss.beforeMiB!);
    }
    // every POST /pay of the run had a reference of its own
    const payRefs = refs.filter((r) => r.startsWith('LOADPAY-T-memory-') && !r.endsWith('-warm'));
    expect(payRefs.length).toBeGreaterThanOrEqual(pay!.requests);
    expect(new Set(payRefs).size).toBe(payRefs.length);
    expect(refs.filter((r) => r.startsWith('LOADPAGE-'))).toHaveLength(4);
  }, 20_000);
});
