// The module the build generates from oja.config.json (ojaConfig.mjs installedModule) and the
// browser and server bundles import: each listed package's default export, in the config's order. The server
// build resolves each package with the "oja-server" condition (a channel's sandbox part, a page's `serve`).
// Unit tests cannot import it: they read the same config with core/app/src/config.ts.
declare module 'oja:installed' {
  import type { BrandingPlugin, ChannelPlugin, GatePlugin, MarketRule, PagePlugin } from '@oja/core';

  export const installed: {
    channels: ChannelPlugin[];
    brandings: BrandingPlugin[];
    gates: GatePlugin[];
    pages: PagePlugin[];
    /** oja.config.json "markets". */
    markets: MarketRule[];
  };
  /** The package names oja.config.json lists, by kind, in the order of `installed`. */
  export const packages: Record<'channels' | 'brandings' | 'gates' | 'pages', string[]>;
}
