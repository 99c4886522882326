// Bundled by the build with the server's resolution (channels with their sandbox parts) and run once: what the
// installed channels load from outside the checkout, for the script inventory, and who owns which lazy module
// (scripts/build/build.mjs).
import { installed, packages } from 'oja:installed';
import { checkPlugins } from '@oja/app/oja-config';

export interface PluginInventory {
  /** The installed channels' ids. */
  channels: string[];
  /** Each channel's declared outside sources. */
  sources: Array<{ channel: string; key: string; directives: string[]; why: string }>;
  /** The fixed scripts each channel's sandbox serves on its second origin. */
  sandboxScripts: Array<{ channel: string; path: string; text: string; why: string }>;
}

/**
 * Each listed package's kind and plugin id, its default export checked first (an error names a package that is not
 * a plugin of its kind): the build names each lazy module by its package's (scripts/build/chunks.mjs).
 */
export const owners = checkPlugins(packages, installed);

export const inventory: PluginInventory = {
  channels: installed.channels.map((c) => c.id),
  sources: installed.channels.flatMap((c) =>
    (c.sources ?? []).map((s) => ({ channel: c.id, key: s.key, directives: [...s.directives], why: s.why })),
  ),
  sandboxScripts: installed.channels.flatMap((c) =>
    (c.sandbox?.outsideRoutes ?? []).filter((r) => r.script).map((r) => ({ channel: c.id, path: r.path, text: r.script!.text, why: r.script!.why })),
  ),
};
