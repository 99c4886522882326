// Builds a plugin or core package to what a consumer installs (issue 12): beside its TypeScript sources, `dist/`
// holds one JavaScript module per source module, the same tree (so an app's build still splits each lazy screen
// and each `messages` table into modules of their own), each module's linaria styles extracted to a stylesheet
// beside it that the module imports (`import './Screen.css'`: the consumer needs no linaria or wyw set-up, its
// bundler takes the CSS like any), and the `.d.ts` declarations. Tests and stories are not built.
//
// `npm run build` builds the workspace's released packages (through scripts/build/packages.mjs); a plugin's package,
// in its own repository or anywhere, builds the same way with `npx oja-build` (bin/oja-build.mjs, lib/cli.mjs).
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { wywEsbuild, wywOptions } from './wyw.mjs';

/** A package's sources, and where its build goes. */
const SRC = 'src';
const DIST = 'dist';
/** Workspace packages export their sources under this condition (package.json `exports`, tsconfig.json). */
export const SOURCE_CONDITION = 'oja-source';
/** What the package build compiles: TypeScript modules. */
const SOURCE_FILE = /\.tsx?$/;
/** What it leaves out: tests, stories and declarations. */
const NOT_SHIPPED = /\.(?:test|e2e|stories)\.tsx?$|\.d\.ts$/;
/** The packages that build themselves (their build.mjs): the SDK bundles its entries for merchants' pages. */
const OWN_BUILD = 'build.mjs';

/** The app's root: the nearest folder above `from` with a package.json. */
export function appRoot(from = process.cwd()) {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json at or above ${from}`);
  }
}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/**
 * Whether `root` is the Oja workspace (its package.json lists workspaces): there the build reads each workspace
 * package's sources (the `oja-source` export); anywhere else packages are what they ship (`dist/`), and their
 * `oja-source` exports, which name sources a tarball does not hold, are never asked for.
 */
export const isWorkspace = (root) => Array.isArray(readJson(path.join(root, 'package.json')).workspaces);

/** The workspace's packages that are released (not private), as folders; `dir/*` patterns expanded. */
export function releasedPackages(root) {
  return readJson(path.join(root, 'package.json'))
    .workspaces.flatMap((p) =>
      p.endsWith('/*')
        ? fs
            .readdirSync(path.join(root, p.slice(0, -2)))
            .sort()
            .map((d) => path.join(root, p.slice(0, -2), d))
        : [path.join(root, p)],
    )
    .filter((dir) => fs.existsSync(path.join(dir, 'package.json')) && !readJson(path.join(dir, 'package.json')).private);
}

/** Whether a folder holds a package with sources to build (@oja/build itself, plain modules, has none). */
export const hasSources = (dir) => fs.existsSync(path.join(dir, SRC));

/** A package's source modules that ship, as absolute paths; with `ambient`, its own declarations (`x.d.ts`) too. */
export function shippedSources(dir, { ambient = false } = {}) {
  const out = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (SOURCE_FILE.test(e.name) && (!NOT_SHIPPED.test(e.name) || (ambient && e.name.endsWith('.d.ts')))) out.push(p);
    }
  };
  walk(path.join(dir, SRC));
  return out.sort();
}

/** The built module of a source module: src/a/B.tsx -> dist/a/B.js (and .d.ts, .css beside it). */
const outputOf = (dir, source, ext = '.js') => path.join(dir, DIST, path.relative(path.join(dir, SRC), source)).replace(/\.tsx?$/, ext);
/** A relative module specifier from one file to another, as ES modules write it ("./x.js", "../y/z.js"). */
const specifier = (from, to) => {
  const rel = path.relative(path.dirname(from), to).split(path.sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
};

/**
 * One module in, one module out: every import of another of the package's modules stays an import, of the built
 * file; every package import stays as written. Only linaria's extracted styles are bundled (into the entry's CSS).
 */
function oneToOne(packages) {
  return {
    name: 'one-to-one',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        // wyw's own lookups (no importer: it evaluates the styles' imports) resolve as usual.
        if (args.kind === 'entry-point' || !args.importer || args.pluginData?.oneToOne || args.path.endsWith('.wyw.css')) return undefined;
        if (!args.path.startsWith('.') && !path.isAbsolute(args.path)) return { path: args.path, external: true };
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: { oneToOne: true },
        });
        if (resolved.errors.length) return { errors: resolved.errors };
        const dir = packages.find((d) => args.importer.startsWith(path.join(d, SRC) + path.sep));
        if (!dir || !resolved.path.startsWith(path.join(dir, SRC) + path.sep) || NOT_SHIPPED.test(resolved.path) || !SOURCE_FILE.test(resolved.path))
          return { errors: [{ text: `${args.importer} imports ${args.path}, which is not one of its package's shipped modules` }] };
        return { path: specifier(outputOf(dir, args.importer), outputOf(dir, resolved.path)), external: true };
      });
    },
  };
}

