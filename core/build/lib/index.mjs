// @oja/build's API: the package build (packages.mjs), the command's entry (cli.mjs) and the linaria configuration
// (wyw.mjs) that the Oja repository's own app build, vitest and Storybook share.
export * from './packages.mjs';
export { buildRoot, main } from './cli.mjs';
export { wywEsbuild, wywOptions } from './wyw.mjs';
