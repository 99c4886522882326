// The static Storybook the gallery shoots: built when older than the stories' sources, served on a loopback port.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/** Folders whose files the static Storybook is built from (node_modules and builds left out). */
const SOURCE_DIRS = ['core', 'channels', 'branding', 'stories'];
const SKIPPED = new Set(['node_modules', 'dist', '.turbo']);
const SOURCE_FILE = /\.(tsx?|mjs|css|json)$/;

/** The newest modification time of the sources a Storybook build depends on, ms. */
export function newestSourceMs(root) {
  let newest = fs.statSync(path.join(root, 'package-lock.json')).mtimeMs;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE_FILE.test(entry.name)) newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  for (const dir of SOURCE_DIRS) walk(path.join(root, dir));
  return newest;
}

/** Whether the build in dir is newer than every source (its index is written last). */
export function isUpToDate(root, dir) {
  const index = path.join(dir, 'index.json');
  return fs.existsSync(index) && fs.existsSync(path.join(dir, 'iframe.html')) && fs.statSync(index).mtimeMs >= newestSourceMs(root);
}

/** Storybook's own command line (the package's bin), to run with this Node. */
export function storybookCli(root) {
  const pkg = path.join(root, 'node_modules/storybook');
  const { bin } = JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8'));
  return path.join(pkg, typeof bin === 'string' ? bin : bin.storybook);
}

/** `storybook build -c stories/.storybook -o dir`, its output shown only when it fails. */
export async function buildStorybook(root, dir) {
  const cli = storybookCli(root);
  let log = '';
  const child = spawn(process.execPath, [cli, 'build', '--quiet', '-c', 'stories/.storybook', '-o', dir, '--disable-telemetry'], {
    cwd: root,
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1', CI: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    log = (log + chunk.toString()).slice(-8_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`storybook build exited with code ${code}:\n${log}`);
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/**
 * Serves a static build on 127.0.0.1 at a free port, as any host would serve dist/storybook; its assets cached
 * (the pages and the index not), so each story's frame loads fast.
 */
export async function serveStatic(dir) {
  const root = fs.realpathSync(dir);
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://static.local').pathname);
    const file = path.join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    const cache = path.extname(file) === '.html' || file.endsWith('index.json') ? 'no-store' : 'max-age=3600';
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': cache });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
