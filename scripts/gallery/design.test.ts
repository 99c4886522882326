import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DESIGN_ITEMS,
  END_MARKER,
  START_MARKER,
  describeShot,
  designFragment,
  parseDesignOptions,
  pictureOf,
  plan,
  resolveShot,
  spliceFragment,
} from './design.mjs';
import type { DesignManifest } from './design.mjs';

const root = path.resolve(__dirname, '../..');

/** Storybook's id of every story in the repository: its title and export name (words split), lower-case and dash-joined. */
function storyIds(): Set<string> {
  const ids = new Set<string>();
  const slug = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      if (e.name === 'node_modules' || e.name === 'dist') return [];
      const full = path.join(dir, e.name);
      return e.isDirectory() ? walk(full) : e.name.endsWith('.stories.tsx') ? [full] : [];
    });
  for (const file of ['core', 'channels', 'branding'].flatMap((d) => walk(path.join(root, d)))) {
    const src = fs.readFileSync(file, 'utf8');
    const title = /^\s+title: '([^']+)'/m.exec(src)?.[1];
    if (!title) continue;
    for (const m of src.matchAll(/^export const (\w+)\s*[:=]/gm))
      ids.add(`${slug(title)}--${slug((m[1] ?? '').replace(/([a-z0-9])([A-Z])/g, '$1-$2'))}`);
  }
  return ids;
}

