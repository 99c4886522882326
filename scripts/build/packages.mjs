// The package build is @oja/build's (core/build/lib/packages.mjs, the `oja-build` command): this module keeps its
// place for the workspace's build, tests and release scripts, and for an app's copy of scripts/build/build.mjs (which
// then takes @oja/build from its node_modules). `node scripts/build/packages.mjs [folder ...]` builds the given
// packages (the workspace's released ones by default) from the app these scripts belong to.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appRoot, buildPackages } from '@oja/build';

export * from '@oja/build';

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.slice(2).map((d) => path.resolve(d));
  // The app these scripts belong to (scripts/build/ inside it): its node_modules resolve every package's imports.
  const root = appRoot(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'));
  const { packages, modules, seconds } = await buildPackages({ root, ...(dirs.length ? { packages: dirs } : {}) });
  console.log(`built ${packages} package${packages === 1 ? '' : 's'} (${modules} modules) in ${seconds.toFixed(1)} s`);
}
