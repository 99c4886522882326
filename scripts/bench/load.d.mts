export declare const LOAD_DURATION_S: 20;
export declare const LOAD_CONNECTIONS: 50;
export declare const QUICK_DURATION_S: 3;
export declare const QUICK_CONNECTIONS: 10;
export declare const LOAD_WINDOW_S: 5;
export declare const THROUGHPUT_FALL_RATIO: number;
export declare const RSS_GROWTH_RATIO: number;

/** What a run, or a window of it, served. Latency over every HTTP answer, errors included. */
export interface Served {
  requests: number;
  perSecond: number;
  p50Ms: number | null;
  p99Ms: number | null;
  non2xx: number;
  socketErrors: number;
}

export interface LoadWindow extends Served {
  fromS: number;
  toS: number;
  rssPeakMiB: number | null;
}

export interface LoadFigures extends Served {
  durationS: number;
  timeouts: number;
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
  windows: LoadWindow[];
  rss: { beforeMiB: number | null; afterMiB: number | null; peakMiB: number | null };
}

export interface ScenarioFigures extends LoadFigures {
  /** The store the server's /healthz names, null when it names none. */
  storeReported: string | null;
}

export interface StoreRun {
  /** The store asked for: "memory" (no CHECKOUT_SESSION_STORE) or "redis". */
  store: string;
  scenarios: { page?: ScenarioFigures; pay?: ScenarioFigures };
  /** One entry per scenario whose server exited under load. */
  died: string[];
}

export interface LoadReport {
  connections: number;
  durationS: number;
  windowS: number;
  runs: StoreRun[];
}

export interface Recorded {
  responses: { atMs: number[]; latencyMs: number[]; status: number[] };
  errors: { atMs: number; timeout: boolean }[];
  rss: { atMs: number; bytes: number }[];
  rssBefore: number | null;
  rssAfter: number | null;
  durationMs: number;
  windowMs?: number;
}

export interface LoadRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface StartedCheckout {
  base: string;
  merchantPort: number;
  pid: number;
  stop(): Promise<void>;
  alive(): boolean;
  log(): string;
}

export declare function percentile(sorted: ArrayLike<number>, p: number): number | null;
export declare function windowBounds(durationMs: number, windowMs: number): [number, number][];
export declare function summarize(recorded: Recorded): LoadFigures;
export declare function storeOfHealth(text: string): string | null;
export declare function revisitOf(html: string): string | null;
export declare function payForm(txnRef: string, merchantPort: number): string;
export declare function loadTable(load: LoadReport): { headers: string[]; rows: string[][]; align: ('l' | 'r')[] };
export declare function loadWarnings(load: LoadReport): string[];
export declare function rssOf(pid: number): number | null;
export declare function runLoad(o: {
  base: string;
  connections: number;
  durationS: number;
  request: (i: number) => LoadRequest;
  pid?: number;
  windowS?: number;
}): Promise<LoadFigures>;
export declare function loadStore(o: {
  store: string;
  start: () => Promise<StartedCheckout>;
  connections: number;
  durationS: number;
  windowS?: number;
  runId: string;
  log?: (line: string) => void;
}): Promise<StoreRun>;
