import type { PluginKind } from '@oja/app/oja-config';

export declare const CORE_PACKAGE: string;
export type PackageCache = Map<string, { name: string; dir: string }>;
export declare function packageOf(file: string, cache?: PackageCache): { name: string; dir: string } | null;
export declare function fileSafe(name: string): string;
export declare function lazyNames(
  source: string,
  options: { root: string; owners: Map<string, { kind: PluginKind; id: string }>; cache?: PackageCache },
): { key: string; name: string };
export declare function isServerStrings(file: string, options: { packages: Set<string>; cache?: PackageCache }): boolean;
export declare function lazyEntries(
  sources: readonly string[],
  options: { root: string; owners: Map<string, { kind: PluginKind; id: string }>; cache?: PackageCache },
): Record<string, string>;
export declare function exportedNames(text: string): string[];
