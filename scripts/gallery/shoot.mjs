// Shoots stories in Chromium: opens a story's frame in a language, branding and width, waits for it to have
// rendered and played, and saves a JPEG.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../bin/chromium.mjs';
import { fileOf, frameUrl, viewportOf } from './matrix.mjs';

/** One story, from opening its frame to its render and play function finished, ms. */
const STORY_MS = 30_000;
/** How long the state's proof text (a scenario's `expect`) may take to show once the story finished, ms. */
const EXPECT_MS = 5_000;
/** JPEG quality: the folder stays small and the text readable. */
const JPEG_QUALITY = 80;
/** A story render that ended: played and finished, or stopped. */
const DONE_PHASES = ['finished', 'aborted'];

export function launch(executablePath) {
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });
}

/** A JPEG's size in pixels, from its frame header (SOF0 to SOF15 but DHT, JPG and DAC). */
export function jpegSize(jpeg) {
  for (let i = 2; i + 9 < jpeg.length; ) {
    if (jpeg[i] !== 0xff) throw new Error('not a JPEG');
    const marker = jpeg[i + 1];
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { imageWidth: jpeg.readUInt16BE(i + 7), imageHeight: jpeg.readUInt16BE(i + 5) };
    i += 2 + jpeg.readUInt16BE(i + 2);
  }
  throw new Error('a JPEG without a frame header');
}

/** Waits for Storybook to have rendered and played the story, or to show an error instead. */
function storyEnded(page) {
  return page.waitForFunction(
    (done) => {
      const cls = document.body.classList;
      const phase = window.__STORYBOOK_PREVIEW__?.currentRender?.phase ?? '';
      return cls.contains('sb-show-errordisplay') || cls.contains('sb-show-nopreview') || done.includes(phase);
    },
    DONE_PHASES,
    { timeout: STORY_MS, polling: 100 },
  );
}

/**
 * Opens one variant of a story and waits until it shows its state. Answers `skipped` when the story does not exist
 * under that branding (a scenario's `brandings`, or a page outside a payment, which has none), else the reason the
 * page may not show the state (undefined when it rendered cleanly). Throws when the story never ended.
 */
export async function render(page, base, shot) {
  const vp = viewportOf(shot.width);
  await page.setViewportSize({ width: vp.width, height: vp.height });
  const errors = [];
  const onError = (e) => errors.push(e.message);
  page.on('pageerror', onError);
  try {
    await page.goto(frameUrl(base, shot), { waitUntil: 'load' });
    await storyEnded(page);
    // Lazily loaded screens arrive after the render: let their requests settle.
    await page.waitForLoadState('networkidle', { timeout: STORY_MS });
    await storyEnded(page);
    const seen = await page.evaluate(() => {
      const render = window.__STORYBOOK_PREVIEW__?.currentRender;
      const cls = document.body.classList;
      return {
        errorShown: cls.contains('sb-show-errordisplay') || cls.contains('sb-show-nopreview'),
        phase: render?.phase ?? '',
        expect: render?.story?.parameters?.checkout?.expect ?? {},
        branding: document.querySelector('[data-oja-story]')?.getAttribute('data-branding') ?? null,
      };
    });
    if (seen.branding !== null && seen.branding.toLowerCase() !== shot.branding.toLowerCase()) return { skipped: true };
    let problem = seen.errorShown ? 'Storybook shows an error' : seen.phase !== 'finished' ? `render ended in phase "${seen.phase}"` : undefined;
    const proof = seen.expect[shot.locale];
    if (!problem && proof) {
      await page
        .waitForFunction((text) => document.body.textContent?.includes(text), proof, { timeout: EXPECT_MS, polling: 100 })
        .catch(() => {
          problem = `"${proof}" never showed`;
        });
    }
    await page.evaluate(() => document.fonts.ready);
    if (!problem && errors.length) problem = `page error: ${errors[0]}`;
    return { problem };
  } finally {
    page.off('pageerror', onError);
  }
}

/**
 * Opens and shoots one variant of a story into out. Answers the shot as the page lists it, or `skipped` when the
 * story does not exist under that branding.
 */
export async function shoot(page, base, shot, out) {
  try {
    const seen = await render(page, base, shot);
    if (seen.skipped) return { skipped: true };
    const file = fileOf(shot);
    fs.mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
    const jpeg = await page.screenshot({
      path: path.join(out, file),
      type: 'jpeg',
      quality: JPEG_QUALITY,
      fullPage: viewportOf(shot.width).fullPage,
      // Spinners and caret frozen: the same state shoots the same picture.
      animations: 'disabled',
      caret: 'hide',
    });
    return { shot: { ...shot, file, ...jpegSize(jpeg), problem: seen.problem } };
  } catch (e) {
    return { failed: `${shot.id} (${shot.locale}, ${shot.branding}, ${shot.width} px): ${e.message.split('\n')[0]}` };
  }
}

/** Shoots every shot through `pages` pages at once; reports progress through onDone. */
export async function shootAll(browser, base, shots, out, pages, onDone = () => {}) {
  const queue = [...shots];
  const taken = [];
  const failed = [];
  let skipped = 0;
  const context = await browser.newContext({ deviceScaleFactor: 1, reducedMotion: 'reduce' });
  try {
    await Promise.all(
      Array.from({ length: Math.min(pages, shots.length) }, async () => {
        const page = await context.newPage();
        for (let shot = queue.shift(); shot !== undefined; shot = queue.shift()) {
          const r = await shoot(page, base, shot, out);
          if (r.shot) taken.push(r.shot);
          else if (r.skipped) skipped++;
          else failed.push(r.failed);
          onDone(taken.length + skipped + failed.length, shots.length);
        }
        await page.close();
      }),
    );
  } finally {
    await context.close();
  }
  return { taken, skipped, failed };
}
