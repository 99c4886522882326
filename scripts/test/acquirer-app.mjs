// An acquirer's checkout, made the way an acquirer would make it (issues 12 and 33): a local npm registry (Verdaccio,
// scripts/test/registry.mjs) gets every released Oja package, versioned with changesets and published as a release
// is; in an empty folder a starter (a package.json and oja.config.json, beside a copy of the app's entries and build,
// the private @oja/app) installs Oja's packages from that registry alone. Two outside packages are written, each in a
// folder of its own outside the app (its own repository), as their authors would (docs/plugins/own-repository.md):
// the acquirer's branding (HALO's sources renamed ACME) and a channel (the transfer channel's sources renamed Zap, its
// sandbox part included). Each installs @oja/build and its peers (@oja/core among them) from the registry, builds with
// `npx oja-build` and is published to the same registry. The app installs them from there, lists them in
// oja.config.json and its own `npm run build` assembles it. e2e/acquirer.e2e.ts pays through it in Chromium.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { packedManifest } from '../release/packManifest.mjs';
import { publishFolder, publishUser, registryEnv, releaseToRegistry, startRegistry } from './registry.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The acquirer's branding: its package name, its acquirer code, its primary colour (to see its stylesheet applied). */
export const ACME = { name: '@acme/oja-branding-acme', acquirer: 'ACME', primary: '#0b6e4f' };
/** The outside channel: its package name, its id and code, its method-list row, the country of its own market. */
export const ZAP = { name: '@acme/oja-channel-zap', id: 'zap', code: 'ZAP', title: 'Pay with Zap', country: 'ZL' };
/**
 * The acquirer's oja.config.json: Oja's channel and the outside one, the brandings, and a market of the outside
 * channel's own (in "Zapland" only the card and Zap), which is the config's data, not the channel's.
 */
export const ACME_CONFIG = {
  channels: ['@oja/transfer', ZAP.name],
  brandings: ['@oja/branding-default', ACME.name],
  markets: [{ id: 'zapland', when: [{ country: [ZAP.country] }], only: [ZAP.code] }],
};
/** Oja's packages the app installs from the registry: what it lists, and what they need (core, the SDK it serves, the server). */
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
/**
 * What the app's build and its tests run with beside @oja/build (which brings wyw-in-js and Babel's presets), at the
 * workspace's versions (npm's cache has them).
 */
const APP_TOOLS = ['esbuild', '@linaria/core', 'typescript', '@types/react', '@types/node'];
/** The app's runtime packages beside Oja's (the shell's peers). */
const APP_DEPENDENCIES = ['react', 'react-dom'];
/** The package build, installed from the registry by the app (its build builds nothing of its own) and by each plugin. */
const BUILD_PACKAGE = '@oja/build';
/** What a plugin's repository installs to build beside @oja/build and its peers (docs/plugins/own-repository.md). */
const PLUGIN_TOOLS = ['@types/react'];

const run = (cmd, args, cwd) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_loglevel: 'error' } });
/**
 * npm against the local registry alone (the userconfig names it, with the publishing user's token). Package documents
 * are always asked of it (--prefer-online); tarballs whose integrity npm's cache already holds come from the cache.
 */
const npmWith = (userconfig) => (args, cwd) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--prefer-online'], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: registryEnv(userconfig),
  });

/** npm against the registry, as a child process of its own (the two plugins' installs run side by side). */
const npmAsync = (userconfig) => (args, cwd) =>
  promisify(execFile)('npm', [...args, '--no-audit', '--no-fund', '--prefer-online'], { cwd, encoding: 'utf8', env: registryEnv(userconfig) });

