// An acquirer's checkout, made the way an acquirer would make it (issue 12): outside the workspace, a copy of the
// app (its entries, its build, its demo store) installs Oja's packages from tarballs (`npm pack` of the built
// workspace, as the registry would hand them out) and the rest from the npm registry; beside it, the acquirer's
// own branding, a copy of HALO's sources renamed ACME, is built with the same package build against the installed
// @oja/core, packed, and installed from its tarball; oja.config.json lists the channel and the brandings; the
// app's own `npm run build` assembles it. e2e/acquirer.e2e.ts pays through it in Chromium.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The acquirer's branding: its package name, its acquirer code, its primary colour (to see its stylesheet applied). */
export const ACME = { name: '@acme/oja-branding-acme', acquirer: 'ACME', primary: '#0b6e4f' };
/** The channel the acquirer installs from Oja, and the brandings it lists. */
export const ACME_CONFIG = { channels: ['@oja/transfer'], brandings: ['@oja/branding-default', ACME.name] };
/** Oja's packages the app installs from tarballs: what it lists, and what they need (core, the SDK it serves, the server). */
const OJA_PACKAGES = ['@oja/core', '@oja/sdk', '@oja/store', '@oja/sandbox', '@oja/server', '@oja/transfer', '@oja/branding-default'];
/** The app as the repository has it (the @oja/app package, installed from its folder), copied file by file (its tests stay behind). */
const APP_FILES = [
  'core/app/package.json',
  'core/app/src/client.tsx',
  'core/app/src/server.ts',
  'core/app/src/run.ts',
  'core/app/src/config.ts',
  'core/app/src/oja-installed.d.ts',
  'core/app/src/ojaConfig.mjs',
  'core/app/src/ojaConfig.d.mts',
  'core/app/src/demo/http.ts',
  'core/app/src/demo/merchant-orders.ts',
  'core/app/src/demo/merchant-store.ts',
  'scripts/build/build.mjs',
  'scripts/build/chunks.mjs',
  'scripts/build/inventory.mjs',
  'scripts/build/packages.mjs',
  'scripts/build/plugin-inventory.ts',
  'scripts/wyw.mjs',
];
/** Where the copied app package is, as the acquirer's package.json installs it. */
const APP_PACKAGE = 'core/app';
/** What the app's build and the branding's build run with, at the workspace's versions (npm's cache has them). */
const APP_TOOLS = [
  'esbuild',
  '@wyw-in-js/esbuild',
  '@wyw-in-js/transform',
  '@babel/preset-typescript',
  '@babel/preset-react',
  '@linaria/core',
  'typescript',
  '@types/react',
  '@types/node',
];
/** The app's runtime packages beside Oja's (the shell's peers). */
const APP_DEPENDENCIES = ['react', 'react-dom'];

const run = (cmd, args, cwd) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_loglevel: 'error' } });
/** npm, quietly, from the cache first (the workspace's install filled it). */
const npm = (args, cwd) => run('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline'], cwd);

/** The acquirer's branding package, written from HALO's shipped sources: every "halo" becomes "acme". */
function writeAcmeBranding(dir) {
  const halo = path.join(root, 'branding/halo');
  const pkg = readJson(path.join(halo, 'package.json'));
  pkg.name = ACME.name;
  pkg.description = 'ACME Bank branding for Oja Checkout.';
  pkg.version = '0.1.0';
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  fs.copyFileSync(path.join(halo, 'LICENSE'), path.join(dir, 'LICENSE'));
  for (const f of fs.readdirSync(path.join(halo, 'src'))) {
    if (/\.(test|stories)\.tsx?$/.test(f)) continue;
    const text = fs
      .readFileSync(path.join(halo, 'src', f), 'utf8')
      .replaceAll('HALO', ACME.acquirer)
      .replaceAll('halo', 'acme')
      .replace(/primary: '#[0-9a-f]{6}'/, `primary: '${ACME.primary}'`);
    fs.writeFileSync(path.join(dir, 'src', f), text);
  }
}

/**
 * Makes the acquirer's app in a fresh folder and builds it; answers its folder (`dist/server/server.mjs` runs it).
 * The workspace's packages must be built (`npm run build`). `log` hears each step.
 */
export function makeAcquirerApp({ log = () => {} } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-acquirer-'));
  const app = path.join(dir, 'app');
  const packs = path.join(dir, 'packs');
  fs.mkdirSync(packs, { recursive: true });

  log('packing Oja packages');
  const packed = JSON.parse(npm(['pack', ...OJA_PACKAGES.flatMap((p) => ['-w', p]), '--pack-destination', packs, '--json'], root));
  const tarball = Object.fromEntries(packed.map((p) => [p.name, `file:${path.join(packs, p.filename)}`]));

  log('writing the app');
  for (const f of APP_FILES) {
    fs.mkdirSync(path.dirname(path.join(app, f)), { recursive: true });
    fs.copyFileSync(path.join(root, f), path.join(app, f));
  }
  const workspace = readJson(path.join(root, 'package.json'));
  const versions = { ...workspace.dependencies, ...workspace.devDependencies };
  const pick = (names) => Object.fromEntries(names.map((n) => [n, versions[n]]));
  fs.writeFileSync(
    path.join(app, 'package.json'),
    `${JSON.stringify(
      {
        name: 'acme-checkout',
        private: true,
        type: 'module',
        scripts: { build: 'node scripts/build/build.mjs', start: 'node dist/server/server.mjs' },
        dependencies: { ...tarball, '@oja/app': `file:${APP_PACKAGE}`, ...pick(APP_DEPENDENCIES) },
        devDependencies: pick(APP_TOOLS),
        overrides: workspace.overrides,
      },
      null,
      2,
    )}\n`,
  );
  log('installing (npm install)');
  npm(['install'], app);

  log('building the ACME branding against the installed @oja/core');
  const branding = path.join(app, 'plugins', 'acme-branding');
  writeAcmeBranding(branding);
  run(process.execPath, [path.join(app, 'scripts/build/packages.mjs'), branding], app);
  const [brandingPack] = JSON.parse(npm(['pack', '--pack-destination', packs, '--json'], branding));
  log('installing the ACME branding from its tarball');
  npm(['install', path.join(packs, brandingPack.filename)], app);

  fs.writeFileSync(path.join(app, 'oja.config.json'), `${JSON.stringify(ACME_CONFIG, null, 2)}\n`);
  log('building the app (npm run build)');
  run('npm', ['run', 'build'], app);
  return { dir, app, server: path.join(app, 'dist/server/server.mjs'), packs: fs.readdirSync(packs) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const made = makeAcquirerApp({ log: (s) => console.log(`${((Date.now() - started) / 1000).toFixed(1)} s: ${s}`) });
  console.log(`${made.app} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
