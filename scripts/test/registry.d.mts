/** The scopes the registry hosts itself: nothing under them comes from an uplink. */
export declare const HOSTED_SCOPES: string[];
/** Starts Verdaccio on a free loopback port (scripts/test/registry.mjs). */
export declare function startRegistry(): Promise<{
  /** Its address, with a trailing slash. */
  url: string;
  /** Its folder: config, storage, log. */
  dir: string;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}>;
/** Signs a user up and writes an npm userconfig for the registry with its token; answers the file's path. */
export declare function publishUser(url: string, dir: string, name?: string): Promise<string>;
/** Versions every released package with changesets on a scratch copy and publishes it; answers the versions by name. */
export declare function releaseToRegistry(options: {
  url: string;
  userconfig: string;
  root?: string;
  log?: (step: string) => void;
}): Record<string, string>;
/** Publishes a package folder to the registry of `userconfig`. */
export declare function publishFolder(dir: string, userconfig: string): void;
/** The environment for npm against the registry: the userconfig alone, no inherited `npm_config_*` variables. */
export declare function registryEnv(userconfig: string): NodeJS.ProcessEnv;
