// A local npm registry for tests (issue 33): Verdaccio, started as a child process on a free loopback port with a
// config of its own in a temporary folder (its storage there too). Packages under the scopes it hosts (@oja, @acme)
// are only ever the ones published to it: no uplink serves them, so an install cannot take them from anywhere else.
// Every other package (react, esbuild, …) is proxied to the npm registry and kept in the same temporary storage.
// publishUser() signs a user up (htpasswd, the `npm adduser` flow) and writes a userconfig that publishes and installs
// with it.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { releasedPackages } from '../build/packages.mjs';
import { packedManifest } from '../release/packManifest.mjs';
import { freePort } from './redis-server.mjs';

/** The scopes the registry hosts itself: nothing under them comes from an uplink. */
export const HOSTED_SCOPES = ['@oja', '@acme'];
/** How long Verdaccio may take to answer its ping, ms (a few seconds on a busy machine). */
const START_TIMEOUT_MS = 30_000;
const HOST = '127.0.0.1';
const UPSTREAM = 'https://registry.npmjs.org/';

const verdaccioBin = () => {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('verdaccio/package.json')), 'bin/verdaccio');
};

/** Verdaccio's config (its YAML is a superset of JSON, so JSON it is). */
function registryConfig(dir) {
  const hosted = { access: '$all', publish: '$authenticated', unpublish: '$authenticated' };
  return {
    storage: path.join(dir, 'storage'),
    // A throwaway user: sha1 rather than bcrypt, which would cost a few hundred ms of CPU on every publish.
    auth: { htpasswd: { file: path.join(dir, 'htpasswd'), max_users: 100, algorithm: 'sha1' } },
    uplinks: { npmjs: { url: UPSTREAM, cache: true } },
    packages: {
      ...Object.fromEntries(HOSTED_SCOPES.map((scope) => [`${scope}/*`, hosted])),
      '**': { access: '$all', publish: '$authenticated', proxy: 'npmjs' },
    },
    // Published packages are checked and stored as they are; no audit middleware (npm audit is not used here).
    middlewares: {},
    log: { type: 'file', path: path.join(dir, 'verdaccio.log'), level: 'warn' },
    max_body_size: '100mb',
    web: { enable: false },
  };
}

/**
 * Starts Verdaccio on a free port. Answers its `url` (with a trailing slash), its folder `dir` (config, storage, log)
 * and `close()`, which stops it and removes the folder.
 */
