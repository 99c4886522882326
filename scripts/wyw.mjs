// The wyw-in-js (linaria) configuration is the package build's (@oja/build, core/build/lib/wyw.mjs): the app's
// build, vitest and Storybook extract styles exactly as a plugin's build does.
export { wywEsbuild, wywOptions } from '@oja/build/wyw';
