export declare function sri(bytes: string | Uint8Array): string;

export interface InventoryEntry {
  url: string;
  integrity: string;
  why: string;
}

export interface ScriptInventory {
  about: string;
  scripts: InventoryEntry[];
  stylesheets: InventoryEntry[];
  merchantSdk: Array<InventoryEntry & { mode: 'TEST' | 'LIVE' }>;
  outsideSources: Array<{ key: string; channel: string; directives: string[]; why: string; integrity: string }>;
  sandboxScripts: Array<InventoryEntry & { channel: string }>;
}

export declare function buildInventory(input: {
  manifest: {
    js: string;
    css: string[];
    entryModules?: string[];
    screens: Record<string, { js: string; css: string; preload?: string[]; modules?: string[] }>;
    integrity: Record<string, string>;
  };
  sdk: { text: string; placeholder: string };
  plugins: {
    channels: string[];
    sources: Array<{ channel: string; key: string; directives: string[]; why: string }>;
    sandboxScripts: Array<{ channel: string; path: string; text: string; why: string }>;
  };
}): ScriptInventory;
