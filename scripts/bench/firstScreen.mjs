// The first screen's cases of `npm run bench`, measured against the static floor in one session: every case's
// cold loads interleaved run by run (floor, transfer, the method list tapped on a row's title, its description, its
// edge, …), so that the machine's load weighs on all of them alike. One run = one fresh Chromium (pageperf.mjs).
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** The method list's row measured, and where on it the thumb lands (pageperf taps a marker's box 40 px in, 20 px down at most). */
const CARD_ROW = 'a[data-method="card"]';
export const ROW_TAPS = {
  title: `${CARD_ROW} > span > span:first-child`,
  description: `${CARD_ROW} > span > span:last-child`,
  edge: CARD_ROW,
};

/** A payment's GET /pay address on the checkout at `base`. */
export function payUrl(base, merchantPort, txnRef, extra = {}) {
  const q = new URLSearchParams({
    merchant_code: 'MX_DEMO',
    pay_item_id: 'P1',
    txn_ref: txnRef,
    amount: '150000',
    currency: '566',
    site_redirect_url: `http://127.0.0.1:${merchantPort}/return`,
    ...extra,
  });
  return `${base}/pay?${q}`;
}

/**
 * The cases: the floor; the transfer payment (its one channel opens by itself; marker: the change-method link);
 * the payment with every channel the sandbox offers (the method list) tapped on the card row's title, description
 * and edge; and, when `generated` is given (a second checkout built with extra generated channels), that list
 * tapped on the title.
 */
export function firstScreenCases({ floorUrl, checkout, generated, txnRef }) {
  const all = payUrl(checkout.base, checkout.merchantPort, `${txnRef}-ALL`);
  const cases = [
    { key: 'floor', label: 'static floor', url: floorUrl, ready: '[data-method="card"]', floor: true },
    {
      key: 'transfer',
      label: 'transfer payment (opens by itself)',
      url: payUrl(checkout.base, checkout.merchantPort, `${txnRef}-TRF`, { channels: 'TRANSFER' }),
      ready: 'a[href^="/payment-methods"]',
    },
    // The tapped part is the marker itself: pageperf taps the box it reports with the marker, at once. (With
    // --click it first asks the page for the part's box, a round trip that waits whenever the page's main thread
    // is busy: 300 to 1,200 ms more than the floor's tap, which no thumb waits for.)
    ...Object.entries(ROW_TAPS).map(([where, ready]) => ({
      key: `all-${where}`,
      label: `every channel, tap on the row's ${where}`,
      url: all,
      ready,
    })),
  ];
  if (generated)
    cases.push({
      key: 'generated-title',
      label: `every channel + ${generated.count} generated, tap on the row's title`,
      url: payUrl(generated.base, generated.merchantPort, `${txnRef}-GEN`),
      ready: ROW_TAPS.title,
    });
  return cases;
}

/**
 * How long a freshly launched Chromium is left alone before its page is loaded. pageperf launches a browser per load
 * and navigates at once, while the browser is still starting its own processes on the same cores: the static floor's
 * LCP then read 352 ms with a spread of 39 ms (standard deviation, 20 loads), 264 ms and 19 ms once the browser had
 * settled for 1 s (500 ms: 256 and 19; 1,500: 248 and 18). A payer's browser is already running when the merchant's
 * page sends them to the checkout; the cache stays cold (pageperf disables it).
 */
export const BROWSER_SETTLE_MS = 1000;

/**
 * Makes every launch of playwright-core's Chromium, as resolved from `cwd` (pageperf resolves it so, and so gets the
 * same object), wait `ms` before handing the browser over. Once per process; returns the delay in force.
 */
export function settleBrowserLaunches(ms = BROWSER_SETTLE_MS, cwd = process.cwd()) {
  const { chromium } = createRequire(path.join(cwd, 'package.json'))('playwright-core');
  if (settled.has(chromium)) return settled.get(chromium);
  settled.set(chromium, ms);
  for (const name of ['launch', 'launchPersistentContext']) {
    const launch = chromium[name].bind(chromium);
    chromium[name] = async (...args) => {
      const browser = await launch(...args);
      await new Promise((resolve) => setTimeout(resolve, ms));
      return browser;
    };
  }
  return ms;
}
const settled = new WeakMap();

/**
 * The first screen's budgets (developers' guide, issue 35): every case; LCP and the first tap as the middle half's
 * mean of the paired rounds' ratios (middleMean), the long tasks as a median.
 */
export const FIRST_SCREEN_BUDGETS = { lcpRatio: 1.2, tapRatio: 1.3, longTaskMs: 400 };

const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  const n = s.length;
  return n ? (n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2) : null;
};
/** The value at fraction q of the sorted values (linear between neighbours). */
const quantile = (sorted, q) => {
  if (!sorted.length) return null;
  const i = (sorted.length - 1) * q;
  const lo = Math.floor(i);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (i - lo);
};

/**
 * The mean of the middle half of sorted values (a quarter of them, rounded down, left out at each end). What the
 * budgets judge: LCP comes in whole frames (16.7 ms, about 0.067 of the floor's), so a median of its ratios jumps
 * between two frames' values from one run to the next (1.07 and 1.23 for one page in one run, 25 rounds), where the
 * middle half's mean moves by a fraction of a frame, and outlying rounds still weigh nothing.
 */
export function middleMean(sorted) {
  if (!sorted.length) return null;
  const cut = Math.floor(sorted.length / 4);
  const mid = sorted.slice(cut, sorted.length - cut);
  return mid.reduce((a, b) => a + b, 0) / mid.length;
}

