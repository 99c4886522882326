// Builds the checkout: the browser bundle (the initial route, and every lazily loaded module as an entry of
// its own with its own stylesheet; linaria extracted at build time), the server bundle, precompressed assets
// and the asset manifest the server renders pages with.
import * as esbuild from 'esbuild';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { wywEsbuild, wywOptions } from '../wyw.mjs';
import { buildInventory, sri } from './inventory.mjs';
import { CONFIG_FILE, installedModule, KINDS, readConfig } from '@oja/app/oja-config';
import { exportedNames, isServerStrings, lazyEntries, lazyNames } from './chunks.mjs';
import { buildPackages, isWorkspace, SOURCE_CONDITION } from './packages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * Another app's oja.config.json (OJA_CONFIG; its packages are found from its folder, then from the repository) and
 * another output folder (OJA_DIST): the bench builds a checkout with generated channels this way
 * (scripts/bench/generated.mjs), leaving the repository's config and dist/ alone.
 */
const configFile = process.env.OJA_CONFIG ? path.resolve(process.env.OJA_CONFIG) : undefined;
const dist = process.env.OJA_DIST ? path.resolve(process.env.OJA_DIST) : path.join(root, 'dist');
const assetsDir = path.join(dist, 'client', 'assets');
const CLIENT_ENTRY = 'core/app/src/client.tsx';
/** The merchant SDK's served script, from its sources in the workspace, as the SDK ships it anywhere else. */
const SDK_ENTRY = '@oja/sdk/script';
/** Under dist/client, where the checkout server reads it (core/server/src/checkoutServer.ts SDK_FILE). */
const SDK_FILE = 'inline-checkout.js';
/** What the built SDK holds in place of the mode it is served for (core/server/src/checkoutServer.ts). */
const SDK_MODE_PLACEHOLDER = '__OJA_SERVED_MODE__';
/** The bundle of scripts/build/plugin-inventory.ts, under dist/server while the build runs. */
const PLUGIN_INVENTORY = 'plugin-inventory';
/** The script inventory (PCI DSS 6.4.3), under dist/client. */
const INVENTORY_FILE = 'script-inventory.json';
const started = Date.now();
/** A wrong oja.config.json or a listed package that is no plugin: the message says what to fix, no stack needed. */
function stopOnConfig(e) {
  // Anything else (a plugin that throws as it loads) keeps its stack.
  if (!String(e?.message).includes(CONFIG_FILE)) throw e;
  console.error(`build: ${e.message}`);
  process.exit(1);
}
/** The plugins to assemble, by package name (CONTRACT §5); an error here names the file or the package. */
const config = (() => {
  try {
    return readConfig(root, configFile);
  } catch (e) {
    return stopOnConfig(e);
  }
})();
const listed = new Set(KINDS.flatMap((k) => config[k]));
/** Folders already walked up to their package (scripts/build/chunks.mjs). */
const packageCache = new Map();

/**
 * `oja:installed`, the installed plugins (core/app/src/oja-installed.d.ts): generated from oja.config.json, each
 * package resolved from the app's root like any import, so with the server build's "oja-server" condition there.
 */
const ojaInstalled = {
  name: 'oja-installed',
  setup(build) {
    build.onResolve({ filter: /^oja:installed$/ }, () => ({ path: 'oja:installed', namespace: 'oja-installed' }));
    build.onLoad({ filter: /.*/, namespace: 'oja-installed' }, () => ({
      contents: installedModule(config),
      loader: 'js',
      resolveDir: configFile ? path.dirname(configFile) : root,
    }));
  },
};

/**
 * In the Oja workspace the build reads every package's sources (their `oja-source` exports); in an app that installs
 * the packages (from the registry, from tarballs) it reads what they ship, their dist/ (scripts/build/packages.mjs).
 */
const workspace = isWorkspace(root);
const SOURCES = workspace ? [SOURCE_CONDITION] : [];

const common = {
  absWorkingDir: root,
  // Packages installed beside another app's config import core and React from the repository's.
  nodePaths: configFile ? [path.join(root, 'node_modules')] : [],
  conditions: SOURCES,
  bundle: true,
  jsx: 'automatic',
  logLevel: 'warning',
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [ojaInstalled, wywEsbuild({ ...wywOptions, filter: /\.(ts|tsx)$/ })],
};
/** node-forge asks for node's crypto only when it runs in node: in the browser bundle it is an empty module. */
const noNodeCrypto = {
  name: 'no-node-crypto',
  setup(build) {
    build.onResolve({ filter: /^crypto$/ }, () => ({ path: 'crypto', namespace: 'empty' }));
    build.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
  },
};

/**
 * pdfkit's node builds load their standard fonts and colour profile from its own files at run time (createRequire,
 * import.meta.url), which a server bundle without node_modules (the Docker image) does not have; its browser build
 * carries them as modules (fonts registered with registerStdFonts), so the server bundle takes that one.
 */
