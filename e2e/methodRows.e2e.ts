// The method rows on a phone (issue 34: read at a glance at 360 px; issue 35: a tap on any part of a row works at
// once): at 360x640 with touch, every point of a row (the bench's title and description points, the mark, the
// padding at its edges) hits the row's anchor and follows it, with no script at all as once hydrated; the list of
// every channel the sandbox offers stays within a bound; the customer wallets are rows of the same shape.
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { ROW_TAPS } from '../scripts/bench/firstScreen.mjs';
import { checkoutBase, expectAccessible, openPay, payFields, txnRef, useBrowser, whenHydrated } from './helpers';

const b = useBrowser();

/** A small phone: 360x640, touch. */
const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
/**
 * A row's most height, px: one line of title and one of description (56 px, choiceRow) and a little room for a
 * system font's taller line; a row that wraps its text (three lines and more) goes past it.
 */
const ROW_MAX_PX = 64;
/** Between two rows, px (methodRowList). */
const ROW_GAP_PX = 8;

interface Point {
  x: number;
  y: number;
}

/** Where a thumb lands on a part: as the bench taps it (pageperf: 40 px in, 20 px down at most). */
async function benchPoint(page: Page, selector: string): Promise<Point> {
  const box = (await page.locator(selector).first().boundingBox())!;
  return { x: box.x + Math.min(box.width / 2, 40), y: box.y + Math.min(box.height / 2, 20) };
}

/** Every point of a row a payer may tap: the bench's title, description and edge points, the mark, its padding. */
async function rowPoints(page: Page, row: string): Promise<Record<string, Point>> {
  const box = (await page.locator(row).boundingBox())!;
  const mark = (await page.locator(`${row} svg`).first().boundingBox())!;
  const chevron = (await page.locator(`${row} > svg:last-child`).boundingBox())!;
  const points: Record<string, Point> = {
    icon: { x: mark.x + mark.width / 2, y: mark.y + mark.height / 2 },
    'edge, top left': { x: box.x + 3, y: box.y + 3 },
    'edge, top middle': { x: box.x + box.width / 2, y: box.y + 2 },
    'edge, bottom right': { x: box.x + box.width - 3, y: box.y + box.height - 3 },
    'edge, beside the chevron': { x: chevron.x + chevron.width + 4, y: chevron.y + chevron.height / 2 },
    'edge, between the mark and the text': { x: mark.x + mark.width + 6, y: box.y + box.height / 2 },
  };
  // The bench's own tap points (scripts/bench/firstScreen.mjs), for this row.
  for (const [where, selector] of Object.entries(ROW_TAPS)) points[where] = await benchPoint(page, selector.replace('a[data-method="card"]', row));
  return points;
}

/** The element a tap at the point reaches (hit testing, as the browser does for a touch). */
function hitAt(page: Page, p: Point): Promise<string> {
  return page.evaluate(({ x, y }) => {
    const el = document.elementFromPoint(x, y);
    return el
      ? `${el.tagName.toLowerCase()}${el instanceof HTMLElement && el.dataset.method ? `[data-method=${el.dataset.method}]` : ''}`
      : 'nothing';
  }, p);
}

