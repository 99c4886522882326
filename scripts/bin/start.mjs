// npm start: install what is missing, build, serve the checkout (with its sandbox) and the demo store, and point
// the new user at the store: its page pays in each of the three ways (redirect, inline, popup).
import { spawn, execFileSync } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, root } from './ensure.mjs';

ensureDependencies();
// The checkout only: the packages' own dist/ (for npm pack) is not what it runs.
execFileSync(process.execPath, [path.join(root, 'scripts/build/build.mjs'), '--app-only'], { cwd: root, stdio: 'inherit' });
const child = spawn(process.execPath, [path.join(root, 'dist/server/server.mjs')], {
  cwd: root,
  stdio: ['inherit', 'pipe', 'inherit'],
  env: process.env,
});
let pointed = false;
let pending = '';
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (pointed) return;
  pending += chunk;
  // The server prints the store's address once both listen (core/server/src/run.ts).
  const store = /Demo merchant:\s+(\S+)/.exec(pending)?.[1];
  if (!store) return;
  pointed = true;
  pending = '';
  console.log(
    `\nOpen the demo store: ${store}\nPay NGN 1,500.00 by redirect, inline (over the store's page) or in a popup; the store logs each callback of the SDK.\nCtrl+C stops both servers.\n`,
  );
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
