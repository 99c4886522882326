// The sandbox's on-screen "Simulate success" answers at once (issue 9 point 4): on every channel that shows it,
// the page says it is settling, asks the status right away (not at its next interval: 20 s for transfer and USSD)
// and shows the result within about 3 s, on the real clock (no fake clock is moved).
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import {
  checkoutBase,
  expectAccessible,
  expectDeliveredOnce,
  holdStoreReturn,
  openPay,
  payFields,
  trackRequests,
  transfer,
  txnRef,
  useBrowser,
  watchResultScreens,
  whenHydrated,
} from './helpers';

/** From the sandbox accepting the simulation to the result screen, at most (real clock), ms. */
const RESULT_WITHIN_MS = 3_000;

const b = useBrowser();

interface Case {
  channel: string;
  channels: string;
  statusPath: string;
  /** From the opened payment to its waiting screen (status polling running). */
  toWaiting(page: Page): Promise<void>;
}

const CASES: Case[] = [
  {
    channel: 'transfer',
    channels: 'TRANSFER',
    statusPath: '/api/v1/virtualaccount/status',
    // The control is on the waiting screen only: the payer says "I have transferred" first (polling starts then).
    async toWaiting(page) {
      await transfer.waitForAccount(page);
      expect(await page.getByRole('button', { name: 'Simulate success' }).count()).toBe(0);
      await transfer.transferred(page);
    },
  },
  {
    channel: 'QR',
    channels: 'QR',
    statusPath: '/api/v1/qr/status',
    async toWaiting(page) {
      await page.getByText('Confirming transaction status').waitFor();
    },
  },
  {
    channel: 'USSD',
    channels: 'USSD',
    statusPath: '/api/v1/ussd/status',
    async toWaiting(page) {
      const banks = await whenHydrated(page.getByRole('combobox', { name: 'Choose your bank' }));
      await banks.selectOption('058');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByTestId('ussd-code').waitFor();
    },
  },
  {
    channel: 'pay with app',
    channels: 'PAY_WITH_APP',
    statusPath: '/api/v1/transactions/ussd',
    async toWaiting(page) {
      await (await whenHydrated(page.getByRole('button', { name: 'Confirm payment' }))).click();
      await page.getByRole('heading', { name: 'Please hold on while we confirm your transaction' }).waitFor();
    },
  },
];

describe('Simulate success answers at once', () => {
  it.each(CASES)('$channel: settling at once, the result within 3 s, one status request in flight', async ({ channels, statusPath, toWaiting }) => {
    const page = await b.newPage();
    const seen = await watchResultScreens(page);
    const ref = txnRef(`sim-${channels.toLowerCase()}`);
    const isStatus = (r: Request) => new URL(r.url()).pathname === statusPath;
    const status = await trackRequests(page, statusPath);
    const firstStatus = page.waitForResponse((r) => isStatus(r.request()));
    expect(await openPay(page, payFields(ref, { channels }))).toBe(200);
    await toWaiting(page);
    expect((await (await firstStatus).json()).responseCode).toBe('09');

    // Hold the simulation, to see the page say that it is settling while the sandbox works.
    let letSimulate!: () => void;
    const simulateHeld = new Promise<void>((r) => (letSimulate = r));
    await page.route(`${checkoutBase()}/sandbox/simulate`, async (route) => {
      await simulateHeld;
      await route.continue();
    });
    const release = await holdStoreReturn(page);
    const simulated = page.waitForResponse((r) => r.url() === `${checkoutBase()}/sandbox/simulate`);
    await (await whenHydrated(page.getByRole('button', { name: 'Simulate success' }))).click();
    const settling = page.getByRole('status').filter({ hasText: 'Settling this payment…' });
    await settling.waitFor();
    expect(await settling.getAttribute('aria-live')).toBe('polite');
    await expectAccessible(page, `${channels}: settling`);

    letSimulate();
    expect((await simulated).status()).toBe(200);
    const acceptedAt = Date.now();
    // Read from inside the page: the result's form POST to the store (held) keeps Playwright's locators waiting.
    await expect.poll(() => seen.map((r) => r.title), { timeout: RESULT_WITHIN_MS, interval: 50 }).toEqual(['Payment Successful']);
    expect(Date.now() - acceptedAt).toBeLessThan(RESULT_WITHIN_MS);
    expect(status.maxInFlight).toBe(1);
    release();
    await expectDeliveredOnce(page, ref, '00');
  });
});
