// @vitest-environment node
// `oja-build` on a plugin package in a folder outside the repository, as in a plugin's own repository: its
// node_modules (here the workspace's, linked) resolve what it imports, and no tsconfig around it is read.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRoot, main } from './index.mjs';

/** esbuild, wyw (Babel evaluating the styles) and tsc on a loaded machine. */
const BUILD_TIMEOUT_MS = 60_000;
const workspace = path.resolve(import.meta.dirname, '../../..');

let dir = '';
const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-build-test-'));
  fs.symlinkSync(path.join(workspace, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@acme/oja-tiny', version: '0.1.0', type: 'module' }));
  // A tsconfig the build must not read: with it, tsc would emit nothing.
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { noEmit: true, rootDir: '/nowhere' } }));
  fs.writeFileSync(
    path.join(dir, 'src/index.ts'),
    "export { Badge } from './Badge';\nexport const tiny = { id: 'tiny' as const, label: (n: number): string => String(n) };\n",
  );
  fs.writeFileSync(
    path.join(dir, 'src/Badge.tsx'),
    [
      "import { css } from '@linaria/core';",
      '',
      'const badge = css`',
      '  color: rebeccapurple;',
      '  padding: 4px;',
      '`;',
      '',
      '/** A badge. */',
      'export function Badge({ text }: { text: string }) {',
      '  return <span className={badge}>{text}</span>;',
      '}',
      '',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(dir, 'src/Badge.test.tsx'), "import { it } from 'vitest';\nit('is left out', () => {});\n");
  expect(await main([], dir)).toBe(0);
}, BUILD_TIMEOUT_MS);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('oja-build, run in a package folder outside the repository', () => {
  it('builds from the package folder itself, and from the workspace for a package the workspace lists', () => {
    expect(buildRoot(dir)).toBe(dir);
    expect(buildRoot(path.join(workspace, 'channels/transfer'))).toBe(workspace);
  });

  it('writes one module per source module, the styles extracted to a stylesheet the module imports, no css tag left', () => {
    expect(read('dist/index.js')).toContain('./Badge.js');
    const badge = read('dist/Badge.js');
    expect(badge).toMatch(/^import "\.\/Badge\.css";/);
    expect(badge).not.toMatch(/css`|@linaria/);
    expect(read('dist/Badge.css')).toMatch(/\.badge_\w+\s*\{[^}]*color:\s*rebeccapurple/);
    expect(fs.existsSync(path.join(dir, 'dist/Badge.test.js'))).toBe(false);
  });

  it('writes the declarations, with the .js specifiers a nodenext consumer needs', () => {
    expect(read('dist/index.d.ts')).toContain("from './Badge.js'");
    expect(read('dist/index.d.ts')).toContain('label: (n: number) => string');
    expect(read('dist/Badge.d.ts')).toMatch(/export declare function Badge/);
    expect(fs.readdirSync(path.join(dir, 'dist')).sort()).toEqual(['Badge.css', 'Badge.d.ts', 'Badge.js', 'index.d.ts', 'index.js']);
  });

  it('refuses a folder without sources, saying why', async () => {
    expect(await main([os.tmpdir()], dir)).toBe(2);
  });
});
