// Every released package as a registry would serve it (issue 33): packed by npm (its prepack strips the workspace's
// source conditions, scripts/release/packManifest.mjs), each export of the packed manifest names a file the tarball
// holds, and the workspace's own manifests are as they were. Runs after the build: the tarballs hold dist/.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releasedPackages } from '../scripts/build/packages.mjs';
import { BACKUP_FILE, exportTargets, SOURCE_CONDITION } from '../scripts/release/packManifest.mjs';

/** npm packs the 30 packages in one process: a few seconds, more beside the browser tests. */
const PACK_TIMEOUT_MS = 180_000;
const root = path.resolve(import.meta.dirname, '..');
const dirs = releasedPackages(root);
const manifestText = (dir: string) => fs.readFileSync(path.join(dir, 'package.json'), 'utf8');

let out = '';
const before = new Map(dirs.map((d) => [d, manifestText(d)]));
const packed = new Map<string, { dir: string; files: string[]; manifest: Record<string, unknown> }>();

beforeAll(() => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-packed-'));
  const names = dirs.map((d) => JSON.parse(manifestText(d)).name as string);
  const answer = execFileSync('npm', ['pack', '--json', '--pack-destination', out, ...names.flatMap((n) => ['-w', n])], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const t of JSON.parse(answer) as Array<{ name: string; filename: string }>) {
    const dir = path.join(out, t.name.replace('/', '__'));
    fs.mkdirSync(dir, { recursive: true });
    execFileSync('tar', ['-xzf', path.join(out, t.filename.replace(/^@/, '').replace('/', '-')), '-C', dir]);
    const files = execFileSync('find', ['.', '-type', 'f'], { cwd: path.join(dir, 'package'), encoding: 'utf8' })
      .trim()
      .split('\n');
    packed.set(t.name, {
      dir: path.join(dir, 'package'),
      files,
      manifest: JSON.parse(fs.readFileSync(path.join(dir, 'package', 'package.json'), 'utf8')),
    });
  }
}, PACK_TIMEOUT_MS);

afterAll(() => {
  if (out) fs.rmSync(out, { recursive: true, force: true });
});

describe('released packages, packed', () => {
  it('packs every released package', () => {
    expect([...packed.keys()].sort()).toEqual(dirs.map((d) => JSON.parse(before.get(d)!).name).sort());
  });

  it.each(dirs.map((d) => [path.relative(root, d), d]))('%s: its packed manifest names only files its tarball holds', (_, dir) => {
    const name = JSON.parse(before.get(dir)!).name as string;
    const { manifest, files, dir: unpacked } = packed.get(name)!;
    const text = JSON.stringify(manifest);
    expect(text).not.toContain(SOURCE_CONDITION);
    expect(text).not.toContain('packManifest');
    const targets = exportTargets(manifest.exports).filter((t) => !t.includes('*'));
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(fs.existsSync(path.join(unpacked, target)), `${name}: ${target}`).toBe(true);
    expect(files.some((f) => f.includes('/src/') || f.endsWith('.test.ts'))).toBe(false);
  });

  it("leaves the workspace's manifests as they were, with no backup behind", () => {
    for (const dir of dirs) {
      expect(manifestText(dir), dir).toBe(before.get(dir));
      expect(fs.existsSync(path.join(dir, BACKUP_FILE)), dir).toBe(false);
    }
  });
});
