// @vitest-environment node
// The README is the front door and the rest lives in docs/: the README stays small, every released package has a README
// of its own (npm shows it), and every relative link in the READMEs, CONTRIBUTING.md and docs/ leads to a file that
// exists (and, into a Markdown file, to a heading that exists).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJson, root, workspaceDirs } from './workspaces';

/** The README's ceiling, bytes: Stripe's and Hono's are 4 to 7 KB. */
const README_MAX_BYTES = 20_000;

const docsFiles = (dir: string): string[] =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return docsFiles(rel);
    return e.name.endsWith('.md') ? [rel] : [];
  });
/** Workspaces that publish (no `"private": true`): each ships a README.md, which npm packs whatever `files` says. */
const released = workspaceDirs().filter((d) => !readJson(`${d}/package.json`).private);
const packageReadmes = released.map((d) => `${d}/README.md`).filter((f) => fs.existsSync(path.join(root, f)));
const pages = ['README.md', 'CONTRIBUTING.md', ...docsFiles('docs'), ...packageReadmes];

/** Markdown without its fenced code blocks, where a `#` line is no heading. */
const unfenced = (md: string) => md.replace(/^```[\s\S]*?^```/gm, '');
/** Markdown without its fenced code blocks and inline code, where link syntax is only text. */
const prose = (md: string) => unfenced(md).replace(/`[^`\n]*`/g, '');

/** The targets of inline links and images, `[text](target)`, with an optional title. */
const linkTargets = (md: string) => [...prose(md).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? '');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchorsOf = (file: string) => {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  // Inline code stays: GitHub keeps its text in the anchor (`## Installed plugins: \`oja.config.json\``).
  for (const m of unfenced(fs.readFileSync(path.join(root, file), 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(m[1] ?? '');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
};

describe('the docs', () => {
  it(`keep the README under ${README_MAX_BYTES} bytes`, () => {
    expect(fs.statSync(path.join(root, 'README.md')).size).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it('have a docs index and at least one page per reader', () => {
    for (const dir of ['merchants', 'operators', 'plugins', 'contributors']) {
      expect(
        pages.some((p) => p.startsWith(`docs/${dir}/`)),
        dir,
      ).toBe(true);
    }
    expect(pages).toContain('docs/README.md');
  });

  it('have a README in every released package', () => {
    expect(released.filter((d) => !fs.existsSync(path.join(root, d, 'README.md')))).toEqual([]);
  });

  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const page of pages) {
      for (const target of linkTargets(fs.readFileSync(path.join(root, page), 'utf8'))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: and the like
        const [file = '', anchor] = target.split('#');
        const resolved = file ? path.posix.normalize(path.posix.join(path.posix.dirname(page), decodeURI(file))) : page;
        if (resolved.startsWith('..') || !fs.existsSync(path.join(root, resolved))) {
          broken.push(`${page}: ${target} (no ${resolved})`);
          continue;
        }
        if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) broken.push(`${page}: ${target} (no heading #${anchor})`);
      }
    }
    expect(broken).toEqual([]);
  });
});
