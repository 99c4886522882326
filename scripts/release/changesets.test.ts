// @vitest-environment node
// Versioning that tells the truth (issue 12): `changeset version` run on a scratch copy of the repository's
// package.json files and .changeset folder, and the versions and ranges it writes read back.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readJson, root, workspaceDirs } from './workspaces';

const CHANGESET_RUN_TIMEOUT_MS = 20_000;

type Manifest = {
  name: string;
  version: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
type Bump = 'major' | 'minor' | 'patch';

const dirs = workspaceDirs();
const manifests = new Map<string, Manifest>(dirs.map((d) => [d, readJson(path.join(root, d, 'package.json'))]));
const released = [...manifests.entries()].filter(([, m]) => !m.private);
const ignored: string[] = readJson(path.join(root, '.changeset/config.json')).ignore;

/** The releases a changeset's front matter names. */
function parseChangeset(text: string): Map<string, Bump> {
  const front = /^---\n([\s\S]*?)\n---/.exec(text);
  if (!front) throw new Error(`not a changeset: ${text.slice(0, 60)}`);
  const releases = new Map<string, Bump>();
  for (const line of front[1].split('\n').filter((l) => l.trim())) {
    const m = /^"([^"]+)": (major|minor|patch)$/.exec(line.trim());
    if (!m) throw new Error(`changeset line not understood: ${line}`);
    releases.set(m[1], m[2] as Bump);
  }
  return releases;
}

const RANK: Record<Bump, number> = { patch: 0, minor: 1, major: 2 };
const bumpVersion = (version: string, bump: Bump) => {
  const [major, minor, patch] = version.split('.').map(Number);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
};

