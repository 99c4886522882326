// Customer wallets end to end (companion §2 "Customer wallet screen", "OPay, eNaira and PalmPay pages", §4 "OPay",
// §5, §7; CONTRACT §5): the wallet list (opening by itself, filtered and sorted), OPay's page in a frame from the
// sandbox's second origin with Approve and Decline, keyboard alone, axe, and a payer who leaves mid-wallet.
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import {
  checkoutBase,
  hideServerDate,
  sleep,
  withFaultHeaders,
  expectAccessible,
  expectDeliveredOnce,
  openPay,
  payFields,
  sandboxPayment,
  storeBase,
  storeResults,
  txnRef,
  useBrowser,
  whenHydrated,
} from './helpers';

const LIST_PATH = '/payment/customerwallet';
const OPAY_PATH = '/payment/opay';

const b = useBrowser();
const pathOf = (page: Page) => new URL(page.url()).pathname;

/** A naira payment offering customer wallets alone (CONTRACT §5): the wallet list opens by itself. */
async function openWallets(page: Page, label: string, wallets?: string): Promise<string> {
  const ref = txnRef(label);
  const fields = payFields(ref, { channels: 'CUSTOMER_WALLET', country: 'NG', currency: '566', ...(wallets && { wallets }) });
  expect(await openPay(page, fields)).toBe(200);
  expect(pathOf(page)).toBe(LIST_PATH);
  return ref;
}

/** A wallet's page in its frame, once loaded (its loader gone). */
async function providerPage(page: Page): Promise<Frame> {
  const frame = page.getByTestId('provider-frame');
  await frame.waitFor();
  // From the sandbox's second origin (CONTRACT §5), not the checkout's.
  expect(new URL((await frame.getAttribute('src'))!).origin).not.toBe(new URL(checkoutBase()).origin);
  await page.getByRole('heading', { name: 'Loading the payment page…' }).waitFor({ state: 'detached' });
  const handle = await frame.elementHandle();
  return (await handle!.contentFrame())!;
}

describe('the wallet list', () => {
  it('opens by itself, lists only the installed wallets of the allowed types, sorted by type', async () => {
    const page = await b.newPage();
    await openWallets(page, 'cw-list', 'palmpay,paypal,opay');
    await page.getByRole('heading', { name: 'Choose your wallet' }).waitFor();
    const links = page.getByRole('list').getByRole('link');
    expect(await links.allTextContents()).toEqual(['OPay', 'PalmPay']);
    await expectAccessible(page, 'the wallet list');
  });

  it('shows "Pay with Wallet" and "Pay With Opay" in the method list beside the card', async () => {
    const page = await b.newPage();
    const ref = txnRef('cw-rows');
    expect(await openPay(page, payFields(ref, { channels: 'CARD,CUSTOMER_WALLET' }))).toBe(200);
    await whenHydrated(page.getByRole('link', { name: /Pay with Wallet/ }));
    expect(await page.getByRole('link', { name: /Pay With Opay/ }).count()).toBe(1);
  });
});

