// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { firstScreenCases, payUrl, ratioRows, ROW_TAPS } from './firstScreen.mjs';
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
