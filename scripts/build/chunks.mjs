// What the build calls a module by the package it belongs to, wherever that package is installed (a workspace
// folder, node_modules from a registry or a tarball): the lazy modules' file names and manifest keys, and which
// message tables stay off the initial route. A folder's name says nothing: two packages may share one.
import fs from 'node:fs';
import path from 'node:path';

/** The checkout's core: its lazy parts are `core-<file>` (core/src/shell/App.tsx). */
export const CORE_PACKAGE = '@oja/core';
/** A package's initial-route message table, relative to the package (sources, or a package's built output). */
const MESSAGES_FILE = /^(?:src|dist)\/messages\.(?:ts|js|mjs)$/;
/** The file-name prefix of each plugin kind's lazy modules. */
const PREFIX = { channels: 'channel', brandings: 'branding', gates: 'gate', pages: 'page' };

/**
 * The package a file belongs to: the nearest package.json above it with a name (a nameless one, such as a
 * `{ "type": "module" }` marker inside a package, is not a package). `cache` maps folders already walked.
 */
export function packageOf(file, cache = new Map()) {
  const walked = [];
  for (let dir = path.dirname(path.resolve(file)); ; dir = path.dirname(dir)) {
    let found = cache.get(dir);
    if (found === undefined) {
      try {
        const name = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name;
        if (typeof name === 'string' && name) found = { name, dir };
      } catch {
        // No package.json here, or not one that names a package: look further up.
      }
    }
    if (found) {
      for (const d of walked) cache.set(d, found);
      return found;
    }
    walked.push(dir);
    if (path.dirname(dir) === dir) return null;
  }
}

/** A package name as part of a file name: "@acme/x" -> "acme-x". */
export const fileSafe = (name) => name.replace(/^@/, '').replace(/[^A-Za-z0-9._-]+/g, '-');

/**
 * A lazily loaded module's names: `key`, what core asks the manifest for (a channel's screen "<id>", its other
 * lazy modules "<id>-<file>", a gate's "gate-<id>", a page's "page-<id>" or "page-<id>-<file>", a branding's
 * "branding-<acquirer>" (its logo "branding-<acquirer>-Logo"), core's "core-<file>", see core/src/server/integrity.ts), and `name`, its file's name
 * ("channel-<package>-<file>", …), unique per package however the packages' folders are called. A lazy module of
 * a package that is neither core nor listed (a library's own) is "lib-<package>-<file>": reached through the
 * screen that loads it.
 * - `source`: the module's path, relative to `root` (as esbuild's metafile names it) or absolute.
 * - `owners`: package name -> { kind, id } (scripts/build/oja-config.mjs checkPlugins).
 */
export function lazyNames(source, { root, owners, cache }) {
  const file = path.basename(source).replace(/\.[cm]?[jt]sx?$/, '');
  const pkg = packageOf(path.resolve(root, source), cache);
  if (!pkg) throw new Error(`${source} is a lazily loaded module outside any package`);
  if (pkg.name === CORE_PACKAGE) return { key: `core-${file}`, name: `core-${file}` };
  const owner = owners.get(pkg.name);
  if (!owner) return { key: `lib-${fileSafe(pkg.name)}-${file}`, name: `lib-${fileSafe(pkg.name)}-${file}` };
  const name = `${PREFIX[owner.kind]}-${fileSafe(pkg.name)}-${file}`;
  if (owner.kind === 'channels') return { key: file === 'Screen' ? owner.id : `${owner.id}-${file}`, name };
  if (owner.kind === 'gates') return { key: `gate-${owner.id}`, name };
  if (owner.kind === 'pages') return { key: file === 'Screen' ? `page-${owner.id}` : `page-${owner.id}-${file}`, name };
  // A branding's logo, drawn by the server (core's Drawn), is fetched apart from its pages' screen.
  return { key: file === 'Logo' ? `branding-${owner.id}-Logo` : `branding-${owner.id}`, name };
}

/**
 * Whether a module is one of the initial route's message tables the server sends in the page data instead
 * (build.mjs strings-from-server): `messages` at the top of core's or a listed plugin package's sources.
 * - `packages`: the listed packages' names.
 */
export function isServerStrings(file, { packages, cache }) {
  const pkg = packageOf(file, cache);
  if (!pkg || (pkg.name !== CORE_PACKAGE && !packages.has(pkg.name))) return false;
  return MESSAGES_FILE.test(path.relative(pkg.dir, file).split(path.sep).join('/'));
}

/**
 * The names a message table's module exports, read from its text: its sources' `export const messages = …`, or a
 * built module's closing `export { messages, screenMessages as other };`.
 */
export function exportedNames(text) {
  const declared = [...text.matchAll(/^export (?:const|let|var|function|class) (\w+)/gm)].map((m) => m[1]);
  const listed = [...text.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) =>
    m[1]
      .split(',')
      .map((part) =>
        part
          .trim()
          .split(/\s+as\s+/)
          .pop(),
      )
      .filter(Boolean),
  );
  return [...new Set([...declared, ...listed])];
}

/**
 * The lazy modules as the build's entry points, by file name (lazyNames). Two packages whose names are alike once
 * made file-safe ("@acme/x" and "acme-x") would write one file: an error names both.
 */
export function lazyEntries(sources, options) {
  const entries = {};
  for (const source of sources) {
    const { name } = lazyNames(source, options);
    if (entries[name])
      throw new Error(`${entries[name]} and ${source} would both be ${name}-*.js: their packages' names are alike once made file-safe`);
    entries[name] = source;
  }
  return entries;
}