describe('OPay', () => {
  it('by keyboard alone: the list, OPay, Approve in the frame, 00 to the store once', async () => {
    const page = await b.newPage();
    const ref = await openWallets(page, 'opay-ok');
    const link = await whenHydrated(page.getByRole('link', { name: 'OPay', exact: true }));
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === OPAY_PATH);
    const frame = await providerPage(page);
    await expectAccessible(page, "OPay's page in its frame");
    const approve = frame.getByRole('button', { name: 'Approve' });
    await approve.focus();
    await page.keyboard.press('Enter');
    await expectDeliveredOnce(page, ref, '00');
  });

  it("a decline in the frame completes with an empty code: the failure view says so in OPay's words, nothing sent to the store", async () => {
    const page = await b.newPage();
    const ref = await openWallets(page, 'opay-decline');
    await (await whenHydrated(page.getByRole('link', { name: 'OPay', exact: true }))).click();
    const frame = await providerPage(page);
    await frame.getByRole('button', { name: 'Decline' }).click();
    await page.getByRole('heading', { name: 'Payment Failed', level: 1 }).waitFor();
    await page.getByText('The payment was declined or stopped in OPay.', { exact: false }).waitFor();
    expect(await page.getByText('Oops, something went wrong', { exact: false }).count()).toBe(0);
    expect(await storeResults(ref)).toEqual([]);
  });

  it("the sandbox's simulate control under the frame settles it: 00 to the store once", async () => {
    const page = await b.newPage();
    const ref = await openWallets(page, 'opay-simulate');
    await (await whenHydrated(page.getByRole('link', { name: 'OPay', exact: true }))).click();
    await providerPage(page);
    await page.getByRole('button', { name: 'Simulate success' }).click();
    await expectDeliveredOnce(page, ref, '00');
  });

  it('Back returns to the wallet list', async () => {
    const page = await b.newPage();
    await openWallets(page, 'opay-back');
    await (await whenHydrated(page.getByRole('link', { name: 'OPay', exact: true }))).click();
    await providerPage(page);
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL((u) => u.pathname === LIST_PATH);
  });

  it('a payer who leaves mid-wallet gets the cancel with reason "Return to merchant Site"', async () => {
    const page = await b.newPage();
    const ref = await openWallets(page, 'opay-leave');
    await (await whenHydrated(page.getByRole('link', { name: 'OPay', exact: true }))).click();
    await providerPage(page);
    await page.goto(`${storeBase()}/`);
    await expect
      .poll(async () => (await sandboxPayment(ref)).payment?.cancellation ?? null, { timeout: 8_000, interval: 250 })
      .toMatchObject({ reason: 'Return to merchant Site' });
    expect(await storeResults(ref)).toEqual([]);
  });
});

/** Opens a wallet from the list by its name. */
async function openWallet(page: Page, name: string, path: string): Promise<Frame> {
  await (await whenHydrated(page.getByRole('link', { name, exact: true }))).click();
  await page.waitForURL((u) => u.pathname === path);
  return providerPage(page);
}

describe('eNaira', () => {
  it('Approve in the frame: 00 to the store once', async () => {
    const page = await b.newPage();
    const ref = await openWallets(page, 'enaira-ok');
    const frame = await openWallet(page, 'eNaira', '/payment/enaira');
    await expectAccessible(page, 'the eNaira page in its frame');
    await frame.getByRole('button', { name: 'Approve' }).click();
    await expectDeliveredOnce(page, ref, '00');
    // Confirmed at once with the invoiceId (the sandbox's record of the invoice).
    expect((await sandboxPayment(ref)).payment!.channels.enaira).toMatchObject({ confirmed: true });
  });

  it('an initialise error (fault injection) completes with an empty code: the failure view', async () => {
    const page = await b.newPage();
    const ref = await openWallets(page, 'enaira-init-error');
    await withFaultHeaders(page, '/api/v1/enaira-wallet/init', { 'x-sandbox-error-rate': '1' });
    await (await whenHydrated(page.getByRole('link', { name: 'eNaira', exact: true }))).click();
    await page.getByRole('heading', { name: 'Payment Failed', level: 1 }).waitFor();
    expect(await page.getByTestId('provider-frame').count()).toBe(0);
    expect(await storeResults(ref)).toEqual([]);
  });
});

describe('PalmPay', () => {
  it('Approve in the frame: 00 to the store once', async () => {
    const page = await b.newPage();
    const ref = await openWallets(page, 'palmpay-ok');
    const frame = await openWallet(page, 'PalmPay', '/payment/palmpay');
    await frame.getByRole('button', { name: 'Approve' }).click();
    await expectDeliveredOnce(page, ref, '00');
  });

  it('the 5-minute countdown from initialise, on the page clock: at zero the payment completes empty', async () => {
    const page = await b.newPage();
    await page.clock.install();
    await hideServerDate(page);
    const ref = await openWallets(page, 'palmpay-timeout');
    await openWallet(page, 'PalmPay', '/payment/palmpay');
    expect(await page.getByRole('timer').textContent()).toMatch(/05:00|04:5\d/);
    await page.clock.fastForward(2 * 60_000);
    expect(await page.getByRole('timer').textContent()).toMatch(/0[23]:[0-5]\d/);
    await page.clock.fastForward(3 * 60_000);
    await page.getByRole('heading', { name: 'Payment Failed', level: 1 }).waitFor();
    await sleep(300);
    expect(await storeResults(ref)).toEqual([]);
  });
});
