/** The acquirer's branding: its package name, its acquirer code, its primary colour. */
export declare const ACME: { name: string; acquirer: string; primary: string };
/** The channels and brandings the acquirer's oja.config.json lists. */
export declare const ACME_CONFIG: { channels: string[]; brandings: string[] };
/** Makes the acquirer's app in a fresh folder and builds it (scripts/test/acquirer-app.mjs). */
export declare function makeAcquirerApp(options?: { log?: (step: string) => void }): {
  /** The scratch folder (the app, the tarballs): remove it when done. */
  dir: string;
  /** The app's folder. */
  app: string;
  /** Its built server (dist/server/server.mjs). */
  server: string;
  /** The tarballs' file names. */
  packs: string[];
};