describe('method rows on a 360 px phone', () => {
  it('follows a tap on the title, description, icon and every edge of a row with no script, each to the route the server renders', async () => {
    const context = await b.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    expect(await openPay(page, payFields(txnRef('row-taps-nojs')))).toBe(200);
    const list = page.url();
    const row = 'a[data-method="card"]';
    await page.locator(row).waitFor();
    const points = await rowPoints(page, row);
    expect(Object.keys(points)).toEqual(expect.arrayContaining(['title', 'description', 'edge', 'icon']));
    for (const [where, p] of Object.entries(points)) {
      // The anchor itself, not a part of it nor anything beside it.
      expect(await hitAt(page, p), where).toBe('a[data-method=card]');
      await Promise.all([page.waitForURL(/\/payment\/card\?p=/), page.touchscreen.tap(p.x, p.y)]);
      await page.goto(list);
      await page.locator(row).waitFor();
    }
  });

  it('follows the same taps once hydrated, in the page', async () => {
    const page = await b.newPage(PHONE);
    expect(await openPay(page, payFields(txnRef('row-taps')))).toBe(200);
    const row = 'a[data-method="transfer"]';
    await whenHydrated(page.locator(row));
    for (const where of Object.keys(await rowPoints(page, row))) {
      // Measured again after each way back: the list may come back scrolled.
      const p = (await rowPoints(page, row))[where];
      expect(await hitAt(page, p), where).toBe('a[data-method=transfer]');
      await Promise.all([page.waitForURL(/\/payment\/transfer\?p=/), page.touchscreen.tap(p.x, p.y)]);
      await page.getByRole('link', { name: 'Change payment method' }).click();
      await page.locator(row).waitFor();
    }
  });

  it.each(['en', 'fr'])('lists every channel in one line of title and one of description per row, within a bound (%s)', async (lang) => {
    const page = await b.newPage(PHONE);
    expect(await openPay(page, payFields(txnRef(`row-sizes-${lang}`), { lang }))).toBe(200);
    const rows = page.locator('a[data-method]');
    await whenHydrated(rows.first());
    const sizes = await rows.evaluateAll((links) =>
      links.map((a) => {
        const [title, description] = [...a.querySelectorAll(':scope > span:not([data-oja-drawn]) > span')] as HTMLElement[];
        return {
          method: (a as HTMLElement).dataset.method!,
          height: a.getBoundingClientRect().height,
          right: a.getBoundingClientRect().right,
          // One line each: a text that wrapped would be two lines tall.
          titleLines: Math.round(title.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(title).lineHeight)),
          descriptionLines: Math.round(description.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(description).lineHeight)),
          // The title is read whole at 360 px (a description may end in an ellipsis).
          titleCut: title.scrollWidth > title.clientWidth,
        };
      }),
    );
    expect(sizes.length).toBeGreaterThanOrEqual(10);
    for (const s of sizes) {
      expect(s, s.method).toMatchObject({ titleLines: 1, descriptionLines: 1, titleCut: false });
      expect(s.height, s.method).toBeGreaterThanOrEqual(44);
      expect(s.height, s.method).toBeLessThanOrEqual(ROW_MAX_PX);
      expect(s.right, s.method).toBeLessThanOrEqual(360);
    }
    const list = (await page.locator('ul:has(> li > a[data-method])').boundingBox())!;
    expect(list.height).toBeLessThanOrEqual(sizes.length * (ROW_MAX_PX + ROW_GAP_PX));
    // No sideways scroll on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, `the method list at 360 px (${lang})`);
  });
});

describe('the customer wallet list on a 360 px phone', () => {
  it('shows each provider as a row with its drawn mark and chevron, and follows a tap on its edge with no script', async () => {
    const context = await b.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    expect(await openPay(page, payFields(txnRef('cw-rows'), { channels: 'CUSTOMER_WALLET', country: 'NG', currency: '566' }))).toBe(200);
    const rows = page.locator('a[data-wallet]');
    await rows.first().waitFor();
    const shapes = await rows.evaluateAll((links) =>
      links.map((a) => ({
        wallet: (a as HTMLElement).dataset.wallet,
        mark: a.querySelector('svg[data-wallet-mark]')?.getAttribute('data-wallet-mark'),
        chevron: a.lastElementChild?.tagName.toLowerCase(),
        height: a.getBoundingClientRect().height,
      })),
    );
    expect(shapes.map((s) => s.wallet)).toEqual(['enaira', 'momo', 'opay', 'palmpay', 'pocket']);
    for (const s of shapes) {
      expect(s.mark).toBe(s.wallet);
      expect(s.chevron).toBe('svg');
      expect(s.height).toBeGreaterThanOrEqual(44);
      expect(s.height).toBeLessThanOrEqual(ROW_MAX_PX);
    }
    const row = 'a[data-wallet="opay"]';
    const box = (await page.locator(row).boundingBox())!;
    const edge = { x: box.x + box.width - 3, y: box.y + 3 };
    expect(await hitAt(page, edge)).toBe('a');
    await Promise.all([page.waitForURL((u) => u.pathname === '/payment/opay'), page.touchscreen.tap(edge.x, edge.y)]);
    expect(new URL(page.url()).origin).toBe(new URL(checkoutBase()).origin);
  });

  it('is accessible, marks and all, once hydrated', async () => {
    const page = await b.newPage(PHONE);
    expect(await openPay(page, payFields(txnRef('cw-rows-axe'), { channels: 'CUSTOMER_WALLET', country: 'NG', currency: '566' }))).toBe(200);
    await whenHydrated(page.locator('a[data-wallet="opay"]'));
    await expectAccessible(page, 'the customer wallet list at 360 px');
  });
});
