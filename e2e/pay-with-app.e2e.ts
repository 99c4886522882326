// Pay with App end to end (spec core §2 "Pay with App", §4 "Pay with app", §9): the token and the code from the
// sandbox, the web's five-digit code and the phone's deep links, the status page's 5 s polling, its 5 minute
// wait taken once more, the code's 15 minutes, failures and faults; what reaches the store.
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import {
  RESULT_FIELDS,
  checkoutBase,
  expectAccessible,
  expectDeliveredOnce,
  hideServerDate,
  openPay,
  pauseClock,
  payFields,
  sandboxPayment,
  settle,
  simulate,
  sleep,
  storeBase,
  storeResults,
  trackRequests,
  txnRef,
  useBrowser,
  watchTimer,
  whenHydrated,
  expectOneWayBack,
} from './helpers';

const BASE_PATH = '/payment/pay-with-app';
const STATUS_PATH = '/api/v1/transactions/ussd';
const TOKEN_PATH = '/passport/oauth/token';
const MINUTE_MS = 60_000;
/** A phone-sized window (the spec's mobile breakpoint is 480 px). */
const PHONE = { viewport: { width: 390, height: 844 } };

const b = useBrowser();

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** A payment offering only Pay with App: it opens by itself, asks for a token and a code, and shows the device's page. */
async function open(page: Page, label: string): Promise<string> {
  const ref = txnRef(label);
  expect(await openPay(page, payFields(ref, { channels: 'PAY_WITH_APP' }))).toBe(200);
  return ref;
}

/** The code on the five-digit-code page, once shown and hydrated; checked against the sandbox's. */
async function codeShown(page: Page, ref: string): Promise<string> {
  await whenHydrated(page.getByRole('button', { name: 'Confirm payment' }));
  const code = (await page.getByTestId('pwa-code').textContent()) ?? '';
  expect(code).toMatch(/^\d{5}$/);
  const { payment } = await sandboxPayment(ref);
  expect(payment!.channels['pay-with-app']).toMatchObject({ reference: code });
  return code;
}

async function confirm(page: Page, name = 'Confirm payment'): Promise<void> {
  await page.getByRole('button', { name }).click();
  await page.getByRole('heading', { name: 'Please hold on while we confirm your transaction' }).waitFor();
  expect(pathOf(page)).toBe(`${BASE_PATH}/transaction-status`);
}

const timerText = (page: Page) => page.getByRole('timer').textContent();

/**
 * The status page on Playwright's clock, paused, with the status requests tracked. `routeStatus` may take the
 * status requests over (registered last, so it wins over the Date header hiding).
 */
async function statusOnPausedClock(page: Page, label: string, routeStatus?: (route: Route) => Promise<void>) {
  await page.clock.install();
  await hideServerDate(page);
  if (routeStatus) await page.route((url) => url.pathname === STATUS_PATH, routeStatus);
  const t = await trackRequests(page, STATUS_PATH);
  const ref = await open(page, label);
  await codeShown(page, ref);
  await pauseClock(page);
  await confirm(page);
  return { ref, t };
}

/** Moves the page's clock one second at a time, letting each status answer in before the next second. */
async function stepSeconds(page: Page, t: { elapsedMs: number; inFlight: number }, seconds: number): Promise<void> {
  for (let s = 0; s < seconds; s += 1) {
    t.elapsedMs += 1_000;
    await page.clock.runFor(1_000);
    await settle(page, t);
  }
}

