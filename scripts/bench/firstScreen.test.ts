// @vitest-environment node
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FIRST_SCREEN_BUDGETS,
  firstScreenCases,
  firstScreenViolations,
  middleMean,
  pairedRatio,
  payUrl,
  ratioRows,
  ROW_TAPS,
  settleBrowserLaunches,
} from './firstScreen.mjs';
import type { CaseResult } from './firstScreen.mjs';

const checkout = { base: 'http://127.0.0.1:5000', merchantPort: 5001 };

describe('firstScreenCases', () => {
  it('measures the floor, the transfer payment and the method list tapped on the title, the description and the edge', () => {
    const cases = firstScreenCases({ floorUrl: 'http://127.0.0.1:6000/', checkout, txnRef: 'B1' });
    expect(cases.map((c) => c.key)).toEqual(['floor', 'transfer', 'all-title', 'all-description', 'all-edge']);
    expect(cases[0].floor).toBe(true);
    expect(new URL(cases[1].url).searchParams.get('channels')).toBe('TRANSFER');
    // The method list: every channel the sandbox offers by default (no channels field).
    expect(new URL(cases[2].url).searchParams.has('channels')).toBe(false);
    // The tapped part is the marker (pageperf taps the box it reports, without asking the page again).
    expect(cases.slice(2).map((c) => c.ready)).toEqual([ROW_TAPS.title, ROW_TAPS.description, ROW_TAPS.edge]);
    expect(cases.some((c) => c.click)).toBe(false);
    expect(new Set(cases.slice(2).map((c) => c.url)).size).toBe(1);
  });

  it('adds the generated catalogue, on its own checkout, when built', () => {
    const cases = firstScreenCases({
      floorUrl: 'http://127.0.0.1:6000/',
      checkout,
      generated: { base: 'http://127.0.0.1:7000', merchantPort: 7001, count: 20 },
      txnRef: 'B1',
    });
    const g = cases.at(-1)!;
    expect(g.key).toBe('generated-title');
    expect(g.url.startsWith('http://127.0.0.1:7000/pay?')).toBe(true);
    expect(new URL(g.url).searchParams.get('site_redirect_url')).toBe('http://127.0.0.1:7001/return');
  });
});

describe('payUrl', () => {
  it("is a GET /pay of the sandbox's demo merchant", () => {
    const u = new URL(payUrl('http://h:1', 2, 'T', { channels: 'CARD' }));
    expect(Object.fromEntries(u.searchParams)).toEqual({
      merchant_code: 'MX_DEMO',
      pay_item_id: 'P1',
      txn_ref: 'T',
      amount: '150000',
      currency: '566',
      site_redirect_url: 'http://127.0.0.1:2/return',
      channels: 'CARD',
    });
  });
});

describe('ratioRows', () => {
  const result = (key: string, lcp: number, tap: number, floor = false): CaseResult => ({
    key,
    label: key,
    url: '',
    ready: '',
    floor,
    runsOk: 3,
    runsFailed: 0,
    summary: {
      lcpMs: { median: lcp, min: lcp, max: lcp, n: 3 },
      interactiveMs: { median: tap, min: tap, max: tap, n: 3 },
      fcpMs: null,
    },
  });

  it("gives each case's LCP and first working tap as ratios to the floor's medians", () => {
    const rows = ratioRows([result('floor', 400, 500, true), result('transfer', 440, 600), result('all-title', 480, 700)]);
    expect(rows[0]).toMatchObject({ key: 'floor', lcpRatio: null, tapRatio: null, lcpMs: 400 });
    expect(rows[1].lcpRatio).toBeCloseTo(1.1);
    expect(rows[1].tapRatio).toBeCloseTo(1.2);
    expect(rows[2].lcpRatio).toBeCloseTo(1.2);
    expect(rows[2].fcpMs).toBeNull();
  });

  it('gives no ratio without a floor', () => {
    expect(ratioRows([result('transfer', 440, 600)])[0].lcpRatio).toBeNull();
  });
});

describe('pairedRatio', () => {
  const run = (lcp: number, ok = true) => ({ ok, lcp });
  it("divides each round's load by the floor's of the same round, and takes the middle half's mean and the median", () => {
    // The machine slowed in round 2: both loads took twice as long; the pair's ratio did not move.
    const p = pairedRatio([run(400), run(800), run(400)], [run(440), run(880), run(480)], (r) => r.lcp)!;
    expect(p.median).toBeCloseTo(1.1);
    // Under four rounds nothing is left out: (1.1 + 1.1 + 1.2) / 3.
    expect(p.mean).toBeCloseTo(3.4 / 3);
    expect(p.n).toBe(3);
    expect(p.outliers).toEqual([]);
  });

  it('leaves out a round where either load failed, and names the rounds far outside the middle half', () => {
    const floor = [400, 400, 400, 400, 400, 400, 400].map((v) => run(v));
    const cases = [440, 444, 436, 440, 900, 442, 438].map((v) => run(v));
    cases[1] = run(0, false);
    const p = pairedRatio(floor, cases, (r) => r.lcp)!;
    expect(p.n).toBe(6);
    expect(p.outliers).toEqual([{ round: 5, ratio: 2.25 }]);
    expect(p.median).toBeCloseTo(1.1, 1);
    // The outlier and the lowest round are outside the middle half: it does not weigh.
    expect(p.mean).toBeCloseTo(1.1, 2);
  });

  it('is null without a single pair', () => {
    expect(pairedRatio([run(400, false)], [run(440)], (r) => r.lcp)).toBeNull();
  });
});

