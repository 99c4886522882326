export declare const ROW_TAPS: { title: string; description: string; edge: string };
export declare function payUrl(base: string, merchantPort: number, txnRef: string, extra?: Record<string, string>): string;
export interface FirstScreenCase {
  key: string;
  label: string;
  url: string;
  ready: string;
  click?: string;
  floor?: boolean;
}
export declare function firstScreenCases(o: {
  floorUrl: string;
  checkout: { base: string; merchantPort: number };
  generated?: { base: string; merchantPort: number; count: number };
  txnRef: string;
}): FirstScreenCase[];
export interface CaseResult extends FirstScreenCase {
  summary: Record<string, { median: number; min: number; max: number; n: number } | null>;
  runsOk: number;
  runsFailed: number;
  effectKinds?: string[];
  /** Each measured load in round order (pageperf's runOnce), for ratios paired round by round. */
  runs?: { ok: boolean; lcp?: number | null; interactive?: number | null; longTaskMs?: number }[];
}
export interface Paired {
  /** The mean of the middle half of the rounds' ratios: what the budgets judge. */
  mean: number;
  median: number;
  q1: number;
  q3: number;
  n: number;
  outliers: { round: number; ratio: number }[];
}
export interface RatioRow {
  key: string;
  label: string;
  fcpMs: number | null;
  lcpMs: number | null;
  lcpRatio: number | null;
  visibleMs: number | null;
  tapMs: number | null;
  tapRatio: number | null;
  lcpPaired: Paired | null;
  tapPaired: Paired | null;
  longTaskMs: number | null;
  initialBytes: number | null;
  initialRequests: number | null;
  runsOk: number;
  runsFailed: number;
  effectKinds: string[];
}
export declare function ratioRows(results: CaseResult[]): RatioRow[];
export declare const FIRST_SCREEN_BUDGETS: { lcpRatio: number; tapRatio: number; longTaskMs: number };
export declare function pairedRatio<R extends { ok: boolean }>(
  floorRuns: R[],
  caseRuns: R[],
  pick: (r: R) => number | null | undefined,
): Paired | null;
export declare function firstScreenViolations(rows: RatioRow[], budgets?: { lcpRatio: number; tapRatio: number; longTaskMs: number }): string[];
export declare function runFirstScreen(o: {
  toolsDir: string;
  cases: FirstScreenCase[];
  runs: number;
  warmup: number;
  profile: string;
  chromium: string;
  log?: (line: string) => void;
}): Promise<CaseResult[]>;
export declare const BROWSER_SETTLE_MS: number;
export declare function settleBrowserLaunches(ms?: number, cwd?: string): number;
export declare function middleMean(sorted: number[]): number | null;