const scratchRoots: string[] = [];
afterAll(() => {
  for (const dir of scratchRoots) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A scratch git repository holding the root and workspace package.json files, the changeset config and the given
 * changesets (file name → text), with the repository's node_modules linked in; `changeset version` is run in it and
 * the manifests it leaves are returned by package name.
 */
function versionInScratch(changesets: Record<string, string>): Map<string, Manifest> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-changesets-'));
  scratchRoots.push(dir);
  fs.copyFileSync(path.join(root, 'package.json'), path.join(dir, 'package.json'));
  for (const d of dirs) {
    fs.mkdirSync(path.join(dir, d), { recursive: true });
    fs.copyFileSync(path.join(root, d, 'package.json'), path.join(dir, d, 'package.json'));
  }
  fs.mkdirSync(path.join(dir, '.changeset'));
  fs.copyFileSync(path.join(root, '.changeset/config.json'), path.join(dir, '.changeset/config.json'));
  for (const [name, text] of Object.entries(changesets)) fs.writeFileSync(path.join(dir, '.changeset', name), text);
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  fs.writeFileSync(path.join(dir, '.gitignore'), 'node_modules\n');
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.invalid', ...args], { cwd: dir, stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'scratch');
  execFileSync(path.join(root, 'node_modules/.bin/changeset'), ['version'], { cwd: dir, stdio: 'pipe', timeout: CHANGESET_RUN_TIMEOUT_MS });
  return new Map(dirs.map((d) => [manifests.get(d)!.name, readJson(path.join(dir, d, 'package.json')) as Manifest]));
}

const changeset = (releases: Record<string, Bump>, summary: string) =>
  `---\n${Object.entries(releases)
    .map(([name, bump]) => `"${name}": ${bump}`)
    .join('\n')}\n---\n\n${summary}\n`;

const version = (name: string) => [...manifests.values()].find((m) => m.name === name)!.version;
const ojaRanges = (m: Manifest) => Object.entries({ ...m.dependencies, ...m.peerDependencies }).filter(([dep]) => dep.startsWith('@oja/'));

describe('package metadata for versioning', () => {
  it('has every released package peer-depend on the @oja packages its code imports, with a caret range it satisfies today', () => {
    for (const [dir, m] of released) {
      const imported = new Set<string>();
      const walk = (at: string) => {
        for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
          const file = path.join(at, entry.name);
          // Tests, stories and the testing helpers run only inside this repository.
          if (entry.isDirectory()) {
            if (entry.name !== 'testing' && entry.name !== 'node_modules' && !manifests.has(path.relative(root, file))) walk(file);
          } else if (/\.tsx?$/.test(entry.name) && !/\.(test|stories|e2e)\.tsx?$/.test(entry.name)) {
            for (const [, name] of fs.readFileSync(file, 'utf8').matchAll(/from '(@oja\/[a-z-]+)/g)) if (name !== m.name) imported.add(name);
          }
        }
      };
      // A package of plain modules (@oja/build) has no src/ and imports no @oja package.
      if (fs.existsSync(path.join(root, dir, 'src'))) walk(path.join(root, dir, 'src'));
      expect(
        Object.keys(m.peerDependencies ?? {})
          .filter((n) => n.startsWith('@oja/'))
          .sort(),
        dir,
      ).toEqual([...imported].sort());
      for (const [dep, range] of ojaRanges(m)) {
        expect(range, `${m.name} → ${dep}`).toMatch(/^\^\d+\.\d+\.\d+$/);
        expect(range.slice(1).split('.')[0], `${m.name} → ${dep}: ${range} against ${version(dep)}`).toBe(version(dep).split('.')[0]);
      }
    }
  });

  it('keeps every private workspace out of releases', () => {
    const privateNames = [...manifests.values()].filter((m) => m.private).map((m) => m.name);
    expect([...ignored].sort()).toEqual(privateNames.sort());
  });
});

describe('changeset version on a scratch copy', () => {
  it('releases a minor of @oja/core alone: the plugins whose peer range covers it keep their version and range', () => {
    const after = versionInScratch({ 'core-minor.md': changeset({ '@oja/core': 'minor' }, 'A feature.') });
    expect(after.get('@oja/core')!.version).toBe(bumpVersion(version('@oja/core'), 'minor'));
    for (const [dir, before] of released) {
      if (before.name === '@oja/core') continue;
      expect(after.get(before.name)!.version, dir).toBe(before.version);
      expect(ojaRanges(after.get(before.name)!), dir).toEqual(ojaRanges(before));
    }
  }, 30_000);

  it('releases a major of @oja/core: every dependent follows with a major and a caret range on the new major', () => {
    const after = versionInScratch({ 'core-major.md': changeset({ '@oja/core': 'major' }, 'A breaking change.') });
    const next = bumpVersion(version('@oja/core'), 'major');
    expect(after.get('@oja/core')!.version).toBe(next);
    for (const [dir, before] of released) {
      const m = after.get(before.name)!;
      const dependsOnCore = ojaRanges(before).some(([dep]) => dep === '@oja/core');
      if (before.name !== '@oja/core') expect(m.version, dir).toBe(dependsOnCore ? bumpVersion(before.version, 'major') : before.version);
      // Ranges stay ranges: a caret on the version released, never a pinned exact version.
      for (const [dep, range] of ojaRanges(m)) expect(range, `${m.name} → ${dep}`).toBe(`^${after.get(dep)!.version}`);
    }
  }, 30_000);

  it("gives the repository's pending changesets exactly the bumps they name, and no 1.0.0 or major nobody asked for", () => {
    const pending = fs
      .readdirSync(path.join(root, '.changeset'))
      .filter((f) => f.endsWith('.md') && f !== 'README.md')
      .map((f) => [f, fs.readFileSync(path.join(root, '.changeset', f), 'utf8')] as const);
    const asked = new Map<string, Bump>();
    for (const [file, text] of pending) {
      for (const [name, bump] of parseChangeset(text)) {
        expect(ignored, `${file} names the ignored ${name}`).not.toContain(name);
        if (!asked.has(name) || RANK[bump] > RANK[asked.get(name)!]) asked.set(name, bump);
      }
    }
    const after = versionInScratch(Object.fromEntries(pending));
    for (const [dir, before] of released) {
      const bump = asked.get(before.name);
      // A peer leaving its range (a major of what it peer-depends on) is the one bump a package may get unasked.
      const peerMajor = ojaRanges(before).some(([dep]) => asked.get(dep) === 'major');
      const expected = peerMajor ? bumpVersion(before.version, 'major') : bump ? bumpVersion(before.version, bump) : before.version;
      expect(after.get(before.name)!.version, dir).toBe(expected);
      if (!peerMajor) expect(ojaRanges(after.get(before.name)!), dir).toEqual(ojaRanges(before));
    }
  }, 30_000);
});
