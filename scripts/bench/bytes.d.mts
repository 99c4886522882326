export declare const KiB: 1024;

export interface Budgets {
  initialGzipKiB: number;
  chunkGzipKiB: number;
  chunkOverrides?: ReadonlyArray<{ match: string; gzipKiB: number }>;
  forbidInitial?: ReadonlyArray<string>;
  /** The merchant SDK's script, gzip KiB. */
  sdkGzipKiB?: number;
}
export declare const DEFAULT_BUDGETS: Readonly<Required<Budgets>>;

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}
export interface FileSizes extends Sizes {
  file: string;
  packages?: string[];
}

/** Minimal shape of an esbuild metafile, as far as the accounting reads it. */
export interface Metafile {
  outputs: Record<
    string,
    {
      bytes?: number;
      entryPoint?: string;
      inputs?: Record<string, unknown>;
      imports?: Array<{ path: string; kind: string; external?: boolean }>;
    }
  >;
}
export interface Manifest {
  js: string;
  css?: string[];
  screens?: Record<string, { js: string; css?: string }>;
}

export interface RouteBytes {
  files: { js: FileSizes[]; css: FileSizes[] };
  js: Sizes;
  css: Sizes;
  total: Sizes;
  packages: string[];
  budgetGzipKiB: number;
}
export interface InitialBytes extends RouteBytes {
  entry: string;
}
export interface ChunkBytes extends RouteBytes {
  key: string;
  file: string;
  unlisted?: true;
  budgetRule: string | null;
}
export interface SdkBytes extends Sizes {
  file: string;
  budgetGzipKiB: number;
}
export interface BytesReport {
  initial: InitialBytes;
  chunks: ChunkBytes[];
  /** The merchant SDK's script, when the report accounts it. */
  sdk?: SdkBytes;
  violations: string[];
}

export declare function gzipSize(buf: Uint8Array): number;
export declare function brotliSize(buf: Uint8Array): number;
export declare function measureFile(file: string): Sizes;
export declare function packageOf(input: string): string | null;
export declare function packagesOf(meta: Metafile, outputKeys: Iterable<string>): string[];
export declare function outputKeyOf(meta: Metafile, urlOrName: string): string | null;
export declare function staticClosure(meta: Metafile, start: string, exclude?: Set<string>): Set<string>;
export declare function dynamicTargets(meta: Metafile, keys: Iterable<string>): Set<string>;
export declare function accountBytes(o: { meta: Metafile; manifest: Manifest; root: string; assetsDir: string; budgets?: Budgets }): BytesReport;
export declare function accountSdk(file: string, budgets?: Budgets): SdkBytes;
export declare function checkBudgets(report: Omit<BytesReport, 'violations'>, budgets?: Budgets): string[];
