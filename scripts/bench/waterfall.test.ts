// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { medianWaterfall, reduceWaterfall, shortName, waterfallTable } from './waterfall.mjs';
import type { CdpEvent } from './waterfall.mjs';

const T0 = 1000; // CDP timestamps are seconds on a monotonic clock
const sent = (id: string, url: string, type: string, at: number, extra: Record<string, unknown> = {}): CdpEvent => ({
  method: 'Network.requestWillBeSent',
  params: { requestId: id, timestamp: T0 + at / 1000, type, request: { url, initialPriority: 'High', ...extra } },
});
const headers = (id: string, at: number): CdpEvent => ({
  method: 'Network.responseReceived',
  params: { requestId: id, response: { timing: { requestTime: T0 + at / 1000, receiveHeadersEnd: 0 } } },
});
const done = (id: string, at: number, bytes: number): CdpEvent => ({
  method: 'Network.loadingFinished',
  params: { requestId: id, timestamp: T0 + at / 1000, encodedDataLength: bytes },
});

const load = (shift = 0): CdpEvent[] => [
  sent('1', 'http://127.0.0.1:9/pay?x=1', 'Document', 0),
  headers('1', 160),
  done('1', 220, 12_000),
  sent('2', 'http://127.0.0.1:9/assets/main-Ihe1hE-u.css', 'Stylesheet', 290 + shift),
  sent('3', 'http://127.0.0.1:9/assets/chunk-5PSNQYXD.js', 'Script', 300 + shift, { isLinkPreload: true }),
  headers('2', 450 + shift),
  done('2', 460 + shift, 2_400),
  done('3', 1_000 + shift, 75_000),
  sent('4', 'http://127.0.0.1:9/assets/chunk-ABCDEFGH.js', 'Script', 1_400),
  { method: 'Network.loadingFailed', params: { requestId: '4', timestamp: T0 + 1.5, errorText: 'net::ERR_ABORTED' } },
  sent('5', 'data:image/png;base64,AAAA', 'Image', 10),
];

describe('shortName', () => {
  it("drops an asset's content hash and a page's query; another origin keeps its host", () => {
    expect(shortName('http://a:1/assets/main-XGNFXSWJ.js', 'http://a:1')).toBe('main.js');
    expect(shortName('http://a:1/assets/core-CancelDialog-p-9fd6h1.css', 'http://a:1')).toBe('core-CancelDialog.css');
    expect(shortName('http://a:1/pay?merchant_code=M', 'http://a:1')).toBe('/pay');
    expect(shortName('http://b:2/gpay.js', 'http://a:1')).toBe('b:2/gpay.js');
  });
});

describe('reduceWaterfall', () => {
  it("times every request from the document's, in start order, marks the blocking stylesheet and the preloads", () => {
    const w = reduceWaterfall(load(), { fcp: 470, lcp: 470, hydrated: 1_200, longTaskMs: 150 });
    expect(w.rows.map((r) => r.name)).toEqual(['/pay', 'main.css', 'chunk.js', 'chunk.js']);
    expect(w.rows[0]).toMatchObject({ startMs: 0, firstByteMs: 160, endMs: 220, bytes: 12_000, type: 'Document' });
    expect(w.rows[1]).toMatchObject({ blocking: true, startMs: 290, firstByteMs: 450, endMs: 460 });
    expect(w.rows[2]).toMatchObject({ preload: true, blocking: false, endMs: 1_000 });
    expect(w.rows[3]).toMatchObject({ failed: 'net::ERR_ABORTED', bytes: 0 });
    expect(w.totals.blocking).toEqual(['main.css']);
  });

  it('says what shared the link before the first paint and before hydration', () => {
    const w = reduceWaterfall(load(), { fcp: 470, hydrated: 1_200 });
    expect(w.totals.beforeFcp).toEqual({ requests: 3, finished: 2, bytes: 14_400 });
    expect(w.totals.beforeHydrated).toEqual({ requests: 3, finished: 3, bytes: 89_400 });
    expect(reduceWaterfall(load()).totals.beforeFcp).toBeNull();
  });

  it('keeps the first leg of a redirect, and is empty without a document', () => {
    const w = reduceWaterfall([...load(), sent('2', 'http://127.0.0.1:9/elsewhere.css', 'Stylesheet', 700)]);
    expect(w.rows.filter((r) => r.name === 'main.css')).toHaveLength(1);
    expect(reduceWaterfall([sent('9', 'http://x/a.js', 'Script', 0)]).rows).toEqual([]);
  });
});

describe('medianWaterfall', () => {
  it('matches requests by name and order across runs and takes the median of each time', () => {
    const runs = [0, 40, 100].map((shift) => reduceWaterfall(load(shift), { fcp: 400 + shift, hydrated: 1_200 }));
    const m = medianWaterfall(runs);
    expect(m.runs).toBe(3);
    expect(m.rows.find((r) => r.name === 'main.css')).toMatchObject({ startMs: 330, endMs: 500, seenIn: 3 });
    expect(m.rows.map((r) => r.name)).toContain('chunk.js #2');
    expect(m.totals.fcpMs).toBe(440);
    const table = waterfallTable(m);
    expect(table).toContain('| main.css | Stylesheet | High | 330 | 490 | 500 | 2.3 | render-blocking |');
    expect(table).toContain('FCP 440 ms');
  });
});
