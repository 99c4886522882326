// Card payments end to end (REDIRECT mode): the sandbox's test cards of CONTRACT §4 to their results.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPay, payFields, storeBase, txnRef, useBrowser, whenHydrated } from './helpers';

const b = useBrowser();

async function enterCard(page: Page, number: string, expiry = '12/30', cvv = '123') {
  await page.getByRole('link', { name: /Pay with Card/ }).click();
  await whenHydrated(page.getByLabel('Card number'));
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill(expiry);
  await page.getByLabel('CVV').fill(cvv);
  await page.getByRole('button', { name: /^Pay / }).click();
}

async function typePin(page: Page, pin: string) {
  await page.getByRole('heading', { name: 'Enter your card PIN' }).waitFor();
  for (const d of pin) await page.getByRole('button', { name: `Digit ${d}`, exact: true }).click();
  await page.getByRole('button', { name: 'Authorize' }).click();
}

describe('card smoke', () => {
  it('Mastercard: OTP then 00 to the store', async () => {
    const page = await b.newPage();
    const ref = txnRef('card-mc');
    await openPay(page, payFields(ref, { channels: 'CARD' }));
    await enterCard(page, '5123450000000008');
    await page.getByRole('heading', { name: 'Enter OTP' }).waitFor();
    await page.getByLabel('OTP', { exact: true }).fill('123456');
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL(`${storeBase()}/return`);
    await expect.poll(() => page.locator('h1').getAttribute('data-resp')).toBe('00');
  });

  it('Verve: PIN then 00', async () => {
    const page = await b.newPage();
    await openPay(page, payFields(txnRef('card-verve'), { channels: 'CARD' }));
    await enterCard(page, '5060990580000217499');
    await typePin(page, '1111');
    await page.waitForURL(`${storeBase()}/return`);
    await expect.poll(() => page.locator('h1').getAttribute('data-resp')).toBe('00');
  });

  it('Visa 3-D Secure challenge', async () => {
    const page = await b.newPage();
    await openPay(page, payFields(txnRef('card-3ds'), { channels: 'CARD' }));
    await enterCard(page, '4000000000002503');
    const frame = page.frameLocator('[data-testid="issuer-frame"]');
    await frame.getByLabel(/code/i).fill('123456');
    await frame.getByRole('button', { name: /submit/i }).click();
    await page.waitForURL(`${storeBase()}/return`, { timeout: 20_000 });
    await expect.poll(() => page.locator('h1').getAttribute('data-resp')).toBe('00');
  });
});
