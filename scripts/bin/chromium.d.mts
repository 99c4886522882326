export declare const CHROMIUM_ARGS: readonly string[];
export declare function findChromium(): string | undefined;
/** The browser's path, installing it when possible; undefined with one clear line otherwise. */
export declare function ensureChromium(): string | undefined;
