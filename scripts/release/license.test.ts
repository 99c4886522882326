// @vitest-environment node
// `npm pack` ships a package's own LICENSE file, never the repository's: every released package carries a copy of the
// root's, and every `license` field names the licence that file holds.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJson, root, workspaceDirs } from './workspaces';

const licence = fs.readFileSync(path.join(root, 'LICENSE'), 'utf8');
const released = workspaceDirs().filter((d) => !readJson(`${d}/package.json`).private);

describe('the licence', () => {
  it('is the MIT licence of the Oja Checkout contributors, as the root package.json says', () => {
    expect(licence).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} Oja Checkout contributors\n/);
    expect(readJson('package.json').license).toBe('MIT');
  });

  it('ships with every released package, the same text, under the same `license` field', () => {
    expect(released.length).toBeGreaterThan(0);
    for (const dir of released) {
      expect(readJson(`${dir}/package.json`).license, dir).toBe('MIT');
      expect(fs.readFileSync(path.join(root, dir, 'LICENSE'), 'utf8'), dir).toBe(licence);
    }
  });
});