export async function startRegistry() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-registry-'));
  const config = path.join(dir, 'config.yaml');
  fs.writeFileSync(config, JSON.stringify(registryConfig(dir), null, 2));
  const port = await freePort(HOST);
  const url = `http://${HOST}:${port}/`;
  let output = '';
  const child = spawn(process.execPath, [verdaccioBin(), '--config', config, '--listen', `${HOST}:${port}`], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c) => (output = (output + c).slice(-4_000)));
  child.stderr.on('data', (c) => (output = (output + c).slice(-4_000)));
  // A test process that ends without closing (a crash, an interrupted run) takes the registry with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const close = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const until = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await close();
      throw new Error(`Verdaccio exited (${child.exitCode}):\n${output}`);
    }
    const ok = await fetch(`${url}-/ping`, { signal: AbortSignal.timeout(1_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) {
      await close();
      throw new Error(`Verdaccio did not answer ${url}-/ping:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, dir, close };
}

/**
 * The environment npm runs in against the registry: the userconfig's settings alone. The `npm_config_*` variables an
 * npm script or npx passes down (the workspace's .npmrc among them) are left out, since they outrank a userconfig.
 */
export function registryEnv(userconfig) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_config_/i.test(k)));
  return { ...env, npm_config_userconfig: userconfig, npm_config_loglevel: 'error' };
}

/**
 * Signs a user up on the registry (what `npm adduser` sends) and writes an npm userconfig in `dir` that uses the
 * registry for everything, with that user's token; answers its path (pass it as `npm_config_userconfig`).
 */
export async function publishUser(url, dir, name = 'oja-test') {
  const res = await fetch(new URL(`-/user/org.couchdb.user:${name}`, url), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: `${name}-password`, email: `${name}@example.invalid`, type: 'user' }),
  });
  if (!res.ok) throw new Error(`the registry refused to sign up ${name}: ${res.status} ${await res.text()}`);
  const { token } = await res.json();
  const file = path.join(dir, 'npmrc');
  const { host, pathname } = new URL(url);
  fs.writeFileSync(file, `registry=${url}\n//${host}${pathname}:_authToken=${token}\naudit=false\nfund=false\n`);
  return file;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** `changeset version` and `changeset publish` of 30 packages: a few seconds each, more on a busy machine. */
const CHANGESET_TIMEOUT_MS = 180_000;

/**
 * Versions every released package with changesets and publishes it to the registry, as a maintainer cuts a release
 * (docs/contributors/releasing.md), on a scratch copy so the repository is left as it is: each package as `npm pack`
 * ships it (built `dist/`, the manifest its prepack strips), the repository's changesets and their config, in a
 * scratch git repository on `main`; there `changeset version`, then `changeset publish` to the registry. The
 * workspace must be built. Answers the published packages' versions by name.
 */
export function releaseToRegistry({ url, userconfig, root = repoRoot, log = () => {} }) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-release-'));
  try {
    const repo = path.join(scratch, 'repo');
    fs.mkdirSync(path.join(repo, '.changeset'), { recursive: true });
    // Each package as `npm pack` ships it: what its `files` name (dist/), its README and LICENSE, and the manifest its
    // prepack writes (scripts/release/packManifest.mjs; e2e/packages.e2e.ts checks npm's own packing of it).
    log('copying every released package as it packs');
    const folders = [];
    for (const dir of releasedPackages(root)) {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
      const folder = path.join('packages', pkg.name.replace('/', '__'));
      fs.mkdirSync(path.join(repo, folder), { recursive: true });
      fs.writeFileSync(path.join(repo, folder, 'package.json'), `${JSON.stringify(packedManifest(pkg), null, 2)}\n`);
      for (const f of [...(pkg.files ?? []), 'README.md', 'LICENSE'])
        if (fs.existsSync(path.join(dir, f))) fs.cpSync(path.join(dir, f), path.join(repo, folder, f), { recursive: true });
      folders.push(folder);
    }
    fs.writeFileSync(path.join(repo, 'package.json'), JSON.stringify({ name: 'oja-release', private: true, workspaces: folders }, null, 2));
    // The private workspaces are not in the scratch copy, so nothing is left to ignore.
    const config = JSON.parse(fs.readFileSync(path.join(root, '.changeset/config.json'), 'utf8'));
    fs.writeFileSync(path.join(repo, '.changeset/config.json'), JSON.stringify({ ...config, ignore: [] }, null, 2));
    for (const f of fs.readdirSync(path.join(root, '.changeset')).filter((f) => f.endsWith('.md') && f !== 'README.md'))
      fs.copyFileSync(path.join(root, '.changeset', f), path.join(repo, '.changeset', f));
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(repo, 'node_modules'), 'dir');
    fs.writeFileSync(path.join(repo, '.gitignore'), 'node_modules\n');
    // changesets asks for the registry by this variable (a userconfig's registry is not read for its `npm info`).
    const env = { ...registryEnv(userconfig), npm_config_registry: url };
    const run = (cmd, args) =>
      execFileSync(cmd, args, { cwd: repo, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: CHANGESET_TIMEOUT_MS });
    const git = (...args) => run('git', ['-c', 'user.name=oja-release', '-c', 'user.email=release@example.invalid', ...args]);
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'release');
    const changeset = path.join(root, 'node_modules/.bin/changeset');
    log('changeset version');
    run(changeset, ['version']);
    log('changeset publish');
    run(changeset, ['publish']);
    log('published');
    return Object.fromEntries(
      folders.map((f) => {
        const m = JSON.parse(fs.readFileSync(path.join(repo, f, 'package.json'), 'utf8'));
        return [m.name, m.version];
      }),
    );
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** Publishes a package folder (as `npm publish` packs it) to the registry of `userconfig`. */
export function publishFolder(dir, userconfig) {
  execFileSync('npm', ['publish', '--access', 'public'], {
    cwd: dir,
    env: registryEnv(userconfig),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const registry = await startRegistry();
  console.log(`Verdaccio at ${registry.url} (storage in ${registry.dir}); Ctrl-C stops it`);
  process.on('SIGINT', () => registry.close().then(() => process.exit(0)));
}
