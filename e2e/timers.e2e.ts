// The transfer's timing on Playwright's clock (spec core §4 "Transfer", §9): a 20 s status interval with one
// request in flight, the 10 minute wait, three 5 minute extensions, and the expiry at validity + 5 minutes.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  hideServerDate,
  openPay,
  pauseClock,
  payFields,
  sandboxPayment,
  settle,
  sleep,
  storeBase,
  storeResults,
  trackRequests,
  transfer,
  txnRef,
  useBrowser,
  watchTimer,
} from './helpers';

const STATUS_PATH = '/api/v1/virtualaccount/status';
const MINUTE_MS = 60_000;

const b = useBrowser();

/** A transfer payment on the waiting screen with the page's clock paused just before "I have transferred". */
async function waitingOnPausedClock(page: Page, ref: string) {
  await page.clock.install();
  await hideServerDate(page);
  const t = await trackRequests(page, STATUS_PATH);
  await openPay(page, payFields(ref, { channels: 'TRANSFER' }));
  await transfer.waitForAccount(page);
  await pauseClock(page);
  await page.getByRole('button', { name: 'I have transferred' }).click();
  await page.getByRole('heading', { name: 'Confirming your transfer' }).waitFor();
  return t;
}

const timerText = (page: Page) => page.getByRole('timer').textContent();

describe('Transfer timers', () => {
  it('asks for the status every 20 s, never two requests at once', async () => {
    const page = await b.newPage();
    const ref = txnRef('poll');
    const t = await waitingOnPausedClock(page, ref);
    expect(await timerText(page)).toBe('10:00');
    expect(t.sent).toEqual([]);

    // A fast-forwarded minute, one second at a time, each answer in before the clock moves on.
    for (let s = 1; s <= 60; s += 1) {
      t.elapsedMs = s * 1_000;
      await page.clock.runFor(1_000);
      await settle(page, t);
    }
    expect(t.sent).toHaveLength(3);
    const gaps = t.sent.slice(1).map((at, i) => at - t.sent[i]);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(20_000);
      expect(gap).toBeLessThanOrEqual(22_000);
    }
    expect(t.maxInFlight).toBe(1);
    expect(await timerText(page)).toBe('09:00');

    // The sandbox saw the same: each status request started after the previous one ended.
    const calls = (await sandboxPayment(ref)).payment!.calls.filter((c) => c.path === STATUS_PATH);
    expect(calls).toHaveLength(3);
    for (let i = 1; i < calls.length; i += 1) expect(calls[i].at).toBeGreaterThanOrEqual(calls[i - 1].endedAt!);
  });

  it('waits 10 minutes, offers 5 more minutes three times, and completes as expired at validity + 5 minutes', async () => {
    const page = await b.newPage();
    const ref = txnRef('wait');
    await waitingOnPausedClock(page, ref);
    expect(await timerText(page)).toBe('10:00');
    const notYet = page.getByText('We have not received your transfer yet.');
    const extend = page.getByRole('button', { name: 'Wait 5 more minutes' });
    const stillChecking = page.getByText('We are still checking. If your transfer arrives, this page will update by itself.');

    await page.clock.fastForward(10 * MINUTE_MS - 1_000);
    expect(await timerText(page)).toBe('00:01');
    expect(await notYet.count()).toBe(0);
    await page.clock.fastForward(1_000);
    await notYet.waitFor();
    await extend.waitFor();
    await page.getByText('3 extensions left').waitFor();
    expect(await timerText(page)).toBe('00:00');

    // 10 minutes so far; three extensions of 5. From the click on, every render shows the new 5 minutes (never
    // the old 00:00 with the next prompt, for a frame a slower machine lets the test see).
    const watch = await watchTimer(page);
    for (let used = 1; used <= 3; used += 1) {
      await watch.views();
      await extend.click();
      await notYet.waitFor({ state: 'detached' });
      expect(await timerText(page)).toBe('05:00');
      expect((await watch.views()).map((v) => v.timer)).not.toContain('00:00');
      await page.clock.fastForward(5 * MINUTE_MS);
      if (used < 3) {
        await notYet.waitFor();
        await page.getByText(3 - used === 1 ? '1 extension left' : `${3 - used} extensions left`).waitFor();
      }
    }
    await stillChecking.waitFor();
    expect(await extend.count()).toBe(0);
    expect(await notYet.count()).toBe(0);

    // 25 minutes since "I have transferred": the account (30 minutes) plus its 5 minute grace is not over yet.
    await page.clock.fastForward(9 * MINUTE_MS);
    await sleep(300);
    expect(await page.getByRole('heading', { name: 'Transaction Expired' }).count()).toBe(0);
    await stillChecking.waitFor();

    await page.clock.fastForward(MINUTE_MS + 1_000);
    // The result is shown, and reaches the store 2 s later.
    await page.clock.runFor(1_000);
    await page.getByRole('heading', { name: 'Transaction Expired' }).waitFor();
    expect(await storeResults(ref)).toEqual([]);
    await Promise.all([page.waitForURL(`${storeBase()}/return`), page.clock.runFor(1_500)]);
    await expect.poll(() => page.locator('h1').getAttribute('data-resp')).toBe('XS1');
    await sleep(500);
    const results = await storeResults(ref);
    expect(results).toHaveLength(1);
    expect(results[0].fields).toMatchObject({ txnref: ref, resp: 'XS1' });
  });
});
