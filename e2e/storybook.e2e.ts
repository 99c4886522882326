// Storybook as documented (CONTRACT §1): every story renders without an error in the dev server of
// `npm run storybook` and in the static build of `npm run build-storybook`. The story tests (stories/src) render
// stories through composeStories in happy-dom, which passes even when the dev server breaks every story (a
// story's import that only the dev server's pre-bundling chokes on, such as vitest in the browser).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { serveStatic, storybookCli } from '../scripts/gallery/storybook.mjs';
import { launchBrowser } from './helpers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONFIG_DIR = path.join(ROOT, 'stories/.storybook');
const HOST = '127.0.0.1';
/** The first start of the dev server optimizes its dependencies: slow on a busy machine, ms. */
const DEV_START_MS = 240_000;
/** The static build, ms (7 to 9 s on an idle machine). */
const BUILD_MS = 240_000;
/** One story, from opening its frame to its render and play function finished, ms (first visits compile). */
const STORY_MS = 60_000;
/** Stories open at once, each in its own page of one browser. */
const PARALLEL_PAGES = 4;
/** Per server: every story through a few pages, ms. */
const ALL_STORIES_MS = 600_000;
/** The gallery of two stories in one language, under two brandings, at two widths, ms. */
const GALLERY_MS = 120_000;
/** A story render that ended: played and finished, or stopped. */
const DONE_PHASES = ['finished', 'aborted'];

/** Runs Storybook's CLI in its own process group, its output kept for a failure's report. */
function runStorybook(args: string[]): { child: ChildProcess; output: () => string } {
  let log = '';
  const child = spawn(process.execPath, [storybookCli(ROOT), ...args, '-c', CONFIG_DIR, '--disable-telemetry'], {
    cwd: ROOT,
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1', CI: '1', BROWSER: 'none' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  // Should vitest end without running the afterAll (interrupted), Storybook goes with it.
  const killOnExit = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  return { child, output: () => log };
}

/** Stops a process this file started, with whatever it started (its process group). */
async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
  if (child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = http.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Waits until the Storybook at base lists its stories (the dev server answers index.json once it is ready). */
async function waitForIndex(base: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`Storybook exited with code ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${base}/index.json`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`Storybook did not answer ${base}/index.json within ${timeoutMs / 1000} s:\n${output()}`);
}

/** Every story id of a running Storybook, from its index. */
async function storyIds(base: string): Promise<string[]> {
  const index = (await (await fetch(`${base}/index.json`)).json()) as { entries: Record<string, { id: string; type: string }> };
  return Object.values(index.entries)
    .filter((e) => e.type === 'story')
    .map((e) => e.id)
    .sort();
}

/**
 * Opens one story's frame and answers what went wrong: uncaught errors, console errors (but a story that shows a
 * caught render error on purpose, `throws: true`, logs one), Storybook's error display, or a story that never
 * finished rendering.
 */
async function storyProblems(page: Page, base: string, id: string): Promise<string[]> {
  const problems: string[] = [];
  const consoleErrors: string[] = [];
  const onError = (e: Error) => problems.push(`page error: ${e.message}`);
  const onConsole = (m: ConsoleMessage) => {
    // The browser asks every page's /favicon.ico; the story frame has none, and needs none.
    if (m.type() !== 'error' || new URL(m.location().url || 'about:blank').pathname === '/favicon.ico') return;
    consoleErrors.push(`console error: ${m.text()}${m.location().url ? ` (${m.location().url})` : ''}`);
  };
  page.on('pageerror', onError);
  page.on('console', onConsole);
  try {
    await page.goto(`${base}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story`, { waitUntil: 'load' });
    // Ended: the render (and play function) finished, or Storybook shows an error instead of the story.
    const ended = () =>
      page.waitForFunction(
        (done) => {
          const w = window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } };
          const cls = document.body.classList;
          return (
            cls.contains('sb-show-errordisplay') ||
            cls.contains('sb-show-nopreview') ||
            done.includes(w.__STORYBOOK_PREVIEW__?.currentRender?.phase ?? '')
          );
        },
        DONE_PHASES,
        { timeout: STORY_MS, polling: 100 },
      );
    await ended();
    // Lazily loaded screens arrive after the render: let their requests settle, then the story again (should the
    // dev server have reloaded the page meanwhile).
    await page.waitForLoadState('networkidle', { timeout: STORY_MS });
    await ended();
    const seen = await page.evaluate(() => {
      const w = window as unknown as {
        __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string; story?: { parameters?: { checkout?: { throws?: boolean } } } } };
      };
      const render = w.__STORYBOOK_PREVIEW__?.currentRender;
      const cls = document.body.classList;
      return {
        errorShown: cls.contains('sb-show-errordisplay') || cls.contains('sb-show-nopreview'),
        errorText: [document.querySelector('#error-message')?.textContent, document.querySelector('#error-stack')?.textContent]
          .filter(Boolean)
          .join('\n'),
        phase: render?.phase ?? '',
        throwsOnPurpose: render?.story?.parameters?.checkout?.throws === true,
        rendered: (document.querySelector('#storybook-root')?.childElementCount ?? 0) > 0,
      };
    });
    if (seen.errorShown) problems.push(`Storybook shows an error: ${seen.errorText.slice(0, 600)}`);
    else if (seen.phase !== 'finished') problems.push(`the render ended in phase "${seen.phase}"`);
    else if (!seen.rendered) problems.push('nothing rendered in #storybook-root');
    if (!seen.throwsOnPurpose) problems.push(...consoleErrors);
  } catch (e) {
    problems.push(`did not finish rendering: ${(e as Error).message.split('\n')[0]}`, ...consoleErrors);
  } finally {
    page.off('pageerror', onError);
    page.off('console', onConsole);
  }
  // Enough of each to tell what broke: a broken import repeats the same long stack in every story.
  return problems.slice(0, 3).map((p) => (p.length > 400 ? `${p.slice(0, 400)}…` : p));
}

