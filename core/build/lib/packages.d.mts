/** Workspace packages export their sources under this condition. */
export declare const SOURCE_CONDITION: string;
/** The nearest folder at or above `from` with a package.json. */
export declare function appRoot(from?: string): string;
/** Whether `root` is the Oja workspace (its package.json lists workspaces). */
export declare function isWorkspace(root: string): boolean;
/** The workspace's released (not private) packages, as absolute folders. */
export declare function releasedPackages(root: string): string[];
/** Whether a folder holds a package with sources (src/) to build. */
export declare function hasSources(dir: string): boolean;
/** A package's shipped source modules (no tests, stories or declarations), absolute; `ambient` adds its own `.d.ts`. */
export declare function shippedSources(dir: string, options?: { ambient?: boolean }): string[];
/** Rewrites a declaration file's relative specifiers with the `.js` (or `/index.js`) a nodenext consumer needs. */
export declare function withJsSpecifiers(file: string): void;
/** Builds packages (the workspace's released ones with sources by default) to their dist/, from `root`. */
export declare function buildPackages(options?: {
  root?: string;
  packages?: string[];
  writeJsonSchemas?: boolean;
}): Promise<{ packages: number; modules: number; seconds: number }>;