describe('middleMean', () => {
  it('averages the middle half: a quarter, rounded down, left out at each end', () => {
    expect(middleMean([1, 2, 3, 4, 5, 6, 7, 100])).toBe(4.5);
    expect(middleMean([1, 2, 3])).toBe(2);
    expect(middleMean([])).toBeNull();
  });

  it('moves by a fraction of a frame where the median jumps a whole frame', () => {
    // A page whose first frame lands one frame (1.067) or three frames (1.2) after the floor's, nearly half and half:
    // one more slow round moves the median by the whole gap, the middle half's mean by a fraction of it.
    const runA = [...Array(12).fill(1.067), ...Array(13).fill(1.2)];
    const runB = [...Array(13).fill(1.067), ...Array(12).fill(1.2)];
    const med = (a: number[]) => [...a].sort((x, y) => x - y)[(a.length - 1) / 2];
    expect(med(runA) - med(runB)).toBeCloseTo(0.133);
    expect(middleMean(runA)! - middleMean(runB)!).toBeLessThan(0.02);
  });
});

describe('ratioRows with the runs', () => {
  it('pairs the rounds rather than dividing the medians', () => {
    const mk = (key: string, lcps: number[], floor = false): CaseResult => ({
      key,
      label: key,
      url: '',
      ready: '',
      floor,
      runsOk: lcps.length,
      runsFailed: 0,
      runs: lcps.map((l) => ({ ok: true, lcp: l, interactive: l + 100 })),
      summary: { lcpMs: { median: lcps[1], min: 0, max: 0, n: 3 }, interactiveMs: { median: lcps[1] + 100, min: 0, max: 0, n: 3 } },
    });
    const rows = ratioRows([mk('floor', [300, 400, 800, 400], true), mk('all-title', [330, 880, 440, 420])]);
    // Paired: 1.1, 2.2, 0.55, 1.05; the middle half (1.05, 1.1) → 1.075, the spread stated.
    expect(rows[1].lcpRatio).toBeCloseTo(1.075);
    expect(rows[1].lcpPaired?.median).toBeCloseTo(1.075);
    expect(rows[1].lcpPaired?.n).toBe(4);
    expect(rows[1].lcpPaired!.q3).toBeGreaterThan(rows[1].lcpPaired!.q1);
  });
});

describe('firstScreenViolations', () => {
  const row = (over: Partial<ReturnType<typeof ratioRows>[number]>) => ({
    key: 'all-title',
    label: 'every channel',
    fcpMs: 0,
    lcpMs: 0,
    lcpRatio: 1,
    lcpPaired: null,
    visibleMs: 0,
    tapMs: 0,
    tapRatio: 1,
    tapPaired: null,
    longTaskMs: 100,
    initialBytes: 0,
    initialRequests: 0,
    runsOk: 1,
    runsFailed: 0,
    effectKinds: [],
    ...over,
  });
  it("holds every case to the guide's budgets: LCP 1.2x, first tap 1.3x, long tasks 400 ms", () => {
    expect(FIRST_SCREEN_BUDGETS).toEqual({ lcpRatio: 1.2, tapRatio: 1.3, longTaskMs: 400 });
    expect(firstScreenViolations([row({})])).toEqual([]);
    expect(firstScreenViolations([row({ lcpRatio: 1.21 })])).toEqual(["every channel: LCP 1.21x the floor's, over 1.2x"]);
    expect(firstScreenViolations([row({ tapRatio: 1.31 })])[0]).toContain('first working tap 1.31x');
    expect(firstScreenViolations([row({ longTaskMs: 401 })])[0]).toContain('long tasks 401 ms, over 400 ms');
  });
  it('never budgets the floor itself', () => {
    expect(firstScreenViolations([row({ key: 'floor', longTaskMs: 900 })])).toEqual([]);
  });
});

describe('settleBrowserLaunches', () => {
  /** A project whose playwright-core is a stand-in that records when each launch returned. */
  function project() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-settle-'));
    fs.writeFileSync(path.join(dir, 'package.json'), '{}');
    const mod = path.join(dir, 'node_modules', 'playwright-core');
    fs.mkdirSync(mod, { recursive: true });
    fs.writeFileSync(
      path.join(mod, 'index.js'),
      'exports.chromium = { calls: [], async launch(o) { this.calls.push(["launch", o]); return "browser"; }, async launchPersistentContext(d, o) { this.calls.push(["persistent", d, o]); return "context"; } };',
    );
    return dir;
  }

  it('hands every launched browser over only after it has settled, with the arguments it was given, once per process', async () => {
    const dir = project();
    try {
      expect(settleBrowserLaunches(60, dir)).toBe(60);
      // A second call (another step of the same bench) keeps the first delay rather than stacking another.
      expect(settleBrowserLaunches(500, dir)).toBe(60);
      const { chromium } = createRequire(path.join(dir, 'package.json'))('playwright-core');
      let t = Date.now();
      expect(await chromium.launchPersistentContext('/profile', { headless: true })).toBe('context');
      expect(Date.now() - t).toBeGreaterThanOrEqual(55);
      t = Date.now();
      expect(await chromium.launch({ headless: true })).toBe('browser');
      expect(Date.now() - t).toBeGreaterThanOrEqual(55);
      expect(Date.now() - t).toBeLessThan(400);
      expect(chromium.calls).toEqual([
        ['persistent', '/profile', { headless: true }],
        ['launch', { headless: true }],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