/** Every story of the Storybook at base, through a few pages at once: a map of story id to its problems. */
async function checkAllStories(context: BrowserContext, base: string): Promise<{ ids: string[]; problems: Record<string, string[]> }> {
  const ids = await storyIds(base);
  const queue = [...ids];
  const problems: Record<string, string[]> = {};
  // The first story alone: the dev server compiles the preview's modules on the first visit.
  const first = queue.shift();
  const pages = await Promise.all(Array.from({ length: PARALLEL_PAGES }, () => context.newPage()));
  try {
    if (first) {
      const found = await storyProblems(pages[0], base, first);
      if (found.length) problems[first] = found;
    }
    await Promise.all(
      pages.map(async (page) => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          const found = await storyProblems(page, base, id);
          if (found.length) problems[id] = found;
        }
      }),
    );
  } finally {
    await Promise.all(pages.map((p) => p.close().catch(() => undefined)));
  }
  return { ids, problems };
}

/** `npm run gallery` with these options, its exit code and output. */
async function runGallery(args: string[]): Promise<{ code: number | null; output: string }> {
  let output = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/gallery/gallery.mjs'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 800, height: 900 } });
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
});

describe('Storybook', () => {
  describe('npm run storybook (the dev server)', () => {
    let dev: ReturnType<typeof runStorybook> | undefined;
    let base = '';

    beforeAll(async () => {
      const port = await freePort();
      base = `http://${HOST}:${port}`;
      dev = runStorybook(['dev', '--ci', '--no-open', '--no-version-updates', '--exact-port', '--port', String(port), '--host', HOST]);
      await waitForIndex(base, dev.child, dev.output, DEV_START_MS);
    }, DEV_START_MS + 10_000);

    afterAll(async () => {
      await stop(dev?.child);
    });

    it(
      'renders every story without an error',
      async () => {
        const { ids, problems } = await checkAllStories(context, base);
        expect(ids.length).toBeGreaterThan(10);
        expect(problems).toEqual({});
      },
      ALL_STORIES_MS,
    );
  });

  describe('npm run build-storybook (the static build)', () => {
    // Built here, into a folder of its own: a dist/storybook left from older code is not what is checked.
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-storybook-'));
    let site: Awaited<ReturnType<typeof serveStatic>> | undefined;

    beforeAll(async () => {
      const build = runStorybook(['build', '--quiet', '-o', out]);
      const code = await new Promise<number | null>((resolve) => build.child.once('exit', resolve));
      if (code !== 0) throw new Error(`storybook build exited with code ${code}:\n${build.output()}`);
      site = await serveStatic(fs.realpathSync(out));
    }, BUILD_MS);

    afterAll(async () => {
      await site?.close();
      fs.rmSync(out, { recursive: true, force: true });
    });

    it(
      'renders every story without an error',
      async () => {
        const { ids, problems } = await checkAllStories(context, site!.base);
        expect(ids.length).toBeGreaterThan(10);
        expect(problems).toEqual({});
      },
      ALL_STORIES_MS,
    );

    it(
      'npm run gallery shoots stories from it into one page, filtered by branding, language and width',
      async () => {
        const gallery = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-gallery-'));
        try {
          // Two stories: ZIB's terms (under ZIB only) and escrow's terms (under every branding).
          const run = await runGallery(['--storybook', out, '--out', gallery, '--only', 'terms', '--branding', 'default,zib', '--locale', 'fr']);
          expect(run.code, run.output).toBe(0);
          expect(run.output).toContain('2 stories × 2 brandings × 1 languages × 2 widths = 8 shots');
          expect(run.output).toMatch(/6 screenshots \([\d.]+ MiB\), 2 variants skipped .*, 0 failed, in [\d.]+ s/);

          const page = await context.newPage();
          try {
            await page.setViewportSize({ width: 1280, height: 900 });
            await page.goto(pathToFileURL(path.join(gallery, 'index.html')).href);
            expect(await page.locator('h2').allTextContents()).toEqual(['Gates/Escrow', 'Brandings/ZIB terms of use']);
            const images = page.locator('main figure img');
            await expect.poll(() => images.count()).toBe(6);
            await expect.poll(() => page.locator('#shown').textContent()).toBe('6 of 6 screenshots shown');
            const alt = 'Gates/Escrow, The terms, Continue disabled: French, ZIB branding, 360 px wide';
            await expect.poll(() => page.getByRole('img', { name: alt }).count()).toBe(1);
            // Every picture loads (lazily, so each is brought into view) in the proportions its box reserved.
            for (let i = 0; i < 6; i++) {
              const img = images.nth(i);
              await img.scrollIntoViewIfNeeded();
              await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
              const { natural, box } = await img.evaluate((el: HTMLImageElement) => ({
                natural: el.naturalHeight / el.naturalWidth,
                box: el.height / el.width,
              }));
              expect(Math.abs(natural - box)).toBeLessThan(0.02);
            }
            // The filters: the default branding alone leaves escrow's two shots, and ZIB's terms section hidden.
            await page.getByRole('checkbox', { name: 'ZIB' }).uncheck();
            await expect.poll(() => page.locator('#shown').textContent()).toBe('2 of 6 screenshots shown');
            expect(await page.locator('main section:not([hidden]) h2').allTextContents()).toEqual(['Gates/Escrow']);
            await page.getByRole('checkbox', { name: '1280 px' }).uncheck();
            await expect.poll(() => page.locator('#shown').textContent()).toBe('1 of 6 screenshots shown');
            expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
          } finally {
            await page.close();
          }
        } finally {
          fs.rmSync(gallery, { recursive: true, force: true });
        }
      },
      GALLERY_MS,
    );
  });
});
