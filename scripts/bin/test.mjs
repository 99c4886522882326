// npm test: install what is missing, then typecheck, lint and format check, unit/component/story tests, the unit tests again
// on the newer Node (NEWER_NODE, from the npm registry), build, browser end-to-end tests. Ends with "N passed, N failed"
// (", N skipped" when a step could not run) and a non-zero exit on any failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureDependencies, root } from './ensure.mjs';
import { ensureChromium } from './chromium.mjs';
import { ensureRedisServer } from '../test/redis-server.mjs';
import { ensureNewerNode, NEWER_NODE } from './newer-node.mjs';

ensureDependencies();
const results = path.join(root, 'dist-test');
fs.mkdirSync(results, { recursive: true });
let passed = 0;
let failed = 0;
let skipped = 0;

const run = (label, cmd, args, extraEnv = {}) => {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  return r.status === 0;
};
const vitest = (project, node = process.execPath, label = `${project} tests`, name = project) => {
  const out = path.join(results, `${name}.json`);
  fs.rmSync(out, { force: true });
  const ok = run(
    label,
    node,
    [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile=${out}`],
    { CHROMIUM_PATH: chromium ?? '' },
  );
  if (fs.existsSync(out)) {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += j.numPassedTests;
    failed += j.numFailedTests + (j.numTotalTestSuites && !ok && j.numFailedTests === 0 ? 1 : 0);
  } else {
    failed += 1;
  }
};

const chromium = ensureChromium();
// The shared-store tests start their own redis-server; without one they fail, each saying what is missing.
try {
  ensureRedisServer();
} catch (e) {
  console.error(e.message);
}
if (run('typecheck', process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'])) passed += 1;
else failed += 1;
// Lint everywhere, format check on the scope biome.jsonc names (see CONTRIBUTING.md).
if (run('lint and format (biome ci)', process.execPath, [path.join(root, 'node_modules/@biomejs/biome/bin/biome'), 'ci', '.'])) passed += 1;
else failed += 1;
vitest('unit');
// The same unit tests on the recommended baseline (the Dockerfile's Node), while this machine's Node runs the rest.
const newer = ensureNewerNode(root);
const newerLabel = `unit tests on Node ${NEWER_NODE.split('.')[0]}`;
if ('node' in newer) vitest('unit', newer.node, `${newerLabel} (${NEWER_NODE})`, `unit-node${NEWER_NODE.split('.')[0]}`);
else if ('skipped' in newer) {
  console.log(`\n=== ${newerLabel}: skipped, ${newer.skipped} ===`);
  skipped += 1;
} else {
  console.error(`\n=== ${newerLabel}: ${newer.failed} ===`);
  failed += 1;
}
if (run('build', process.execPath, [path.join(root, 'scripts/build/build.mjs')])) {
  passed += 1;
  if (chromium) vitest('e2e');
  else failed += 1;
} else {
  failed += 1;
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
