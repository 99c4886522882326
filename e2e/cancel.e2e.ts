// Cancelling a transfer: the Cancel Payment dialog (by mouse and by keyboard only), and leaving the page.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MERCHANT_NAME, openPay, payFields, sandboxPayment, sleep, storeBase, storeResults, transfer, txnRef, useBrowser } from './helpers';

/** The checkout server's grace after the payer leaves before it cancels, ms (core/server/src/checkoutServer.ts). */
const LEAVE_GRACE_MS = 4_000;
const CANCEL_BUTTON = `Cancel payment and return to ${MERCHANT_NAME}`;
const TRANSFER_SUBTITLE = 'If you have done a successful transfer, please do not cancel or click the back button';

const b = useBrowser();

async function openTransfer(page: Page, label: string): Promise<string> {
  const ref = txnRef(label);
  await openPay(page, payFields(ref, { channels: 'TRANSFER' }));
  await transfer.waitForAccount(page);
  return ref;
}

async function expectCancelledAtStore(page: Page, ref: string): Promise<void> {
  await page.getByRole('heading', { name: 'Payment Cancelled' }).waitFor();
  expect(await page.getByRole('button', { name: 'Retry payment' }).count()).toBe(0);
  await page.waitForURL(`${storeBase()}/return`);
  await expect.poll(() => page.locator('h1').getAttribute('data-resp')).toBe('Z6');
  await sleep(500);
  const results = await storeResults(ref);
  expect(results).toHaveLength(1);
  expect(results[0].fields).toMatchObject({ txnref: ref, resp: 'Z6', amount: '0' });
  const { payment } = await sandboxPayment(ref);
  expect(payment?.cancellation?.reason).toBe('Customer cancelled');
}

/** What has the focus, and whether a focus indicator is drawn around it. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: '', visible: false };
    const cs = getComputedStyle(el);
    const ring = (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0) || cs.boxShadow !== 'none';
    return { name: (el.getAttribute('aria-label') || el.textContent || '').trim(), visible: el.matches(':focus-visible') && ring };
  });
}

describe('Cancel Payment dialog', () => {
  it('asks with the transfer wording, closes on Escape, and confirming returns Z6 to the store once', async () => {
    const page = await b.newPage();
    const ref = await openTransfer(page, 'cancel');
    await page.getByRole('button', { name: CANCEL_BUTTON }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Payment?' });
    await dialog.waitFor();
    await dialog.getByText(TRANSFER_SUBTITLE).waitFor();
    await dialog.getByRole('button', { name: 'I have done a Transfer' }).waitFor();
    expect(await dialog.getByText('Are you sure you want to cancel this payment?').count()).toBe(0);

    // The dialog takes the focus, so Escape reaches it.
    await page.waitForFunction(() => !!document.activeElement?.closest('[role="dialog"]'));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await transfer.accountNumber(page).waitFor();
    expect((await sandboxPayment(ref)).payment?.cancellation).toBeNull();

    await page.getByRole('button', { name: CANCEL_BUTTON }).click();
    await dialog.getByRole('button', { name: 'I have done a Transfer' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await sandboxPayment(ref)).payment?.cancellation).toBeNull();

    await page.getByRole('button', { name: CANCEL_BUTTON }).click();
    await dialog.getByRole('button', { name: 'Cancel Payment', exact: true }).click();
    await expectCancelledAtStore(page, ref);
  });

  it('20 fast clicks on Cancel Payment send exactly one cancellation', async () => {
    const page = await b.newPage();
    const ref = await openTransfer(page, 'cancel-20');
    await page.getByRole('button', { name: CANCEL_BUTTON }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel Payment?' }).getByRole('button', { name: 'Cancel Payment', exact: true });
    await confirm.waitFor();
    // All in one task, faster than any payer: the page has no time to re-render the button between them.
    await confirm.evaluate((el: HTMLElement) => {
      for (let i = 0; i < 20; i += 1) el.click();
    });
    await expectCancelledAtStore(page, ref);
    const { payment } = await sandboxPayment(ref);
    expect(payment!.calls.filter((call) => call.path.endsWith('/customerCancellation'))).toHaveLength(1);
  });

  it('works with the keyboard only, the focus visible at every stop', async () => {
    const page = await b.newPage();
    const ref = await openTransfer(page, 'cancel-keys');
    // Start from a settled page that has the focus: the sandbox's demo button (loaded after hydration) is in.
    await page.bringToFront();
    await page.getByRole('button', { name: 'Demo settings' }).waitFor();

    // Tab through the page to the cancel button.
    const stops: string[] = [];
    for (let i = 0; i < 15 && stops.at(-1) !== CANCEL_BUTTON; i += 1) {
      await page.keyboard.press('Tab');
      const f = await focused(page);
      expect(f.visible, `focus indicator on "${f.name}"`).toBe(true);
      stops.push(f.name);
    }
    expect(stops).toContain('I have transferred');
    expect(stops.at(-1)).toBe(CANCEL_BUTTON);

    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cancel Payment?' });
    await dialog.waitFor();
    await page.waitForFunction(() => !!document.activeElement?.closest('[role="dialog"]'));
    expect(await focused(page)).toEqual({ name: 'Cancel Payment', visible: true });
    // Focus stays in the dialog.
    const inDialog: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Tab');
      const f = await focused(page);
      expect(f.visible, `focus indicator on "${f.name}"`).toBe(true);
      inDialog.push(f.name);
    }
    expect(inDialog).toEqual(['I have done a Transfer', 'Close', 'Cancel Payment']);
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toEqual({ name: 'Close', visible: true });

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toEqual({ name: CANCEL_BUTTON, visible: true });
    expect((await sandboxPayment(ref)).payment?.cancellation).toBeNull();

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.waitForFunction(() => !!document.activeElement?.closest('[role="dialog"]'));
    expect(await focused(page)).toEqual({ name: 'Cancel Payment', visible: true });
    await page.keyboard.press('Enter');
    await expectCancelledAtStore(page, ref);
  });
});

describe('Leaving the page mid-payment', () => {
  it('cancels with reason "Return to merchant Site" after the grace', async () => {
    const page = await b.newPage();
    const ref = await openTransfer(page, 'leave');
    const leftAt = Date.now();
    await page.goto(`${storeBase()}/`);
    await expect
      .poll(async () => (await sandboxPayment(ref)).payment?.cancellation ?? null, { timeout: 8_000, interval: 250 })
      .toMatchObject({ reason: 'Return to merchant Site' });
    const { payment } = await sandboxPayment(ref);
    expect(payment!.cancellation!.at - leftAt).toBeGreaterThanOrEqual(LEAVE_GRACE_MS - 500);
    // The payer left: nothing was returned to the store.
    expect(await storeResults(ref)).toEqual([]);
  });

  it('does not cancel when the payer reloads within the grace', async () => {
    const page = await b.newPage();
    const ref = await openTransfer(page, 'reload');
    const before = await transfer.accountNumber(page).textContent();
    await page.reload();
    expect(await transfer.waitForAccount(page)).toBe(before);
    await sleep(LEAVE_GRACE_MS + 2_000);
    expect((await sandboxPayment(ref)).payment?.cancellation).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/payment/transfer');
  });
});
