// `oja-build [folder ...]`: builds plugin packages (the current folder by default) with buildPackages
// (packages.mjs). A package inside an npm workspace that lists it (the Oja repository) builds from that workspace, its
// sibling packages' sources read under `oja-source`; any other package builds from its own folder, what it imports
// resolved from its node_modules (or an app's around it) as Node resolves them: @oja/core as the registry ships it.
import fs from 'node:fs';
import path from 'node:path';
import { buildPackages, hasSources, isWorkspace, releasedPackages } from './packages.mjs';

const USAGE = `usage: oja-build [folder ...]

Builds each plugin package (a folder with package.json and src/; the current folder by default) to dist/: one
JavaScript module per source module, linaria styles extracted to a stylesheet beside each, .d.ts declarations.`;

/** The workspace above `dir` that lists it, or `dir` itself: where the package is built from. */
export function buildRoot(dir) {
  for (let up = path.dirname(dir); path.dirname(up) !== up; up = path.dirname(up)) {
    if (fs.existsSync(path.join(up, 'package.json')) && isWorkspace(up)) {
      const listed = releasedPackages(up).map((d) => path.resolve(d));
      if (listed.includes(dir)) return up;
    }
  }
  return dir;
}

/** Runs the command with its arguments (folders, relative to `cwd`); answers the exit code. */
export async function main(args = process.argv.slice(2), cwd = process.cwd()) {
  if (args.includes('-h') || args.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  const dirs = (args.length ? args : ['.']).map((d) => path.resolve(cwd, d));
  const wrong = dirs.filter((d) => !fs.existsSync(path.join(d, 'package.json')) || !hasSources(d));
  if (wrong.length) {
    console.error(`oja-build: not a package with sources (package.json and src/): ${wrong.join(', ')}\n\n${USAGE}`);
    return 2;
  }
  // Map.groupBy is Node 21's.
  const byRoot = new Map();
  for (const dir of dirs) byRoot.set(buildRoot(dir), [...(byRoot.get(buildRoot(dir)) ?? []), dir]);
  for (const [root, packages] of byRoot) {
    const { modules, seconds } = await buildPackages({ root, packages });
    const names = packages.map((d) => JSON.parse(fs.readFileSync(path.join(d, 'package.json'), 'utf8')).name ?? path.basename(d));
    console.log(`oja-build: built ${names.join(', ')} (${modules} modules) in ${seconds.toFixed(1)} s`);
  }
  return 0;
}
