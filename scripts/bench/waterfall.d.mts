import type { BrowserContext, CDPSession, Page } from 'playwright-core';

export interface WaterfallRow {
  name: string;
  type: string;
  priority: string;
  blocking: boolean;
  preload: boolean;
  startMs: number;
  firstByteMs: number | null;
  endMs: number | null;
  bytes: number;
  failed?: string | null;
  /** In a median waterfall: how many runs had this request. */
  seenIn?: number;
}
export interface LinkShare {
  requests: number | null;
  finished: number | null;
  bytes: number | null;
}
export interface WaterfallTotals {
  fcpMs: number | null;
  lcpMs: number | null;
  hydratedMs: number | null;
  longTaskMs: number | null;
  beforeFcp: LinkShare | null;
  beforeHydrated: LinkShare | null;
  blocking?: string[];
}
export interface Waterfall {
  rows: WaterfallRow[];
  totals: WaterfallTotals;
  runs?: number;
}
export interface CdpEvent {
  method: string;
  params: unknown;
}
export declare function shortName(url: string, pageOrigin: string | null): string;
export declare function reduceWaterfall(
  events: CdpEvent[],
  marks?: { fcp?: number | null; lcp?: number | null; hydrated?: number | null; longTaskMs?: number | null },
): Waterfall;
export declare function medianWaterfall(runs: Waterfall[]): Waterfall & { runs: number };
export declare function waterfallTable(w: Waterfall, untilMs?: number): string;
export declare function recordWaterfall(o: { url: string; chromium: string; profile?: string }): Promise<Waterfall>;
export declare function launchThrottled(o: { url: string; chromium: string; profile?: string }): Promise<{
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  throttle(): Promise<void>;
  close(): Promise<void>;
}>;