/**
 * Round by round: each of a case's loads against the floor's load of the same round (both loads ok), so that what the
 * machine was doing in that round weighs on both. Gives the middle half's mean (middleMean) and range, the median,
 * and the outliers (rounds past 1.5 times that range beyond it, stated, left out of the middle half).
 */
export function pairedRatio(floorRuns, caseRuns, pick) {
  const ratios = [];
  for (let i = 0; i < Math.min(floorRuns.length, caseRuns.length); i++) {
    const f = floorRuns[i];
    const c = caseRuns[i];
    if (!f?.ok || !c?.ok || !(pick(f) > 0) || !(pick(c) >= 0)) continue;
    ratios.push({ round: i + 1, ratio: pick(c) / pick(f) });
  }
  if (!ratios.length) return null;
  const sorted = ratios.map((r) => r.ratio).sort((a, b) => a - b);
  const q1 = quantile(sorted, 0.25);
  const q3 = quantile(sorted, 0.75);
  const fence = 1.5 * (q3 - q1);
  return {
    mean: middleMean(sorted),
    median: median(sorted),
    q1,
    q3,
    n: sorted.length,
    outliers: ratios.filter((r) => r.ratio < q1 - fence || r.ratio > q3 + fence),
  };
}

/**
 * Each case's medians, and its LCP and first working tap against the floor's: paired round by round when the runs are
 * there (pairedRatio), else the ratio of the medians.
 */
export function ratioRows(results) {
  const floor = results.find((r) => r.floor);
  const m = (r, k) => r.summary[k]?.median ?? null;
  const ofMedians = (r, k) => (floor && m(r, k) != null && m(floor, k) ? m(r, k) / m(floor, k) : null);
  const paired = (r, k, pick) => {
    if (!floor || r.floor) return null;
    if (!floor.runs || !r.runs) {
      const v = ofMedians(r, k);
      return v == null ? null : { mean: v, median: v, q1: v, q3: v, n: 0, outliers: [] };
    }
    return pairedRatio(floor.runs, r.runs, pick);
  };
  return results.map((r) => {
    const lcp = paired(r, 'lcpMs', (x) => x.lcp);
    const tap = paired(r, 'interactiveMs', (x) => x.interactive);
    return {
      key: r.key,
      label: r.label,
      fcpMs: m(r, 'fcpMs'),
      lcpMs: m(r, 'lcpMs'),
      lcpRatio: lcp?.mean ?? null,
      lcpPaired: lcp,
      visibleMs: m(r, 'markerVisibleMs'),
      tapMs: m(r, 'interactiveMs'),
      tapRatio: tap?.mean ?? null,
      tapPaired: tap,
      longTaskMs: m(r, 'longTaskTotalMs'),
      initialBytes: m(r, 'initialTotalBytes'),
      initialRequests: m(r, 'initialRequests'),
      runsOk: r.runsOk,
      runsFailed: r.runsFailed,
      effectKinds: r.effectKinds ?? [],
    };
  });
}

/** What breaks the first screen's budgets, case by case (the floor is measured, not budgeted). */
export function firstScreenViolations(rows, budgets = FIRST_SCREEN_BUDGETS) {
  const out = [];
  for (const r of rows) {
    if (r.key === 'floor') continue;
    if (r.lcpRatio != null && r.lcpRatio > budgets.lcpRatio)
      out.push(`${r.label}: LCP ${r.lcpRatio.toFixed(2)}x the floor's, over ${budgets.lcpRatio}x`);
    if (r.tapRatio != null && r.tapRatio > budgets.tapRatio)
      out.push(`${r.label}: first working tap ${r.tapRatio.toFixed(2)}x the floor's, over ${budgets.tapRatio}x`);
    if (r.longTaskMs != null && r.longTaskMs > budgets.longTaskMs)
      out.push(`${r.label}: long tasks ${Math.round(r.longTaskMs)} ms, over ${budgets.longTaskMs} ms`);
  }
  return out;
}

/**
 * Runs every case `warmup + runs` times, round by round (a round loads each case once, in order), with pageperf's
 * runOnce, and summarises each case's measured runs with pageperf's summarize.
 */
export async function runFirstScreen({ toolsDir, cases, runs, warmup, profile, chromium, log = () => {} }) {
  const pageperf = await import(pathToFileURL(path.join(toolsDir, 'pageperf.mjs')).href);
  const opts = new Map(
    cases.map((c) => [
      c.key,
      pageperf.normalize({ url: c.url, ready: c.ready, click: c.click, runs, warmup, profile, chromium, quiet: true, label: c.key }),
    ]),
  );
  const measured = new Map(cases.map((c) => [c.key, []]));
  for (let round = 0; round < warmup + runs; round++) {
    for (const c of cases) {
      const r = await pageperf.runOnce(opts.get(c.key), round < warmup ? 'warmup' : `run ${round - warmup + 1}`);
      if (round >= warmup) measured.get(c.key).push(r);
      log(
        `bench: ${c.key} ${round < warmup ? 'warmup' : `run ${round - warmup + 1}`}: ${r.ok ? `LCP ${Math.round(r.lcp)} ms, tap worked ${Math.round(r.interactive)} ms` : `FAILED ${r.error}`}`,
      );
    }
  }
  return cases.map((c) => ({ ...pageperf.summarize(opts.get(c.key), measured.get(c.key)), runs: measured.get(c.key), ...c }));
}