const pdfkitBundled = {
  name: 'pdfkit-bundled',
  setup(build) {
    build.onResolve({ filter: /^pdfkit$/ }, (args) => ({
      path: path.join(path.dirname(createRequire(path.join(args.resolveDir, 'x.js')).resolve('pdfkit')), 'pdfkit.browser.mjs'),
    }));
  },
};

/**
 * The initial route's strings (the `src/messages.ts` of core and of each listed package, wherever installed: core's texts,
 * the method-list rows, the cancel wording, the brandings', a gate's screen) stay out of the browser bundle: the
 * server puts the payer's language in the page data (core/src/server/render.tsx; a gate's only for a payment that
 * meets it), so a payer downloads one language instead of every one, and a new channel costs the initial route its
 * icon, not its sentences. Screens' own strings
 * (`screenMessages.ts`) travel with their lazy chunks as before. Tests and stories run the sources untouched.
 */
const stringsFromServer = {
  name: 'strings-from-server',
  setup(build) {
    build.onLoad({ filter: /[\\/]messages\.(?:ts|js|mjs)$/ }, async (args) => {
      // Any other module of that name (a library's, a screen's) loads as it is.
      if (!isServerStrings(args.path, { packages: listed, cache: packageCache })) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      const names = exportedNames(source);
      return { contents: names.map((n) => `export const ${n} = { en: {}, fr: {} };`).join('\n'), loader: 'ts' };
    });
  },
};

const client = {
  ...common,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2020',
  // Before linaria's loader, which would otherwise load the strings' modules itself.
  plugins: [stringsFromServer, ...common.plugins, noNodeCrypto],
  outdir: assetsDir,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  metafile: true,
};

/**
 * A stylesheet module: linaria's, extracted as the build reads a package's sources (wyw's virtual module), or the one
 * beside a package's built module (dist/Screen.css, extracted when the package was built).
 */
const isStyle = (input) => input.startsWith('wyw-in-js:') || input.endsWith('.css');

/** The stylesheets a module brings in through static imports (lazy imports excluded). */
function staticStyles(meta, source, seen = new Set(), styles = new Set()) {
  if (seen.has(source) || !meta.inputs[source]) return styles;
  seen.add(source);
  for (const imp of meta.inputs[source].imports ?? []) {
    if (imp.kind !== 'import-statement') continue;
    if (isStyle(imp.path)) styles.add(imp.path);
    else staticStyles(meta, imp.path, seen, styles);
  }
  return styles;
}

/** Splits esbuild's unminified CSS into its per-source sections (a "/* <stylesheet> *\/" header each), in order. */
function sections(css, into) {
  const re = /\/\* ((?:wyw-in-js:)?\S+\.css) \*\/\n/g;
  const marks = [...css.matchAll(re)];
  marks.forEach((m, i) => {
    if (!into.has(m[1])) into.set(m[1], css.slice(m.index + m[0].length, i + 1 < marks.length ? marks[i + 1].index : css.length));
  });
  return into;
}

async function writeCss(name, sources, cssBySource) {
  const text = [...cssBySource.keys()]
    .filter((s) => sources.has(s))
    .map((s) => cssBySource.get(s))
    .join('\n');
  if (!text.trim()) return '';
  const { code } = await esbuild.transform(text, { loader: 'css', minify: true, target: 'chrome87' });
  const file = `${name}-${crypto.createHash('sha256').update(code).digest('base64url').slice(0, 8)}.css`;
  fs.writeFileSync(path.join(assetsDir, file), code);
  return `/assets/${file}`;
}

fs.rmSync(dist, { recursive: true, force: true });

