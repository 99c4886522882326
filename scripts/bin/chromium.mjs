// Finds a Chromium for the browser tests; on a fresh Debian machine as root, installs Debian's package.
import fs from 'node:fs';
import { execSync } from 'node:child_process';

/** Headless flags that keep Chromium off the network at start (TOOLCHAIN), for every tool and test that drives it. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export function findChromium() {
  if (process.env.CHROMIUM_PATH) return fs.existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : undefined;
  return CANDIDATES.find((p) => fs.existsSync(p));
}

/** Returns the browser's path, installing it when possible; undefined with one clear line otherwise. */
export function ensureChromium() {
  let found = findChromium();
  if (found) return found;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root && fs.existsSync('/usr/bin/apt-get') && !process.env.CHROMIUM_PATH) {
    console.log('Installing Chromium from Debian packages…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
    found = findChromium();
  }
  if (!found)
    console.error(
      'Missing: a Chromium browser for the browser tests. Install Debian\'s "chromium" package or set CHROMIUM_PATH to a Chromium binary.',
    );
  return found;
}
