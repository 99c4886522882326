// The installed plugins as unit tests see them: oja.config.json read and checked (ojaConfig.mjs),
// each listed package imported by name. The bundles get the same list from the module the build generates
// (`oja:installed`, oja-installed.d.ts), which TypeScript and vitest cannot import.
import path from 'node:path';
import type { BrandingPlugin, ChannelPlugin, GatePlugin, MarketRule, PagePlugin } from '@oja/core';
import { checkPlugins, KINDS, readConfig } from './ojaConfig.mjs';
import type { PluginKind } from './ojaConfig.mjs';

export interface Installed {
  channels: ChannelPlugin[];
  brandings: BrandingPlugin[];
  gates: GatePlugin[];
  pages: PagePlugin[];
  /** oja.config.json "markets" (checked by its reader). */
  markets: MarketRule[];
}

/** Where oja.config.json and the app's node_modules are. */
export const APP_ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * The plugins oja.config.json lists, each package's default export in the config's order; rejects with an error
 * naming the package when one is not installed or not a plugin of its kind.
 * - `root`: the app's folder (default: this repository's).
 * - `file`: another app's config, whose packages are found from its folder first, then from `root`.
 * - `load`: imports a package by name (default: `import(name)`, resolved from this repository).
 */
export async function loadInstalled({
  root = APP_ROOT,
  file,
  load = (name: string) => import(/* @vite-ignore */ name) as Promise<{ default?: unknown }>,
}: {
  root?: string;
  file?: string;
  load?: (name: string) => Promise<{ default?: unknown }>;
} = {}): Promise<Installed> {
  const config = readConfig(root, file);
  const installed: Partial<Record<PluginKind, unknown[]>> = {};
  for (const kind of KINDS) installed[kind] = await Promise.all(config[kind].map(async (name) => (await load(name)).default));
  checkPlugins(config, installed);
  // Checked field by field just above: what an import() gives is typed only by that check.
  return { ...(installed as unknown as Omit<Installed, 'markets'>), markets: config.markets };
}