// The server first: its plugin inventory, run here, checks each listed package's default export and tells which
// package is which plugin, so that the browser build can name each lazy module by its owner.
await esbuild.build({
  ...common,
  // The plugin inventory is the server's plugins as the server resolves them, run once just below.
  entryPoints: { server: 'core/app/src/server.ts', [PLUGIN_INVENTORY]: 'scripts/build/plugin-inventory.ts' },
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir: path.join(dist, 'server'),
  outExtension: { '.js': '.mjs' },
  conditions: [...SOURCES, 'oja-server'],
  plugins: [pdfkitBundled, ...common.plugins],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
// The server bundle's CSS duplicates the client's; the server never serves it.
for (const f of fs.readdirSync(path.join(dist, 'server'))) if (f.endsWith('.css')) fs.rmSync(path.join(dist, 'server', f));

const pluginInventory = path.join(dist, 'server', `${PLUGIN_INVENTORY}.mjs`);
const { inventory: plugins, owners } = await import(pathToFileURL(pluginInventory).href)
  .catch(stopOnConfig)
  .finally(() => fs.rmSync(pluginInventory));
/** A lazy module's manifest key and file name, by its package (scripts/build/chunks.mjs). */
const namesOf = (source) => lazyNames(source, { root, owners, cache: packageCache });

// Pass 1, unminified: the module graph, the lazy modules, and every source's CSS.
const discovery = await esbuild.build({ ...client, entryPoints: { main: CLIENT_ENTRY }, write: false });
const meta = discovery.metafile;
const cssBySource = new Map();
for (const f of discovery.outputFiles) if (f.path.endsWith('.css')) sections(f.text, cssBySource);
const lazy = [
  ...new Set(
    Object.values(meta.inputs).flatMap((i) => (i.imports ?? []).filter((x) => x.kind === 'dynamic-import' && !x.external).map((x) => x.path)),
  ),
];

/**
 * Pass 2's lazy entries each import the client entry first (a module of its own, `oja-lazy:<source>`, which every
 * `import()` of that module is pointed at): so every module of the initial route is reached by every entry, and
 * esbuild's splitting, which makes a chunk of each set of entries sharing modules, leaves the initial route in one
 * chunk instead of a dozen small ones (each file gzips alone: about 0.6 KiB lost, and a new lazy module made more).
 * The client entry runs once, as any ES module, when the page loads it; a lazy module only ever loads after it.
 */
const LAZY = 'oja-lazy';
const lazySources = new Set(lazy);
/** Each lazy module's exports (pass 1's chunk of it): its wrapper re-exports them, the default too. */
const lazyExports = new Map(
  Object.values(meta.outputs)
    .filter((o) => lazySources.has(o.entryPoint))
    .map((o) => [o.entryPoint, o.exports ?? []]),
);
const sourceOf = (entry) => (entry.startsWith(`${LAZY}:`) ? entry.slice(LAZY.length + 1) : entry);
const oneInitialChunk = {
  name: 'one-initial-chunk',
  setup(build) {
    build.onResolve({ filter: new RegExp(`^${LAZY}:`) }, (args) => ({ path: sourceOf(args.path), namespace: LAZY }));
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind !== 'dynamic-import' || args.pluginData?.[LAZY]) return undefined;
      const found = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: { [LAZY]: true },
      });
      if (found.errors.length) return { errors: found.errors };
      const source = path.relative(root, found.path).split(path.sep).join('/');
      return lazySources.has(source) ? { path: source, namespace: LAZY } : found;
    });
    build.onLoad({ filter: /.*/, namespace: LAZY }, (args) => {
      const file = JSON.stringify(path.join(root, args.path));
      const lines = [`import ${JSON.stringify(path.join(root, CLIENT_ENTRY))};`, `export * from ${file};`];
      if (lazyExports.get(args.path)?.includes('default')) lines.push(`export { default } from ${file};`);
      return { contents: lines.join('\n'), loader: 'js', resolveDir: root };
    });
  },
};

// Pass 2: each lazy module an entry of its own (so its stylesheet is its own), minified.
const entryPoints = {
  main: CLIENT_ENTRY,
  ...Object.fromEntries(
    Object.entries(lazyEntries(lazy, { root, owners, cache: packageCache })).map(([name, source]) => [name, `${LAZY}:${source}`]),
  ),
};
const result = await esbuild.build({ ...client, plugins: [oneInitialChunk, ...client.plugins], entryPoints, minify: true });
for (const f of fs.readdirSync(assetsDir)) if (f.endsWith('.css')) fs.rmSync(path.join(assetsDir, f));

/** An output and every output it imports statically. */
function staticOutputs(m, out, seen = new Set()) {
  if (seen.has(out)) return seen;
  seen.add(out);
  for (const imp of m.outputs[out].imports ?? []) if (imp.kind === 'import-statement' && m.outputs[imp.path]) staticOutputs(m, imp.path, seen);
  return seen;
}
/**
 * An output and every output it may load, through static and lazy imports, short of `stop` (the initial route):
 * every lazy module imports the initial route, whose own lazy imports are every part of every plugin, so a walk
 * through it would give each part the whole build. The parts the initial route loads are the page's by kind
 * (core/src/server/integrity.ts pageParts).
 */
