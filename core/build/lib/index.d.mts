export * from './packages.mjs';
export { wywEsbuild, wywOptions } from './wyw.mjs';
/** The workspace above `dir` that lists it, or `dir` itself: where the package is built from. */
export declare function buildRoot(dir: string): string;
/** Runs `oja-build` with its arguments (folders, relative to `cwd`); answers the exit code. */
export declare function main(args?: string[], cwd?: string): Promise<number>;