/** Adds devDependencies to a package's manifest, as its author's `npm install --save-dev` would. */
function addDevDependencies(dir, deps) {
  const pkg = readJson(path.join(dir, 'package.json'));
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ ...pkg, devDependencies: { ...pkg.devDependencies, ...deps } }, null, 2)}\n`);
}

/** A manifest as its author publishes it: the workspace's source conditions and pack hooks gone (packManifest.mjs). */
const publishedManifest = (pkg, fields) => `${JSON.stringify({ ...packedManifest(pkg), ...fields }, null, 2)}\n`;

/**
 * An outside package written from one of Oja's shipped sources, as an author starting from it would: its manifest as
 * published, renamed (`fields`), its LICENSE, and each source file (tests and stories stay behind) through `rename`,
 * which answers the file's new name and text.
 */
function writeRenamedCopy(from, dir, fields, rename) {
  const pkg = readJson(path.join(from, 'package.json'));
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), publishedManifest(pkg, { ...fields, version: '0.1.0' }));
  fs.copyFileSync(path.join(from, 'LICENSE'), path.join(dir, 'LICENSE'));
  for (const f of fs.readdirSync(path.join(from, 'src'))) {
    if (/\.(test|stories)\.tsx?$/.test(f)) continue;
    const [name, text] = rename(f, fs.readFileSync(path.join(from, 'src', f), 'utf8'));
    fs.writeFileSync(path.join(dir, 'src', name), text);
  }
}

/** The acquirer's branding package, written from HALO's shipped sources: every "halo" becomes "acme". */
const writeAcmeBranding = (dir) =>
  writeRenamedCopy(path.join(root, 'branding/halo'), dir, { name: ACME.name, description: 'ACME Bank branding for Oja Checkout.' }, (f, text) => [
    f,
    text
      .replaceAll('HALO', ACME.acquirer)
      .replaceAll('halo', 'acme')
      .replace(/primary: '#[0-9a-f]{6}'/, `primary: '${ACME.primary}'`),
  ]);

/**
 * The outside channel, written from the transfer channel's shipped sources: its id, code, strings' namespace, sandbox
 * record and API paths become Zap's, so it installs beside @oja/transfer. Its folder is named by its id (the build
 * keys a screen's assets by it).
 */
const writeZapChannel = (dir) =>
  writeRenamedCopy(path.join(root, 'channels/transfer'), dir, { name: ZAP.name, description: 'Zap, a channel written outside Oja.' }, (f, text) => [
    f.replace('TransferIcon', 'ZapIcon'),
    text
      .replaceAll("'Pay with Transfer'", `'${ZAP.title}'`)
      .replaceAll("'Payer par virement'", "'Payer avec Zap'")
      .replaceAll('/api/v1/virtualaccount/', '/api/v1/zap/')
      .replaceAll('TransferIcon', 'ZapIcon')
      // Its sandbox part offers it in its own market's country too.
      .replace("offeredIn: ['NG', 'KE', 'GH']", `offeredIn: ['NG', '${ZAP.country}']`)
      .replaceAll('TRANSFER', ZAP.code)
      .replace(/\btransfer\b/g, ZAP.id),
  ]);

/**
 * Starts the registry, releases Oja's packages to it, makes the acquirer's app in a fresh folder from it and builds it;
 * answers its folder (`dist/server/server.mjs` runs it) and `close()`, which stops the registry and removes the
 * folder. The workspace's packages must be built (`npm run build`). `log` hears each step.
 */
export async function makeAcquirerApp({ log = () => {} } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-acquirer-'));
  const app = path.join(dir, 'app');
  log('starting the registry');
  const registry = await startRegistry();
  const close = async () => {
    await registry.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const userconfig = await publishUser(registry.url, registry.dir);
    const npm = npmWith(userconfig);
    const published = releaseToRegistry({ url: registry.url, userconfig, log });

    log('writing the app');
    for (const f of APP_FILES) {
      fs.mkdirSync(path.dirname(path.join(app, f)), { recursive: true });
      fs.copyFileSync(path.join(root, f), path.join(app, f));
    }
    const workspace = readJson(path.join(root, 'package.json'));
    const versions = { ...workspace.dependencies, ...workspace.devDependencies };
    const pick = (names) => Object.fromEntries(names.map((n) => [n, versions[n]]));
    // The starter's package.json (docs/operators/configure.md): Oja's packages at the released versions.
    const oja = Object.fromEntries(OJA_PACKAGES.map((n) => [n, `^${published[n]}`]));
    fs.writeFileSync(
      path.join(app, 'package.json'),
      `${JSON.stringify(
        {
          name: 'acme-checkout',
          private: true,
          type: 'module',
          scripts: { build: 'node scripts/build/build.mjs', start: 'node dist/server/server.mjs' },
          dependencies: { ...oja, '@oja/app': `file:${APP_PACKAGE}`, ...pick(APP_DEPENDENCIES) },
          devDependencies: { ...pick(APP_TOOLS), [BUILD_PACKAGE]: `^${published[BUILD_PACKAGE]}` },
          overrides: workspace.overrides,
        },
        null,
        2,
      )}\n`,
    );
    log('installing from the registry (npm install)');
    npm(['install'], app);

    log('writing the ACME branding and the Zap channel, each in a folder of its own, and installing what they build with');
    const branding = path.join(dir, 'acme-branding');
    const channel = path.join(dir, ZAP.id);
    const tools = { [BUILD_PACKAGE]: `^${published[BUILD_PACKAGE]}`, ...pick(PLUGIN_TOOLS) };
    writeAcmeBranding(branding);
    writeZapChannel(channel);
    for (const folder of [branding, channel]) addDevDependencies(folder, tools);
    await Promise.all([branding, channel].map((folder) => npmAsync(userconfig)(['install'], folder)));
    log('building them (npx oja-build, against the installed @oja/core) and publishing them');
    for (const folder of [branding, channel]) {
      execFileSync('npx', ['--no', 'oja-build'], { cwd: folder, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: registryEnv(userconfig) });
      publishFolder(folder, userconfig);
    }
    log('installing them from the registry');
    npm(['install', `${ACME.name}@0.1.0`, `${ZAP.name}@0.1.0`], app);

    fs.writeFileSync(path.join(app, 'oja.config.json'), `${JSON.stringify(ACME_CONFIG, null, 2)}\n`);
    log('building the app (npm run build)');
    run('npm', ['run', 'build'], app);
    return { dir, app, server: path.join(app, 'dist/server/server.mjs'), registry: registry.url, stopRegistry: registry.close, published, close };
  } catch (e) {
    await close();
    throw e;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const made = await makeAcquirerApp({ log: (s) => console.log(`${((Date.now() - started) / 1000).toFixed(1)} s: ${s}`) });
  await made.stopRegistry();
  console.log(`${made.app} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
