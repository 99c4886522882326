// npm start: install what is missing, build, serve the checkout (with its sandbox) and the demo store.
import { spawn, execFileSync } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, root } from './ensure.mjs';

ensureDependencies();
execFileSync(process.execPath, [path.join(root, 'scripts/build/build.mjs')], { cwd: root, stdio: 'inherit' });
const child = spawn(process.execPath, [path.join(root, 'dist/server/server.mjs')], { cwd: root, stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