function reachableOutputs(m, out, stop, seen = new Set()) {
  if (seen.has(out) || stop.has(out)) return seen;
  seen.add(out);
  for (const imp of m.outputs[out].imports ?? [])
    if ((imp.kind === 'import-statement' || imp.kind === 'dynamic-import') && m.outputs[imp.path]) reachableOutputs(m, imp.path, stop, seen);
  return seen;
}
const assetUrl = (out) => `/assets/${path.basename(out)}`;
const mainOutput = Object.keys(result.metafile.outputs).find((o) => result.metafile.outputs[o].entryPoint === CLIENT_ENTRY && o.endsWith('.js'));
const initialOutputs = staticOutputs(result.metafile, mainOutput);
/**
 * V8's explicit compile hint (Chromium 136 on; other engines read a comment): every function of the initial route is
 * compiled as the file streams in, off the main thread, instead of one by one on the main thread as hydration first
 * calls them (React DOM is one CommonJS closure of 200 KiB, compiled whole the first time it runs). Lazy screens keep
 * V8's lazy compilation: most of a library like node-forge never runs.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
for (const out of initialOutputs) {
  const file = path.resolve(root, out);
  fs.writeFileSync(file, COMPILE_HINT + fs.readFileSync(file, 'utf8'));
}

// Stylesheets: the initial route's, then what each lazy module adds to it.
const initialStyles = staticStyles(meta, CLIENT_ENTRY);
const manifest = {
  js: '',
  css: [await writeCss('main', initialStyles, cssBySource)].filter(Boolean),
  screens: {},
  entryModules: [...initialOutputs].map(assetUrl),
  integrity: {},
};
for (const [out, info] of Object.entries(result.metafile.outputs)) {
  if (!info.entryPoint || !out.endsWith('.js')) continue;
  const url = assetUrl(out);
  if (info.entryPoint === CLIENT_ENTRY) {
    manifest.js = url;
    continue;
  }
  const source = sourceOf(info.entryPoint);
  const own = new Set([...staticStyles(meta, source)].filter((s) => !initialStyles.has(s)));
  // Everything the screen's module imports statically, beyond the initial route, is preloaded with it.
  const preload = [...staticOutputs(result.metafile, out)].filter((o) => !initialOutputs.has(o)).map(assetUrl);
  // Everything it may load at all (its own lazy imports' too): the page's import map gives each its integrity.
  const modules = [...reachableOutputs(result.metafile, out, initialOutputs)].map(assetUrl);
  const { key, name } = namesOf(source);
  if (manifest.screens[key]) throw new Error(`two lazy modules are both "${key}" in the manifest, the second ${source}`);
  manifest.screens[key] = { js: url, preload, modules, css: await writeCss(name, own, cssBySource) };
}
// Subresource Integrity of every script and stylesheet (core/src/server/integrity.ts), as the server checks them at start.
for (const f of fs.readdirSync(assetsDir).sort())
  if (/\.(js|css)$/.test(f)) manifest.integrity[`/assets/${f}`] = sri(fs.readFileSync(path.join(assetsDir, f)));
fs.writeFileSync(path.join(dist, 'meta.json'), JSON.stringify(result.metafile));
fs.writeFileSync(path.join(dist, 'client', 'manifest.json'), JSON.stringify(manifest, null, 2));

for (const f of fs.readdirSync(assetsDir)) {
  if (!/\.(js|css)$/.test(f)) continue;
  const buf = fs.readFileSync(path.join(assetsDir, f));
  fs.writeFileSync(path.join(assetsDir, `${f}.gz`), zlib.gzipSync(buf, { level: 9 }));
  fs.writeFileSync(path.join(assetsDir, `${f}.br`), zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

// The merchant SDK (core/sdk): one classic script, no dependencies, served by the checkout at /inline-checkout.js.
// Apart from the checkout's own bundle: merchants' pages load it, never the payer's checkout page.
await esbuild.build({
  absWorkingDir: root,
  entryPoints: [SDK_ENTRY],
  conditions: SOURCES,
  bundle: true,
  minify: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  legalComments: 'none',
  logLevel: 'warning',
  outfile: path.join(dist, 'client', SDK_FILE),
});
// The checkout server writes the mode it serves for over this placeholder (core/sdk/src/script.ts).
if (!fs.readFileSync(path.join(dist, 'client', SDK_FILE), 'utf8').includes(SDK_MODE_PLACEHOLDER))
  throw new Error(`${SDK_FILE} lost its served-mode placeholder`);

const inventory = buildInventory({
  manifest,
  sdk: { text: fs.readFileSync(path.join(dist, 'client', SDK_FILE), 'utf8'), placeholder: SDK_MODE_PLACEHOLDER },
  plugins,
});
fs.writeFileSync(path.join(dist, 'client', INVENTORY_FILE), JSON.stringify(inventory, null, 2));

// In the workspace, every released package as it publishes it (each one's dist/, the SDK's JSON Schemas), for
// `npm pack -w <package>`.
// `--app-only` (npm start) leaves them: the checkout runs from the sources' build above.
const packages = workspace && !process.argv.includes('--app-only') ? await buildPackages({ root }) : null;

console.log(
  `built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${Object.keys(entryPoints).length} client entries, dist/client/${SDK_FILE}, dist/client/${INVENTORY_FILE}, dist/server/server.mjs${packages ? `, ${packages.packages} packages' dist/ (${packages.modules} modules)` : ''}`,
);
