/** The recommended baseline (Dockerfile, README): the Node release the unit tests also run on. */
export declare const NEWER_NODE: string;
/** The package that ships Node's own binary for this platform, or undefined where the registry has none. */
export declare function nodeBinaryPackage(platform?: string, arch?: string): string | undefined;
/** Whether npm's error output says the registry could not be reached (a skip), rather than anything else (a failure). */
export declare function registryUnreachable(npmOutput: string): boolean;
/** The newer Node's binary, installing it when missing; a skip with its reason, or a failure. */
export declare function ensureNewerNode(root: string, version?: string): { node: string } | { skipped: string } | { failed: string };
