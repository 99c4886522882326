// The first screen's cases of `npm run bench`, measured against the static floor in one session: every case's
// cold loads interleaved run by run (floor, transfer, the method list tapped on a row's title, its description, its
// edge, …), so that the machine's load weighs on all of them alike. One run = one fresh Chromium (pageperf.mjs).
import path from 'node:path';
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

/** Each case's medians against the floor's: LCP and first working tap as ratios. */
export function ratioRows(results) {
  const floor = results.find((r) => r.floor);
  const m = (r, k) => r.summary[k]?.median ?? null;
  const ratio = (r, k) => (floor && m(r, k) != null && m(floor, k) ? m(r, k) / m(floor, k) : null);
  return results.map((r) => ({
    key: r.key,
    label: r.label,
    fcpMs: m(r, 'fcpMs'),
    lcpMs: m(r, 'lcpMs'),
    lcpRatio: r.floor ? null : ratio(r, 'lcpMs'),
    visibleMs: m(r, 'markerVisibleMs'),
    tapMs: m(r, 'interactiveMs'),
    tapRatio: r.floor ? null : ratio(r, 'interactiveMs'),
    longTaskMs: m(r, 'longTaskTotalMs'),
    initialBytes: m(r, 'initialTotalBytes'),
    initialRequests: m(r, 'initialRequests'),
    runsOk: r.runsOk,
    runsFailed: r.runsFailed,
    effectKinds: r.effectKinds ?? [],
  }));
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
  return cases.map((c) => ({ ...pageperf.summarize(opts.get(c.key), measured.get(c.key)), ...c }));
}
