// The sandbox's demo panel (issue 9 point 12): a labelled "Demo settings" button in the page's flow opens core's
// dialog; resubmitted unchanged it starts the same payment again (NGN 1,500.00, the customer's e-mail kept); Escape
// closes it and gives the focus back to its button.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkoutBase, expectAccessible, openPay, payFields, sandboxPayment, txnRef, useBrowser, whenHydrated } from './helpers';

const b = useBrowser();

const demoButton = (page: Page) => page.getByRole('button', { name: 'Demo settings' });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Demo payment settings' });

describe('Demo settings', () => {
  it('is a labelled button in the page flow; Escape closes it; resubmitted unchanged it keeps the amount and e-mail', async () => {
    const page = await b.newPage();
    expect(await openPay(page, payFields(txnRef('demo'), { channels: 'CARD,TRANSFER' }))).toBe(200);
    await page.getByText('NGN 1,500.00').first().waitFor();
    const button = await whenHydrated(demoButton(page));

    // Not floating over the content: in the flow, above the card, and at least 44 px high.
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(await button.evaluate((el) => getComputedStyle(el).position)).toBe('static');
    const card = (await page.locator('main').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(card.y);
    // At the top left (companion §2 "Demo panel"), aligned with the card's left edge.
    expect(Math.abs(box.x - card.x)).toBeLessThanOrEqual(1);

    // Keyboard: focus visible, Enter opens, Escape closes and gives the focus back.
    await button.focus();
    expect(await button.evaluate((el) => el.matches(':focus-visible') || getComputedStyle(el).outlineStyle !== 'none')).toBe(true);
    await page.keyboard.press('Enter');
    await panel(page).waitFor();
    await expectAccessible(page, 'the demo panel');
    expect(await panel(page).getByLabel('Amount (minor units)').inputValue()).toBe('150000');
    await panel(page).getByText('This payment: NGN 1,500.00').waitFor();
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    // Resubmitted unchanged: a new payment of the same amount, for the same customer.
    await button.click();
    const newRef = await panel(page).getByLabel('Transaction reference').inputValue();
    await Promise.all([
      page.waitForURL(`${checkoutBase()}/**`, { waitUntil: 'load' }),
      panel(page).getByRole('button', { name: 'Change payment params' }).click(),
    ]);
    await page.getByText('NGN 1,500.00').first().waitFor();
    expect(await page.getByText('NGN 15.00').count()).toBe(0);
    expect((await sandboxPayment(newRef)).status).toBe(200);
    await (await whenHydrated(demoButton(page))).click();
    expect(await panel(page).getByLabel('Amount (minor units)').inputValue()).toBe('150000');
    expect(await panel(page).locator('input[name="cust_email"]').inputValue()).toBe('ada@example.com');
    expect(await panel(page).getByLabel('Customer name').inputValue()).toBe('Ada Obi');
    expect(await panel(page).locator('input[name="channels"]').inputValue()).toBe('CARD,TRANSFER');
  });
});
