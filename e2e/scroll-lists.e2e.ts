// The lists that scroll within the spec's limits (issue 34): the failure view's alternatives (45vh, spec core §2),
// credit's banks (200px) and offers (210px) (companion §2, §9). On a phone (360×640): the list overflows, its bottom
// edge never cuts a row above its title (bounding boxes), the shadow says where more rows wait, and the list is a
// named region the keyboard reaches and scrolls.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { TEST_CARDS, card, expectAccessible, expectFailureView, openPay, payFields, tabTo, txnRef, useBrowser, whenHydrated } from './helpers';

const b = useBrowser();
const PHONE = { viewport: { width: 360, height: 640 } };

/** Where the list's bottom edge falls, and the first row it cuts with the bottom of that row's first line (its title). */
function edgeCut(list: Locator) {
  return list.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const edge = box.top + el.clientTop + el.clientHeight;
    const rows = Array.from(el.querySelectorAll<HTMLElement>('[data-scroll-row], li'));
    const cut = rows.find((r) => {
      const rect = r.getBoundingClientRect();
      return rect.top < edge && rect.bottom > edge;
    });
    let titleBottom: number | null = null;
    if (cut) {
      const walker = document.createTreeWalker(cut, NodeFilter.SHOW_TEXT, { acceptNode: (n) => (n.textContent?.trim() ? 1 : 3) });
      const range = document.createRange();
      range.selectNodeContents(walker.nextNode()!);
      titleBottom = range.getClientRects()[0]!.bottom;
    }
    const hidden = rows.filter((r) => r.getBoundingClientRect().top >= edge).length;
    return { edge, cut: cut?.textContent ?? null, titleBottom, hidden, scrolls: el.scrollHeight > el.clientHeight };
  });
}

/** The list overflows, shows its title-safe edge and the shadow below, and scrolls by keyboard to its end. */
async function expectScrollList(page: Page, list: Locator, maxHeightPx: number) {
  await list.waitFor();
  const at = await edgeCut(list);
  expect(at.scrolls).toBe(true);
  expect(at.hidden).toBeGreaterThan(0);
  if (at.cut !== null) expect(at.titleBottom!).toBeLessThanOrEqual(at.edge);
  expect((await list.boundingBox())!.height).toBeLessThanOrEqual(maxHeightPx + 0.5);
  expect(await list.getAttribute('data-more-below')).not.toBeNull();
  expect(await list.getAttribute('data-more-above')).toBeNull();
  // The keyboard reaches the list (a region in the tab order) and scrolls it.
  const name = (await list.getAttribute('aria-label'))!;
  await tabTo(page, (f) => f.name === name, 40);
  await page.keyboard.press('PageDown');
  await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await page.keyboard.press('End');
  await expect.poll(() => list.getAttribute('data-more-below')).toBeNull();
  expect(await list.getAttribute('data-more-above')).not.toBeNull();
}

describe('a list that scrolls within its limit, on a phone', () => {
  it("the failure view's alternatives (45vh): no title cut, the shadow below, the keyboard scrolls them", async () => {
    const page = await b.newPage(PHONE);
    const ref = txnRef('alternatives');
    expect(await openPay(page, payFields(ref, { channels: 'CARD,TRANSFER,QR,USSD,PAY_WITH_APP,CREDIT,WALLET' }))).toBe(200);
    await card.choose(page);
    await card.enter(page, TEST_CARDS.notAccepted);
    await expectFailureView(page, 'Your card is not accepted by this merchant');
    const list = page.getByRole('region', { name: 'or select an alternative payment method' });
    await expectScrollList(page, list, 640 * 0.45);
    await expectAccessible(page, 'failure view, alternatives scrolled');
  });

  it("credit's banks (200px) and offers (210px): no title cut, the shadow below, the keyboard scrolls them", async () => {
    const page = await b.newPage(PHONE);
    expect(await openPay(page, payFields(txnRef('credit-lists'), { channels: 'CREDIT' }))).toBe(200);
    await whenHydrated(page.getByLabel('Phone number'));
    await page.getByLabel('Phone number').fill('08012345678');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('OTP', { exact: true }).fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bank details' }).waitFor();
    await expectScrollList(page, page.getByRole('region', { name: 'Banks' }), 200);
    await expectAccessible(page, 'bank details, banks scrolled');

    await page.getByTestId('credit-skip').click();
    await page.getByRole('button', { name: 'See more options' }).click();
    await page.getByRole('radio', { name: /Sandbox Lending/ }).waitFor();
    // "See more options" is gone with its press: the keyboard carries on from the step's heading.
    await page.getByRole('heading', { level: 1, name: 'Choose a loan offer' }).focus();
    await expectScrollList(page, page.getByRole('region', { name: 'Loan offers' }), 210);
    await expectAccessible(page, 'offers, scrolled');
  });
});
