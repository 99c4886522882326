// `npm run gallery`: screenshots of every story (every screen and state of every channel, gate and page) at a
// phone's and a desktop's width, in English and French, under each branding, into one page:
// dist/gallery/index.html. Options: see parseOptions (scripts/gallery/matrix.mjs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from '../bin/chromium.mjs';
import { keyOf, parseOptions, shotsOf, storiesOf } from './matrix.mjs';
import { galleryHtml } from './page.mjs';
import { launch, shootAll } from './shoot.mjs';
import { buildStorybook, isUpToDate, serveStatic } from './storybook.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** What the page lists, kept beside it so that a partial run updates the last full one. */
const MANIFEST = 'shots.json';

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The shots the page lists: the last run's, replaced by this run's of the same variant, less those of stories gone
 * from the index, of variants this run found missing, or whose file is gone.
 */
export function mergeShots(previous, taken, stillThere, gone) {
  const byKey = new Map(previous.map((s) => [keyOf(s), s]));
  for (const k of gone) byKey.delete(k);
  for (const s of taken) byKey.set(keyOf(s), s);
  return [...byKey.values()].filter(stillThere);
}

export async function runGallery(argv) {
  const started = Date.now();
  const o = parseOptions(argv);
  const out = path.resolve(ROOT, o.out ?? 'dist/gallery');
  const chromiumPath = findChromium();
  if (!chromiumPath) throw new Error('No Chromium found: install Debian\'s "chromium" package or set CHROMIUM_PATH.');

  let storybookDir = path.resolve(ROOT, o.storybook ?? 'dist/storybook');
  if (!o.storybook && !isUpToDate(ROOT, storybookDir)) {
    console.log(`Building the static Storybook into ${path.relative(ROOT, storybookDir)}…`);
    const t = Date.now();
    await buildStorybook(ROOT, storybookDir);
    console.log(`  built in ${seconds(Date.now() - t)}`);
  } else console.log(`Using the static Storybook in ${path.relative(ROOT, storybookDir) || storybookDir}`);
  storybookDir = fs.realpathSync(storybookDir);

  const index = JSON.parse(fs.readFileSync(path.join(storybookDir, 'index.json'), 'utf8'));
  const stories = storiesOf(index, o.only);
  if (!stories.length) throw new Error(o.only ? `No story id contains "${o.only}"` : 'The Storybook has no stories');
  const shots = shotsOf(stories, o);
  const pages = Math.max(1, os.availableParallelism());
  console.log(
    `Shooting ${stories.length} stories × ${o.brandings.length} brandings × ${o.locales.length} languages × ${o.widths.length} widths = ${shots.length} shots, ${pages} pages at once`,
  );

  // A full run starts anew; only what the gallery writes goes, should --out name a folder holding more.
  if (o.complete) for (const own of ['shots', MANIFEST, 'index.html']) fs.rmSync(path.join(out, own), { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const site = await serveStatic(storybookDir);
  const browser = await launch(chromiumPath);
  const shootStarted = Date.now();
  let lastReport = Date.now();
  let result;
  try {
    result = await shootAll(browser, site.base, shots, out, pages, (done, total) => {
      // A line every few seconds: a full run takes a while.
      if (Date.now() - lastReport > 10_000 || done === total) {
        lastReport = Date.now();
        console.log(`  ${done} of ${total} (${seconds(Date.now() - shootStarted)})`);
      }
    });
  } finally {
    await browser.close();
    await site.close();
  }

  const manifestFile = path.join(out, MANIFEST);
  const previous = o.complete || !fs.existsSync(manifestFile) ? [] : JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const storyIds = new Set(storiesOf(index).map((s) => s.id));
  const takenKeys = new Set(result.taken.map(keyOf));
  const gone = shots.map(keyOf).filter((k) => !takenKeys.has(k));
  const listed = mergeShots(previous, result.taken, (s) => storyIds.has(s.id) && fs.existsSync(path.join(out, s.file)), gone);
  fs.writeFileSync(manifestFile, JSON.stringify(listed, null, 1));
  fs.writeFileSync(path.join(out, 'index.html'), galleryHtml(listed, { shotAt: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC` }));

  const bytes = result.taken.reduce((n, s) => n + fs.statSync(path.join(out, s.file)).size, 0);
  const unclean = result.taken.filter((s) => s.problem);
  console.log(
    `${result.taken.length} screenshots (${(bytes / 1024 / 1024).toFixed(1)} MiB), ${result.skipped} variants skipped (a story shown under fewer brandings), ${result.failed.length} failed, in ${seconds(Date.now() - started)} (shooting ${seconds(Date.now() - shootStarted)})`,
  );
  for (const s of unclean) console.log(`  did not render cleanly: ${s.id} (${s.locale}, ${s.branding}, ${s.width} px): ${s.problem}`);
  for (const f of result.failed) console.log(`  failed: ${f}`);
  console.log(`The page: ${path.relative(process.cwd(), path.join(out, 'index.html'))} (${listed.length} screenshots)`);
  return result.failed.length || unclean.length ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  runGallery(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      console.error(`gallery: ${e.message}`);
      process.exitCode = 2;
    },
  );
}
