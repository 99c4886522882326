// The spec's generic messages (core §8) where the checkout shows them (issue 9 point 13): a temporary failure of a
// call the payer can simply make again says "Something went wrong! Please try again!", a rate-limited one (HTTP 429)
// "Something went wrong! Please try again in 1 minute!"; neither is worded as the payer's mistake. (The generic
// failure view, "Oops, something went wrong...", is in card.e2e.ts: a failed BIN lookup.)
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, openPay, payFields, sandboxPayment, transfer, txnRef, useBrowser, whenHydrated, withFaultHeaders } from './helpers';

const GENERATE_PATH = '/api/v1/virtualaccount/generate';
const FAILED = 'We could not generate an account for this payment.';

const b = useBrowser();

/** A card-or-transfer payment; the transfer row chosen, so that the page itself asks for the account. */
async function chooseTransfer(page: Page, label: string): Promise<string> {
  const ref = txnRef(label);
  expect(await openPay(page, payFields(ref, { channels: 'CARD,TRANSFER' }))).toBe(200);
  await (await whenHydrated(page.getByRole('link', { name: /Pay with Transfer/ }))).click();
  return ref;
}

describe('generic messages on a failed call', () => {
  it('a 5xx: "Something went wrong! Please try again!", and Try again works', async () => {
    const page = await b.newPage();
    await withFaultHeaders(page, GENERATE_PATH, { 'x-sandbox-error-rate': '1' });
    const ref = await chooseTransfer(page, 'msg-500');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(`${FAILED} Something went wrong! Please try again!`);
    await expectAccessible(page, 'a temporary failure');
    await page.getByRole('button', { name: 'Try again' }).click();
    await transfer.waitForAccount(page);
    const { payment } = await sandboxPayment(ref);
    expect(payment!.calls.filter((c) => c.path === GENERATE_PATH)).toHaveLength(2);
  });

  it('a 429: "Something went wrong! Please try again in 1 minute!"', async () => {
    const page = await b.newPage();
    let limited = true;
    await page.route(
      (url) => url.pathname === GENERATE_PATH,
      async (route) => {
        if (!limited) return route.continue();
        await route.fulfill({
          status: 429,
          contentType: 'application/json',
          headers: { 'retry-after': '60' },
          body: JSON.stringify({ message: 'Too many requests' }),
        });
      },
    );
    await chooseTransfer(page, 'msg-429');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(`${FAILED} Something went wrong! Please try again in 1 minute!`);
    limited = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await transfer.waitForAccount(page);
  });
});
