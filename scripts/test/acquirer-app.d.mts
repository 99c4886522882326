/** The acquirer's branding: its package name, its acquirer code, its primary colour. */
export declare const ACME: { name: string; acquirer: string; primary: string };
/** The outside channel: its package name, its id and code, its method-list row, the country of its own market. */
export declare const ZAP: { name: string; id: string; code: string; title: string; country: string };
/** The acquirer's oja.config.json: the channels, the brandings and the outside channel's market. */
export declare const ACME_CONFIG: {
  channels: string[];
  brandings: string[];
  markets: { id: string; when: { country: string[] }[]; only: string[] }[];
};
/** Releases Oja's packages to a local registry, makes the acquirer's app from it and builds it (scripts/test/acquirer-app.mjs). */
export declare function makeAcquirerApp(options?: { log?: (step: string) => void }): Promise<{
  /** The scratch folder (the app and its plugins' sources). */
  dir: string;
  /** The app's folder. */
  app: string;
  /** Its built server (dist/server/server.mjs). */
  server: string;
  /** The registry's address (with a trailing slash). */
  registry: string;
  /** Every released Oja package's version as published, by name. */
  published: Record<string, string>;
  /** Stops the registry, keeping the app. */
  stopRegistry(): Promise<void>;
  /** Stops the registry and removes the scratch folder. */
  close(): Promise<void>;
}>;
