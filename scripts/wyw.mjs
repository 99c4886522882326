/** The one wyw-in-js (linaria) configuration shared by the esbuild build, vitest and Storybook. */
export const wywOptions = {
  babelOptions: {
    presets: ['@babel/preset-typescript', ['@babel/preset-react', { runtime: 'automatic' }]],
  },
  // Class names stable across builds (same source, same name) so server and client renders agree.
  classNameSlug: (hash, title) => `${title}_${hash}`,
  // No vendor prefixes: every browser a payer pays from knows flex, grid and transforms unprefixed, and the
  // prefixes were a fifth of the first screen's stylesheet. A rule that still needs one writes it (Header's
  // -webkit-line-clamp).
  prefixer: false,
};
