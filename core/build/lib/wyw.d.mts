/** The one wyw-in-js (linaria) configuration shared by the package build, the app's build, vitest and Storybook. */
export declare const wywOptions: {
  babelOptions: { presets: Array<string | [string, Record<string, unknown>]> };
  classNameSlug: (hash: string, title: string) => string;
  prefixer: boolean;
};
/** The esbuild plugin that extracts linaria styles to stylesheets the modules import (wywOptions by default). */
export declare function wywEsbuild(
  options?: typeof wywOptions & { filter?: RegExp; jsx?: 'automatic' | 'transform' | 'preserve' },
): import('esbuild').Plugin;