describe('the design shots', () => {
  it('are the ten most visible items of issue 34, in order, each at a phone or a desktop width', () => {
    expect(DESIGN_ITEMS.map((d) => d.item)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const d of DESIGN_ITEMS) {
      expect(d.shots.length).toBeGreaterThan(0);
      for (const s of d.shots) {
        expect([360, 1280]).toContain(s.width);
        expect(s.stories.length > 0 || s.page !== undefined).toBe(true);
      }
    }
    // INLINE (item 3) and the revenue form's side panel (item 5) are desktop items; the rest is a phone's.
    expect(DESIGN_ITEMS.flatMap((d) => d.shots.filter((s) => s.width === 1280).map(() => d.item))).toEqual([3, 5]);
  });

  it("show each item with a story that exists today, or a real page: a renamed story fails here, not in the page's pictures", () => {
    const ids = storyIds();
    expect(ids.has('core-result-screen--failed-with-alternatives')).toBe(true);
    const unshown = DESIGN_ITEMS.flatMap((d) =>
      d.shots.filter((s) => !s.page && !s.stories.some((id) => ids.has(id))).map((s) => s.stories.join(' or ')),
    );
    expect(unshown).toEqual([]);
  });

  it('shoot the first story a tree has, else the nearest one named, else the real page, and say so', () => {
    const spec = { stories: ['a--new', 'a--old'], width: 360 };
    expect(resolveShot(spec, new Set(['a--new', 'a--old']))).toEqual({ kind: 'story', id: 'a--new', width: 360, nearest: undefined });
    expect(resolveShot(spec, new Set(['a--old']))).toEqual({ kind: 'story', id: 'a--old', width: 360, nearest: 'a--new' });
    expect(resolveShot({ ...spec, page: 'method-list' }, new Set())).toEqual({ kind: 'page', page: 'method-list', width: 360, nearest: 'a--new' });
    expect(resolveShot(spec, new Set())).toEqual({ kind: 'missing', width: 360, nearest: 'a--new' });
    expect(describeShot({ kind: 'story', id: 'a--old', width: 360, nearest: 'a--new' })).toBe(
      'story `a--old`, 360 px (nearest to `a--new`, which this tree does not have)',
    );
    expect(describeShot({ kind: 'page', page: 'inline-demo', width: 1280 })).toMatch(/^the real INLINE overlay .*, 1280 px$/);
  });

  it('plan a file per item, shot and side', () => {
    const planned = plan([1, 3], storyIds(), 'before');
    expect(planned.map((s) => s.file)).toEqual(['item-01-1-before.png', 'item-01-2-before.png', 'item-03-1-before.png']);
    expect(planned[2]).toMatchObject({ item: 3, k: 0, kind: 'page', page: 'inline-demo', width: 1280 });
    expect(pictureOf(10, 0, 'after')).toBe('item-10-1-after.png');
  });

  it('read their options', () => {
    expect(parseDesignOptions([])).toEqual({ after: 'worktree', items: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], keep: false });
    expect(parseDesignOptions(['--before', 'abc^', '--after=main', '--items', '2,7', '--keep'])).toEqual({
      before: 'abc^',
      after: 'main',
      items: [2, 7],
      keep: true,
    });
    expect(() => parseDesignOptions(['--items', '11'])).toThrow('Unknown item "11"');
    expect(() => parseDesignOptions(['--before'])).toThrow('--before needs a value');
    expect(() => parseDesignOptions(['--width', '360'])).toThrow('Unknown option --width');
    expect(() => parseDesignOptions(['--before', 'worktree'])).toThrow('--before names a git revision');
  });

  const manifest: DesignManifest = {
    before: {
      label: 'b6c23be^',
      sha: 'e2b1546aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      shotAt: '2026-11-28 00:30 UTC',
      shots: [
        { item: 1, k: 0, file: 'item-01-1-before.png', kind: 'story', id: 'core-result-screen--failed-with-alternatives', width: 360, bytes: 9 },
        { item: 2, k: 0, file: 'item-02-1-before.png', kind: 'page', page: 'method-list', width: 360, bytes: 9 },
        { item: 5, k: 0, file: 'item-05-1-before.png', kind: 'missing', width: 360, nearest: 'pages-revenue--receipt' },
      ],
    },
    after: {
      label: 'worktree at 74b8585',
      shots: [
        { item: 1, k: 0, file: 'item-01-1-after.png', kind: 'story', id: 'core-result-screen--failed-with-alternatives', width: 360, bytes: 9 },
        { item: 2, k: 0, file: 'item-02-1-after.png', kind: 'page', page: 'method-list', width: 360, bytes: 9, problem: 'page error: x' },
      ],
    },
  };

  it("write the page's table: a row per item, before and after side by side, and how each side was shot", () => {
    const md = designFragment(manifest, '../design');
    const lines = md.split('\n');
    expect(lines[0]).toMatch(
      /^Before: `b6c23be\^` \(e2b1546\), shot 2026-11-28 00:30 UTC\. After: `worktree at 74b8585`\. English, the default branding/,
    );
    expect(lines).toContain('| # | item | before | after |');
    const row = (n: number) => lines.find((l) => l.startsWith(`| ${n} | `)) ?? '';
    expect(row(1)).toContain(
      '| ![Item 1 before: core-result-screen--failed-with-alternatives, 360 px](../design/item-01-1-before.png) | ![Item 1 after: core-result-screen--failed-with-alternatives, 360 px](../design/item-01-1-after.png) |',
    );
    expect(row(5)).toMatch(/\| \(no such state\) \| \(not shot\) \|$/);
    expect(lines.filter((l) => /^\| \d+ \| /.test(l))).toHaveLength(10);
    expect(md).toContain('- Item 2, before: the real method list (GET /pay, every channel of the country, the sandbox), 360 px.');
    expect(md).toContain(
      '- Item 2, after: the real method list (GET /pay, every channel of the country, the sandbox), 360 px; did not render cleanly: page error: x.',
    );
    expect(md).toContain('- Item 5.1, before: nothing (no such state), 360 px.');
    expect(md).not.toMatch(/- Item 1\b/);
    // A side labelled by its short hash does not repeat it; both sides shot alike are said once.
    const same = designFragment(
      {
        before: { label: 'e2b1546', sha: 'e2b1546aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', shots: [manifest.before!.shots[1]] },
        after: { label: 'main', shots: [{ ...manifest.before!.shots[1], file: 'item-02-1-after.png' }] },
      },
      'x',
    );
    expect(same).toMatch(/^Before: `e2b1546`\. After: `main`\./);
    expect(same).toContain('- Item 2, before and after: the real method list');
  });

  it('replace only the table between its markers', () => {
    const page = `# Design\n\nintro\n\n${START_MARKER}\nold table\n${END_MARKER}\n\nafter\n`;
    const once = spliceFragment(page, 'new table');
    expect(once).toBe(`# Design\n\nintro\n\n${START_MARKER}\nnew table\n${END_MARKER}\n\nafter\n`);
    expect(spliceFragment(once, 'new table')).toBe(once);
    expect(() => spliceFragment('# Design\n', 'x')).toThrow('has no');
  });
});
