// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
/** Test runners: in the browser they break every story of the dev server (e2e/storybook.e2e.ts shows it). */
const TEST_RUNNER = /^(vitest|@vitest\/)/;

/**
 * Every package a module reaches, following the workspace's own code (relative imports and @oja/*) and stopping
 * at the first import of any other package: answers "package <- importing file" for each.
 */
async function packagesReached(entries: string[]): Promise<string[]> {
  const reached = new Set<string>();
  await build({
    entryPoints: entries,
    absWorkingDir: ROOT,
    // The workspace's sources, as Storybook reads them (stories/.storybook/main.ts), not the packages' dist/.
    conditions: ['oja-source'],
    bundle: true,
    write: false,
    outdir: 'out',
    format: 'esm',
    jsx: 'automatic',
    logLevel: 'silent',
    plugins: [
      {
        name: 'record-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('@oja/')) return undefined;
            reached.add(`${args.path} <- ${path.relative(ROOT, args.importer)}`);
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  return [...reached].sort();
}

/** Every *.stories.tsx under the places Storybook looks (stories/.storybook/main.ts). */
function storyFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.stories.tsx') && full.includes(`${path.sep}src${path.sep}`)) found.push(path.relative(ROOT, full));
    }
  };
  for (const top of ['core', 'channels', 'branding']) walk(path.join(ROOT, top));
  return found.sort();
}

describe('what stories import', () => {
  it('never reaches a test runner, through the harness or any story', async () => {
    const stories = storyFiles();
    expect(stories.length).toBeGreaterThan(5);
    const reached = await packagesReached(['stories/src/harness.tsx', ...stories]);
    // The check sees packages at all: React, at least.
    expect(reached.some((r) => r.startsWith('react '))).toBe(true);
    expect(reached.filter((r) => TEST_RUNNER.test(r))).toEqual([]);
  });
});
