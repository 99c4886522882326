export declare const LONG_TASK_MS: number;
export interface TraceSummary {
  longTasks: { startMs: number; durationMs: number; first: string; kinds: Record<string, number> }[];
  byKind: Record<string, number>;
  byScript: Record<string, number>;
  totalMs: number;
  busyMs: number;
  compileMs: number;
  evaluateMs: number;
}
export declare function scriptName(url: string | undefined): string;
export declare function summariseTrace(events: object[]): TraceSummary;
export declare function medianSummary(runs: TraceSummary[]): {
  runs: number;
  longTaskMs: number;
  longTasks: number;
  busyMs: number;
  compileMs: number;
  evaluateMs: number;
  byKind: Record<string, number>;
  byScript: Record<string, number>;
};
export declare function summaryTable(s: ReturnType<typeof medianSummary>): string;
/** One traced cold load; `profile` is a name of pageperf's PROFILES (default slow4g). */
export declare function traceOnce(o: {
  url: string;
  chromium?: string;
  profile?: string;
  tap?: string;
  js?: boolean;
  settleMs: number;
}): Promise<TraceSummary>;