describe('Pay with App on the web', () => {
  it('shows the five-digit code, its validity, the steps and the eligible banks; Confirm payment returns 00 to the store once', async () => {
    const page = await b.newPage();
    const sent: string[] = [];
    page.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      if (p.startsWith('/api/') || p.startsWith('/passport/')) sent.push(`${r.method()} ${p}`);
    });
    const token = page.waitForRequest((r) => r.url() === `${checkoutBase()}${TOKEN_PATH}`);
    const ref = await open(page, 'pwa-web');
    const tokenRequest = await token;
    expect(tokenRequest.postData()).toBe('grant_type=client_credentials&scope=profile');
    expect(tokenRequest.headers().authorization).toMatch(/^Basic [A-Za-z0-9+/=]+$/);

    const code = await codeShown(page, ref);
    expect(pathOf(page)).toBe(`${BASE_PATH}/five-digit-code/web`);
    expect(sent.slice(0, 2)).toEqual([`POST ${TOKEN_PATH}`, 'POST /api/v1/pwa/generate']);
    await page.getByRole('heading', { level: 1, name: 'Pay with App' }).waitFor();
    expect(await timerText(page)).toMatch(/^00h 1[45]m \d\ds$/);
    for (const step of [
      'Log in to your mobile banking app',
      'Choose Pay with App',
      'Input the code above',
      'Come back here and confirm your payment',
    ]) {
      await page.getByRole('listitem').filter({ hasText: step }).waitFor();
    }
    expect(await page.getByRole('button', { name: 'Go back' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Copy five-digit code' }).waitFor();
    await expectAccessible(page, 'the five-digit-code page');

    const opener = page.getByRole('button', { name: 'See eligible banks' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Eligible banks' });
    await dialog.waitFor();
    expect(await dialog.getByRole('listitem').allTextContents()).toContain('Oja Sandbox Bank');
    await expectAccessible(page, 'the eligible banks modal');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

    await confirm(page);
    expect(await timerText(page)).toBe('05:00');
    await simulate(ref, 'success');
    const result = await expectDeliveredOnce(page, ref, '00');
    expect(Object.keys(result.fields).sort()).toEqual([...RESULT_FIELDS].sort());
    expect(result.fields).toMatchObject({ txnref: ref, resp: '00', amount: '150000' });
    expect(code).toMatch(/^\d{5}$/);
    // The status requests carried the bearer token the token call issued; nothing was asked twice.
    expect(sent.filter((s) => s === `POST ${TOKEN_PATH}`)).toHaveLength(1);
    expect(sent.filter((s) => s === 'POST /api/v1/pwa/generate')).toHaveLength(1);
  });

  it('a payment declined in the bank app shows Payment Failed, posts nothing, and Retry gives a new code', async () => {
    const page = await b.newPage();
    const ref = await open(page, 'pwa-failed');
    const first = await codeShown(page, ref);
    await confirm(page);
    await simulate(ref, 'failed');
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    await sleep(2_500);
    expect(new URL(page.url()).origin).toBe(checkoutBase());
    expect(await storeResults(ref)).toEqual([]);

    await page.getByRole('button', { name: 'Retry payment' }).click();
    const second = await codeShown(page, ref);
    expect((await sandboxPayment(ref)).payment!.channels['pay-with-app']).toMatchObject({ reference: second, generation: 2 });
    expect(second).toMatch(/^\d{5}$/);
    expect(first).toMatch(/^\d{5}$/);
    expect(await storeResults(ref)).toEqual([]);
  });
});

describe('Pay with App on a phone', () => {
  it('opens on the deep links: a checked Launch app link, the bank app approves, Enter code manually, Go back, Confirm transaction', async () => {
    const context = await b.newContext(PHONE);
    const page = await context.newPage();
    const ref = await open(page, 'pwa-phone');
    const select = await whenHydrated(page.getByRole('combobox', { name: 'Select your bank' }));
    expect(pathOf(page)).toBe(`${BASE_PATH}/deeplink/mobile`);
    await page.getByText('Select your bank to launch its app.').waitFor();
    expect(await page.getByRole('button', { name: 'Launch app' }).isDisabled()).toBe(true);
    // Nothing launched yet: Confirm transaction is unavailable, reachable, and says why.
    const confirmButton = page.getByRole('button', { name: 'Confirm transaction' });
    expect(await confirmButton.getAttribute('aria-disabled')).toBe('true');
    expect(await confirmButton.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent)).toBe(
      'Launch your bank app, or enter the code manually, and approve the payment first.',
    );
    await confirmButton.focus();
    await page.keyboard.press('Enter');
    expect(pathOf(page)).toBe(`${BASE_PATH}/deeplink/mobile`);
    await expectAccessible(page, 'the deep-link page');

    await select.selectOption({ label: 'Lagos Demo Bank' });
    const launch = page.getByRole('link', { name: 'Launch app' });
    const href = (await launch.getAttribute('href'))!;
    const { payment } = await sandboxPayment(ref);
    const code = String(payment!.channels['pay-with-app'].reference);
    const link = new URL(href);
    expect(link.origin).toBe(checkoutBase());
    expect(link.pathname).toBe('/sandbox/pay-with-app/LAGOS_DEMO_BANK');
    expect(link.searchParams.get('ref')).toBe(code);
    expect(await launch.getAttribute('target')).toBe('_blank');
    expect(await launch.getAttribute('rel')).toBe('noopener noreferrer');

    await page.getByRole('button', { name: 'Enter code manually' }).click();
    await page.getByTestId('pwa-code').waitFor();
    expect(pathOf(page)).toBe(`${BASE_PATH}/five-digit-code/mobile`);
    expect(await page.getByTestId('pwa-code').textContent()).toBe(code);
    // Go back, the code page's one way back on a phone, is at its top.
    await (await expectOneWayBack(page, 'Go back')).click();
    await page.getByRole('combobox', { name: 'Select your bank' }).waitFor();
    expect(pathOf(page)).toBe(`${BASE_PATH}/deeplink/mobile`);

    // The bank's app (the sandbox's page) opens in a new tab; the payer approves there and comes back.
    await page.getByRole('combobox', { name: 'Select your bank' }).selectOption({ label: 'Lagos Demo Bank' });
    const [app] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Launch app' }).click()]);
    await app.getByRole('heading', { name: 'Lagos Demo Bank (sandbox app)' }).waitFor();
    await app.getByRole('button', { name: 'Approve' }).click();
    await app.getByText('Payment approved.').waitFor();
    await app.close();

    // Approved already: the first status request completes the payment, straight on to the store.
    await page.getByRole('button', { name: 'Confirm transaction' }).click();
    await expectDeliveredOnce(page, ref, '00');
    expect((await sandboxPayment(ref)).payment!.channels['pay-with-app']).toMatchObject({ generation: 1 });
  });

  it('by keyboard alone: choose a bank, launch its app, and Confirm transaction, live from then, completes', async () => {
    const context = await b.newContext(PHONE);
    const page = await context.newPage();
    const ref = await open(page, 'pwa-keyboard');
    const select = await whenHydrated(page.getByRole('combobox', { name: 'Select your bank' }));
    await select.selectOption({ label: 'Lagos Demo Bank' });
    const launch = page.getByRole('link', { name: 'Launch app' });
    await launch.focus();
    const [app] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
    await app.getByRole('button', { name: 'Approve' }).click();
    await app.getByText('Payment approved.').waitFor();
    await app.close();
    const confirmButton = page.getByRole('button', { name: 'Confirm transaction' });
    expect(await confirmButton.getAttribute('aria-disabled')).toBeNull();
    expect(await page.getByText('Launch your bank app, or enter the code manually, and approve the payment first.').count()).toBe(0);
    await page.keyboard.press('Tab');
    expect(await confirmButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expectDeliveredOnce(page, ref, '00');
  });

  it('Change payment method leaves for the method list, and coming back starts afresh with a new code', async () => {
    const page = await b.newPage(PHONE);
    const ref = await open(page, 'pwa-goback');
    await (await whenHydrated(page.getByRole('link', { name: 'Change payment method' }))).click();
    await page.getByRole('heading', { name: 'Choose a payment method' }).waitFor();
    expect(pathOf(page)).toBe('/payment-methods');
    await page.getByRole('link', { name: /Pay with App/ }).click();
    await page.getByRole('combobox', { name: 'Select your bank' }).waitFor();
    expect((await sandboxPayment(ref)).payment!.channels['pay-with-app']).toMatchObject({ generation: 2 });
    expect(await storeResults(ref)).toEqual([]);
  });
});

describe('Pay with App timers', () => {
  it('says the code is no longer valid after 15 minutes, with Go back to the method list', async () => {
    const page = await b.newPage();
    await page.clock.install();
    await hideServerDate(page);
    const ref = await open(page, 'pwa-code-expiry');
    await codeShown(page, ref);
    await pauseClock(page);
    // The code has been on screen for a moment: what is left, as shown (whole seconds, rounded up).
    const shown = /^00h (\d\d)m (\d\d)s$/.exec((await timerText(page)) ?? '');
    const left = (Number(shown![1]) * 60 + Number(shown![2])) * 1_000;
    expect(left).toBeGreaterThan(14 * MINUTE_MS);
    expect(left).toBeLessThanOrEqual(15 * MINUTE_MS);
    await page.clock.fastForward(left - 1_000);
    expect(await timerText(page)).toBe('00h 00m 01s');
    await page.clock.fastForward(1_000);
    await page.getByRole('heading', { name: 'The code is not longer valid' }).waitFor();
    expect(await page.getByTestId('pwa-code').count()).toBe(0);
    // axe waits on timers: the clock runs again for it.
    await page.clock.resume();
    await expectAccessible(page, 'the code expired view');
    await page.getByRole('link', { name: 'Go back' }).click();
    await page.getByRole('heading', { name: 'Choose a payment method' }).waitFor();
    expect(await storeResults(ref)).toEqual([]);
  });

  it('says the link is no longer valid on the deep-link page once the code expires', async () => {
    const page = await b.newPage(PHONE);
    await page.clock.install();
    await hideServerDate(page);
    await open(page, 'pwa-link-expiry');
    await whenHydrated(page.getByRole('combobox', { name: 'Select your bank' }));
    await page.clock.fastForward(15 * MINUTE_MS);
    await page.getByRole('heading', { name: 'The link is not longer valid. TimeOut' }).waitFor();
    await page.getByRole('link', { name: 'Go back' }).waitFor();
  });

  it('asks for the status every 5 s, never two requests at once', async () => {
    const page = await b.newPage();
    const { ref, t } = await statusOnPausedClock(page, 'pwa-poll');
    expect(await timerText(page)).toBe('05:00');
    // The first request goes as the clock moves on.
    expect(t.sent).toEqual([]);
    await stepSeconds(page, t, 30);
    expect(t.sent).toHaveLength(6);
    expect(t.sent[0]).toBeLessThanOrEqual(2_000);
    const gaps = t.sent.slice(1).map((at, i) => at - t.sent[i]);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(5_000);
      expect(gap).toBeLessThanOrEqual(6_000);
    }
    expect(t.maxInFlight).toBe(1);
    expect(await timerText(page)).toBe('04:30');
    const calls = (await sandboxPayment(ref)).payment!.calls.filter((c) => c.path === STATUS_PATH);
    expect(calls).toHaveLength(6);
    for (let i = 1; i < calls.length; i += 1) expect(calls[i].at).toBeGreaterThanOrEqual(calls[i - 1].endedAt!);
  });

  it('offers "Wait additional 5 Minutes" once at the end of the 5 minutes, then completes as expired (XS1) once', async () => {
    const page = await b.newPage();
    const { ref } = await statusOnPausedClock(page, 'pwa-wait');
    const prompt = page.getByText("We couldn't confirm your transaction within the given period. What would you like to do?");
    const waitMore = page.getByRole('button', { name: 'Wait additional 5 Minutes' });
    await page.clock.fastForward(5 * MINUTE_MS - 1_000);
    expect(await timerText(page)).toBe('00:01');
    expect(await prompt.count()).toBe(0);
    await page.clock.fastForward(1_000);
    await prompt.waitFor();
    // axe waits on timers: the clock runs for it, then stops again.
    await page.clock.resume();
    await expectAccessible(page, 'the status page timed out');
    await pauseClock(page);
    // From the click on, every render shows the new 5 minutes, never the old 00:00 without the prompt.
    const watch = await watchTimer(page);
    await waitMore.click();
    await prompt.waitFor({ state: 'detached' });
    expect(await timerText(page)).toBe('05:00');
    expect((await watch.views()).map((v) => v.timer)).not.toContain('00:00');
    await page.clock.fastForward(5 * MINUTE_MS - 1_000);
    await sleep(300);
    expect(await page.getByRole('heading', { name: 'Transaction Expired' }).count()).toBe(0);
    expect(await waitMore.count()).toBe(0);
    await page.clock.fastForward(1_000);
    await page.getByRole('heading', { name: 'Transaction Expired' }).waitFor();
    expect(await storeResults(ref)).toEqual([]);
    await Promise.all([page.waitForURL(`${storeBase()}/return`), page.clock.runFor(2_500)]);
    await expect.poll(() => page.locator('h1').getAttribute('data-resp')).toBe('XS1');
    await sleep(500);
    const results = await storeResults(ref);
    expect(results.map((r) => r.fields.resp)).toEqual(['XS1']);
  });
});

describe('Pay with App under faults', () => {
  it('completes once through failed and dropped status requests, one at a time, backing off on errors', async () => {
    const page = await b.newPage();
    // Status requests 2 and 3 answer 500, request 5 is dropped; the others go through. Each goes out with its
    // fault headers (core/src/sandbox), and comes back without its Date header, as hideServerDate does.
    const faults: Record<number, Record<string, string>> = {
      2: { 'x-sandbox-error-rate': '1' },
      3: { 'x-sandbox-error-rate': '1' },
      5: { 'x-sandbox-drop-rate': '1' },
    };
    let n = 0;
    const { ref, t } = await statusOnPausedClock(page, 'pwa-faults', async (route) => {
      n += 1;
      try {
        const response = await route.fetch({ headers: { ...route.request().headers(), ...(faults[n] ?? {}) } });
        const headers = { ...response.headers() };
        delete headers.date;
        await route.fulfill({ response, headers });
      } catch {
        await route.abort('connectionreset');
      }
    });
    // Long enough for 1 + 2 errors + 1 + 1 drop + 1 answers: about 5 + 5..7.5 + 10..15 + 5 + 5..7.5 s, with room.
    await stepSeconds(page, t, 55);
    expect(t.sent.length).toBeGreaterThanOrEqual(6);
    const gaps = t.sent.slice(1).map((at, i) => at - t.sent[i]);
    // After a good answer 5 s; after the first error 5 to 7.5 s; after the second in a row 10 to 15 s.
    expect(gaps[0]).toBeGreaterThanOrEqual(5_000);
    expect(gaps[0]).toBeLessThanOrEqual(6_000);
    expect(gaps[1]).toBeGreaterThanOrEqual(5_000);
    expect(gaps[1]).toBeLessThanOrEqual(8_000);
    expect(gaps[2]).toBeGreaterThanOrEqual(10_000);
    expect(gaps[2]).toBeLessThanOrEqual(16_000);
    expect(gaps[2]).toBeGreaterThan(gaps[1]);
    expect(gaps[3]).toBeLessThanOrEqual(6_000);
    expect(t.maxInFlight).toBe(1);

    await simulate(ref, 'success');
    let delivered = false;
    const landed = page.waitForURL(`${storeBase()}/return`).then(() => (delivered = true));
    for (let s = 0; s < 20 && !delivered; s += 1) {
      t.elapsedMs += 1_000;
      await page.clock.runFor(1_000).catch(() => undefined);
      await sleep(50);
    }
    await landed;
    await expectDeliveredOnce(page, ref, '00');
    expect(t.maxInFlight).toBe(1);
  });
});