/** The JavaScript and CSS of `packages` (folders), each module built on its own; answers the number of modules. */
async function buildModules(packages, root, work) {
  const entries = packages.flatMap(shippedSources);
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: entries,
    outbase: root,
    outdir: path.join(work, 'js'),
    write: false,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    jsx: 'automatic',
    legalComments: 'inline',
    logLevel: 'warning',
    metafile: true,
    // What wyw evaluates as it extracts styles (a branding's tokens from @oja/core) comes from sources in the workspace.
    conditions: isWorkspace(root) ? [SOURCE_CONDITION] : [],
    // wyw first: its extracted stylesheets are the only imports bundled.
    plugins: [wywEsbuild({ ...wywOptions, filter: SOURCE_FILE }), oneToOne(packages)],
  });
  const files = new Map(result.outputFiles.map((f) => [f.path, f.text]));
  for (const [out, info] of Object.entries(result.metafile.outputs)) {
    if (!info.entryPoint) continue;
    const source = path.resolve(root, info.entryPoint);
    const dir = packages.find((d) => source.startsWith(path.join(d, SRC) + path.sep));
    const js = outputOf(dir, source);
    let text = files.get(path.resolve(root, out));
    if (info.cssBundle) {
      const css = outputOf(dir, source, '.css');
      fs.mkdirSync(path.dirname(css), { recursive: true });
      // esbuild's section comment names a virtual module of the build machine's: not worth shipping.
      fs.writeFileSync(css, files.get(path.resolve(root, info.cssBundle)).replace(/^\/\* wyw-in-js:.*\*\/\n/gm, ''));
      text = `import ${JSON.stringify(specifier(js, css))};\n${text}`;
    }
    fs.mkdirSync(path.dirname(js), { recursive: true });
    fs.writeFileSync(js, text);
  }
  return entries.length;
}

/** Where a package resolves from `root` (its package.json), or undefined. */
const resolveFrom = (name, root) => {
  try {
    return createRequire(path.join(root, 'package.json')).resolve(`${name}/package.json`);
  } catch {
    return undefined;
  }
};

/** Every `node_modules/@types` at or above `root`: the generated tsconfig sits in a temporary folder, not in the package. */
const typeRootsOf = (root) => {
  const roots = [];
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    const types = path.join(dir, 'node_modules', '@types');
    if (fs.existsSync(types)) roots.push(types);
    if (path.dirname(dir) === dir) return roots;
  }
};

/** The TypeScript compiler: the one the packages' root installs, else @oja/build's own. */
const tscOf = (root) => {
  const own = resolveFrom('typescript', root);
  return own ? path.join(path.dirname(own), 'bin', 'tsc') : createRequire(import.meta.url).resolve('typescript/bin/tsc');
};

/**
 * Every relative specifier of a declaration file as a nodenext consumer needs it: with its `.js`, a folder's as
 * its `index.js` (the emitted tree tells which).
 */
export function withJsSpecifiers(file) {
  const text = fs.readFileSync(file, 'utf8').replace(/((?:from|import)\s*\(?\s*['"])(\.\.?(?:\/[^'"]*?)?)(['"])/g, (all, before, spec, after) => {
    if (/\.js$/.test(spec)) return all;
    const target = path.resolve(path.dirname(file), spec);
    if (!spec.endsWith('/') && fs.existsSync(`${target}.d.ts`)) return `${before}${spec}.js${after}`;
    if (fs.existsSync(path.join(target, 'index.d.ts'))) return `${before}${spec.replace(/\/$/, '')}/index.js${after}`;
    return all;
  });
  fs.writeFileSync(file, text);
}

/**
 * The `.d.ts` of `packages`, in one TypeScript run (one program for all: the shared types load once). Its tsconfig is
 * generated in `work`, a temporary folder: no tsconfig of the package or of an app around it is read, its files are
 * the packages' sources alone (rootDir `root`, which holds them all) and its output goes to `work` too (never onto
 * an input: TS5055).
 */
function buildDeclarations(packages, root, work) {
  const out = path.join(work, 'types');
  const tsconfig = path.join(work, 'tsconfig.json');
  fs.writeFileSync(
    tsconfig,
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        customConditions: isWorkspace(root) ? [SOURCE_CONDITION] : [],
        jsx: 'react-jsx',
        strict: true,
        skipLibCheck: true,
        isolatedModules: true,
        esModuleInterop: true,
        resolveJsonModule: true,
        declaration: true,
        emitDeclarationOnly: true,
        rootDir: root,
        outDir: out,
        typeRoots: typeRootsOf(root),
        types: resolveFrom('@types/node', root) ? ['node'] : [],
      },
      // A package's own ambient declarations (a typing for an untyped import) are read, not shipped.
      files: packages.flatMap((d) => shippedSources(d, { ambient: true })),
    }),
  );
  execFileSync(process.execPath, [tscOf(root), '-p', tsconfig], { stdio: 'inherit' });
  for (const dir of packages) {
    const emitted = path.join(out, path.relative(root, path.join(dir, SRC)));
    fs.cpSync(emitted, path.join(dir, DIST), { recursive: true });
    const fix = (d) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        if (e.isDirectory()) fix(path.join(d, e.name));
        else if (e.name.endsWith('.d.ts')) withJsSpecifiers(path.join(d, e.name));
      }
    };
    fix(path.join(dir, DIST));
  }
}

/**
 * Builds packages (folders; the workspace's released ones with sources by default) to `dist/`: the SDK with its own
 * build, the others module by module. `root` is the folder they are built from, which holds them all (the workspace,
 * or a package's own folder): its tsconfig is never read, and imports resolve from each source file up, as Node does.
 */
export async function buildPackages({ root = appRoot(), packages = releasedPackages(root).filter(hasSources), writeJsonSchemas = true } = {}) {
  const started = Date.now();
  const own = packages.filter((d) => fs.existsSync(path.join(d, OWN_BUILD)));
  const rest = packages.filter((d) => !own.includes(d));
  for (const dir of rest) fs.rmSync(path.join(dir, DIST), { recursive: true, force: true });
  let modules = 0;
  if (rest.length) {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-build-'));
    try {
      modules = await buildModules(rest, root, work);
      buildDeclarations(rest, root, work);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
  for (const dir of own) {
    const { buildPackage } = await import(pathToFileURL(path.join(dir, OWN_BUILD)).href);
    await buildPackage({ writeJsonSchemas });
  }
  return { packages: packages.length, modules, seconds: (Date.now() - started) / 1000 };
}
