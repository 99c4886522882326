#!/usr/bin/env node
// A released package's package.json as it is packed (issue 33): the workspace's source conditions (`oja-source`)
// point at src/, which a tarball does not hold, so they never reach a packed manifest; nor do the hooks that strip
// them. Each released package runs `strip` before npm packs it (prepack) and `restore` after (postpack): `npm pack`,
// `npm publish` and `changeset publish` all ship the stripped manifest, and the workspace keeps its own.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The export condition that names a workspace package's sources (scripts/build/packages.mjs SOURCE_CONDITION). */
export const SOURCE_CONDITION = 'oja-source';
/** Where the workspace's own manifest waits while the package is packed. */
export const BACKUP_FILE = '.package.json.workspace';
/** The lifecycle scripts that run this, left out of what ships. */
export const PACK_HOOKS = ['prepack', 'postpack'];

/** An exports entry without the source condition, at any depth. */
function withoutSources(entry) {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return entry;
  return Object.fromEntries(Object.entries(entry).flatMap(([k, v]) => (k === SOURCE_CONDITION ? [] : [[k, withoutSources(v)]])));
}

/** The manifest a tarball holds: no source conditions, no pack hooks (and no `scripts` left empty). */
export function packedManifest(pkg) {
  const out = { ...pkg, exports: withoutSources(pkg.exports) };
  if (pkg.scripts) {
    const scripts = Object.fromEntries(Object.entries(pkg.scripts).filter(([k]) => !PACK_HOOKS.includes(k)));
    if (Object.keys(scripts).length) out.scripts = scripts;
    else delete out.scripts;
  }
  return out;
}

/** Every file an exports entry names, at any depth ("./dist/index.js", …). */
export function exportTargets(entry) {
  if (typeof entry === 'string') return [entry];
  if (!entry || typeof entry !== 'object') return [];
  return Object.values(entry).flatMap(exportTargets);
}

function strip(dir) {
  const file = path.join(dir, 'package.json');
  const text = fs.readFileSync(file, 'utf8');
  // A pack that failed before its postpack left the workspace's manifest aside: that one is the truth.
  const original = fs.existsSync(path.join(dir, BACKUP_FILE)) ? fs.readFileSync(path.join(dir, BACKUP_FILE), 'utf8') : text;
  fs.writeFileSync(path.join(dir, BACKUP_FILE), original);
  fs.writeFileSync(file, `${JSON.stringify(packedManifest(JSON.parse(original)), null, 2)}\n`);
}

function restore(dir) {
  const backup = path.join(dir, BACKUP_FILE);
  if (!fs.existsSync(backup)) return;
  fs.writeFileSync(path.join(dir, 'package.json'), fs.readFileSync(backup, 'utf8'));
  fs.rmSync(backup);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command] = process.argv.slice(2);
  if (command === 'strip') strip(process.cwd());
  else if (command === 'restore') restore(process.cwd());
  else {
    console.error('usage: packManifest.mjs strip|restore (in the package folder)');
    process.exit(2);
  }
}
