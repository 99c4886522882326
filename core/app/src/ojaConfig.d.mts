import type { MarketRule } from '@oja/core';

export type PluginKind = 'channels' | 'brandings' | 'gates' | 'pages';
/** oja.config.json, checked: each list of package names, the optional ones as empty lists. */
export type OjaConfig = Record<PluginKind, string[]> & { markets: MarketRule[] };

export declare const CONFIG_FILE: string;
export declare const KINDS: readonly PluginKind[];
export declare function packageDir(name: string, from: string): string | null;
export declare function marketProblems(markets: unknown): string[];
export declare function parseConfig(text: string, where?: string): OjaConfig;
export declare function readConfig(root: string, file?: string): OjaConfig;
export declare function checkPlugins(
  packages: Partial<OjaConfig>,
  installed: Partial<Record<PluginKind, readonly unknown[]>>,
): Map<string, { kind: PluginKind; id: string }>;
export declare function installedModule(config: OjaConfig): string;
/** `oja:installed` for Vite (vitest and Storybook), from oja.config.json at `root`. */
export declare function installedVitePlugin(root: string): {
  name: string;
  resolveId(source: string): string | null;
  load(id: string): string | null;
};
