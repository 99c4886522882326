import { createFileReporter, slugify, TransformCacheCollection, transform } from '@wyw-in-js/transform';
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The one wyw-in-js (linaria) configuration shared by the package build, the app's build, vitest and Storybook.
 * Babel's presets are @oja/build's own, resolved here: a plugin's repository needs no Babel set-up of its own.
 */
export const wywOptions = {
  babelOptions: {
    presets: [require.resolve('@babel/preset-typescript'), [require.resolve('@babel/preset-react'), { runtime: 'automatic' }]],
  },
  // Class names stable across builds (same source, same name) so server and client renders agree.
  classNameSlug: (hash, title) => `${title}_${hash}`,
  // No vendor prefixes: every browser a payer pays from knows flex, grid and transforms unprefixed, and the
  // prefixes were a fifth of the first screen's stylesheet. A rule that still needs one writes it (Header's
  // -webkit-line-clamp).
  prefixer: false,
};

/** Files under a node_modules folder: what a package ships, its styles extracted by its own build, read as they are. */
const IN_NODE_MODULES = /(?:^|[\\/])node_modules[\\/]/;

/**
 * The esbuild plugin that extracts linaria styles as modules load: each module's styles become a virtual stylesheet
 * (`<name>_<slug>.wyw.css`) it imports, which esbuild bundles into the entry's CSS. The shape of @wyw-in-js/esbuild's
 * plugin, over the @wyw-in-js/transform this package installs: that plugin pins an older transform, which only an
 * npm `overrides` entry in every plugin's repository would replace. `options` are `wywOptions`' kind; `filter` the
 * files it reads (TypeScript modules by default), `jsx` how esbuild's own transform before wyw's writes JSX.
 */
export function wywEsbuild({ filter = /\.tsx?$/, jsx = 'automatic', ...options } = wywOptions) {
  const { prefixer, preprocessor, ...pluginOptions } = options;
  const cache = new TransformCacheCollection();
  return {
    name: 'wyw-in-js',
    setup(build) {
      const stylesheets = new Map();
      const { emitter, onDone } = createFileReporter(false);
      const asyncResolve = async (token, importer) => {
        const resolveDir = path.isAbsolute(importer) ? path.dirname(importer) : path.join(process.cwd(), path.dirname(importer));
        const result = await build.resolve(token, { resolveDir, kind: 'import-statement' });
        if (result.errors.length > 0) throw new Error(`Cannot resolve ${token}`);
        return result.path.replace(/\\/g, path.posix.sep);
      };
      build.onEnd(() => onDone(process.cwd()));
      build.onResolve({ filter: /\.wyw\.css$/ }, (args) => ({ namespace: 'wyw-in-js', path: args.path }));
      build.onLoad({ filter: /.*/, namespace: 'wyw-in-js' }, (args) => ({ ...stylesheets.get(args.path), loader: 'css' }));
      build.onLoad({ filter }, async (args) => {
        const raw = fs.readFileSync(args.path, 'utf8');
        const { ext, name } = path.parse(args.path);
        const loader = ext.slice(1);
        if (IN_NODE_MODULES.test(args.path)) return { loader, contents: raw };
        const { code } = esbuild.transformSync(raw, { jsx, sourcefile: args.path, loader });
        const services = {
          options: { filename: args.path, pluginOptions, prefixer, preprocessor, root: process.cwd() },
          cache,
          eventEmitter: emitter,
        };
        const result = await transform(services, code, asyncResolve);
        const resolveDir = path.dirname(args.path);
        if (!result.cssText) return { contents: code, loader, resolveDir };
        const stylesheet = `${name}_${slugify(result.cssText)}.wyw.css`;
        stylesheets.set(stylesheet, { contents: result.cssText, resolveDir });
        return { contents: `import ${JSON.stringify(stylesheet)}; ${result.code}`, loader, resolveDir };
      });
    },
  };
}
