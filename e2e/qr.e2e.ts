// QR, end to end in REDIRECT mode: the code, the 2 s status polling, the sandbox's outcomes and what reaches the
// store; the cadence and the fault test on Playwright's clock.
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import {
  MERCHANT_NAME,
  RESULT_FIELDS,
  checkoutBase,
  expectAccessible,
  expectDeliveredOnce,
  hideServerDate,
  holdStoreReturn,
  openPay,
  pauseClock,
  payFields,
  postPayFromStore,
  sandboxPayment,
  settle,
  simulate,
  sleep,
  storeBase,
  storeResults,
  trackRequests,
  txnRef,
  useBrowser,
  watchResultScreens,
  whenHydrated,
  withFaultHeaders,
} from './helpers';

const STATUS_PATH = '/api/v1/qr/status';
const GENERATE_PATH = '/api/v1/qr/generate';
/** Status requests while the code is shown, ms (spec core §4 "QR", §9). */
const STATUS_POLL_MS = 2_000;
/** The result screen waits this long before returning an expired or cancelled result, ms (spec core §4). */
const EXPIRED_CANCELLED_WAIT_MS = 2_000;
/** The sandbox code's validity (channels/qr/src/sandbox.ts SANDBOX_QR_VALIDITY_MINS). */
const VALIDITY_MS = 10 * 60_000;
const CODE_LABEL = `QR code to pay NGN 1,500.00 to ${MERCHANT_NAME}`;

const b = useBrowser();

const isStatus = (r: Request) => r.url().startsWith(`${checkoutBase()}${STATUS_PATH}`);
/** Real time for the page to act on an answer (parse it, schedule the next request) before its clock moves, ms. */
const PAGE_TURN_MS = 60;

/** No status request in flight, and the page has handled the last answer. */
async function settled(page: Page, t: { inFlight: number }): Promise<void> {
  await settle(page, t);
  await sleep(PAGE_TURN_MS);
}

/** The code once drawn (the page generates it after hydration): its path's drawing. */
async function waitForCode(page: Page): Promise<string> {
  const svg = page.getByRole('img', { name: CODE_LABEL });
  await svg.waitFor();
  expect(await svg.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
  const d = (await svg.locator('path').getAttribute('d')) ?? '';
  expect(d).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
  return d;
}

/** A QR payment opened by GET /pay; the code on screen. */
async function openQr(page: Page, label: string, extra: Record<string, string> = {}): Promise<{ ref: string; code: string }> {
  const ref = txnRef(label);
  expect(await openPay(page, payFields(ref, { channels: 'QR', ...extra }))).toBe(200);
  return { ref, code: await waitForCode(page) };
}

describe('QR in REDIRECT mode', () => {
  it('opens by itself, shows the code, and a simulated success (on-screen control) returns 00 to the store once', async () => {
    const page = await b.newPage();
    const seen = await watchResultScreens(page);
    const ref = txnRef('qr-control');
    await postPayFromStore(page, payFields(ref, { channels: 'QR' }));
    await expect.poll(() => new URL(page.url()).pathname).toBe('/payment/qr');
    await waitForCode(page);
    // The code and the instruction to scan it lead; the status check is a quiet line under the code, announced politely.
    const heading = page.getByRole('heading', { name: 'Scan with your bank app', level: 1 });
    await heading.waitFor();
    const status = page.getByRole('status').filter({ hasText: 'Confirming transaction status' });
    expect(await status.getAttribute('aria-live')).toBe('polite');
    const top = async (l: typeof heading) => (await l.boundingBox())!.y;
    const code = page.getByRole('img', { name: /^QR code to pay/ });
    expect(await top(heading)).toBeLessThan(await top(code));
    expect(await top(code)).toBeLessThan(await top(status));
    expect(await page.getByRole('heading', { name: 'Confirming transaction status' }).count()).toBe(0);
    await page.getByRole('timer').waitFor();
    const facts = await page.locator('main dl').innerText();
    expect(facts).toContain('NGN 1,500.00');
    expect(facts).toContain(MERCHANT_NAME);
    await page.getByRole('link', { name: 'Change payment method' }).waitFor();
    // The sandbox remembers the code it gave, with its time.
    const qr = (await sandboxPayment(ref)).payment!.channels.qr;
    expect(qr).toMatchObject({ generation: 1 });
    expect(String(qr.rawQRData)).toContain('1500.00');

    const release = await holdStoreReturn(page);
    const simulated = page.waitForResponse((r) => r.url() === `${checkoutBase()}/sandbox/simulate`);
    await (await whenHydrated(page.getByRole('button', { name: 'Simulate success' }))).click();
    expect((await simulated).status()).toBe(200);
    // The next status request, at most 2 s later, finds it.
    await expect.poll(() => seen.map((r) => r.title), { timeout: 3 * STATUS_POLL_MS }).toEqual(['Payment Successful']);
    expect(seen[0].text).toContain(`You're being redirected to ${MERCHANT_NAME}, please do not close this page.`);
    expect(seen[0].cancelButton).toBe(false);
    release();

    const result = await expectDeliveredOnce(page, ref, '00');
    expect(Object.keys(result.fields).sort()).toEqual([...RESULT_FIELDS].sort());
    expect(result.fields).toMatchObject({
      txnref: ref,
      resp: '00',
      amount: '150000',
      apprAmt: '150000',
      cardNum: '',
      mac: '',
      desc: 'Approved by Financial Institution',
    });
    expect(result.fields.payRef).not.toBe('');
    expect(result.fields.retRef).not.toBe('');
  });

  it('settles by POST /sandbox/simulate and returns 00 to the store once', async () => {
    const page = await b.newPage();
    const { ref } = await openQr(page, 'qr-api');
    await simulate(ref, 'success');
    const result = await expectDeliveredOnce(page, ref, '00');
    expect(result.fields).toMatchObject({ txnref: ref, resp: '00', amount: '150000', apprAmt: '150000' });
  });

  it('a failed payment shows the failure view, posts nothing, and Retry payment gives a new code', async () => {
    const page = await b.newPage();
    const { ref, code: first } = await openQr(page, 'qr-failed');
    await simulate(ref, 'failed');
    await page.getByRole('heading', { name: 'Payment Failed', level: 1 }).waitFor();
    await page.getByText('Your bank or provider declined the payment. Try again, or choose another payment method', { exact: true }).waitFor();
    // Longer than an expired or cancelled result waits: a failure never goes to the merchant.
    await sleep(EXPIRED_CANCELLED_WAIT_MS + 1_000);
    expect(new URL(page.url()).origin).toBe(checkoutBase());
    expect(await storeResults(ref)).toEqual([]);

    await page.getByRole('button', { name: 'Retry payment' }).click();
    const second = await waitForCode(page);
    expect(second).not.toBe(first);
    expect((await sandboxPayment(ref)).payment!.channels.qr).toMatchObject({ generation: 2 });
    // The new code is pending again: no result, nothing to the store.
    await sleep(STATUS_POLL_MS + 500);
    await page.getByText('Confirming transaction status').waitFor();
    expect(await storeResults(ref)).toEqual([]);
  });

  it('an expired code shows Transaction Expired and returns XS1 to the store once, 2 s later', async () => {
    const page = await b.newPage();
    const { ref } = await openQr(page, 'qr-expired');
    await simulate(ref, 'expired');
    await page.getByRole('heading', { name: 'Transaction Expired' }).waitFor();
    const shownAt = Date.now();
    expect(await page.getByRole('button', { name: 'Retry payment' }).count()).toBe(0);
    expect(await storeResults(ref)).toEqual([]);

    const result = await expectDeliveredOnce(page, ref, 'XS1');
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(EXPIRED_CANCELLED_WAIT_MS - 500);
    expect(Object.keys(result.fields).sort()).toEqual([...RESULT_FIELDS].sort());
    expect(result.fields).toMatchObject({ txnref: ref, resp: 'XS1', amount: '0', apprAmt: '0' });
  });

  it('says so when the code cannot be generated, and Try again shows it', async () => {
    const page = await b.newPage();
    await withFaultHeaders(page, GENERATE_PATH, { 'x-sandbox-error-rate': '1' });
    const ref = txnRef('qr-generate-500');
    await openPay(page, payFields(ref, { channels: 'QR' }));
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('We could not generate a QR code for this payment. Something went wrong! Please try again!');
    await page.getByRole('heading', { name: 'Pay with QR', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Change payment method' }).waitFor();
    expect((await sandboxPayment(ref)).payment!.calls.filter((c) => c.path === STATUS_PATH)).toEqual([]);

    await page.getByRole('button', { name: 'Try again' }).click();
    await waitForCode(page);
    const calls = (await sandboxPayment(ref)).payment!.calls.filter((c) => c.path === GENERATE_PATH);
    expect(calls).toHaveLength(2);
  });
});

describe('QR on the clock', () => {
  it('asks for the status every 2 s, never two requests at once, and counts the validity down', async () => {
    const page = await b.newPage();
    await page.clock.install();
    await hideServerDate(page);
    const t = await trackRequests(page, STATUS_PATH);
    const { ref } = await openQr(page, 'qr-cadence');
    await pauseClock(page);
    await settled(page, t);
    const before = t.sent.length;

    // Twenty fast-forwarded seconds, one at a time, each answer in before the clock moves on.
    for (let s = 1; s <= 20; s += 1) {
      t.elapsedMs = s * 1_000;
      await page.clock.runFor(1_000);
      await settled(page, t);
    }
    const sent = t.sent.slice(before);
    expect(sent.length, `requests at ${sent.join(', ')} ms`).toBeGreaterThanOrEqual(9);
    expect(sent.length).toBeLessThanOrEqual(10);
    for (let i = 1; i < sent.length; i += 1) {
      expect(sent[i] - sent[i - 1]).toBeGreaterThanOrEqual(STATUS_POLL_MS);
      expect(sent[i] - sent[i - 1]).toBeLessThanOrEqual(STATUS_POLL_MS + 1_000);
    }
    expect(t.maxInFlight).toBe(1);
    expect(await page.getByRole('timer').textContent()).toMatch(/^09:[34]\d$/);

    // The sandbox saw the same: each status request started after the previous one ended.
    const calls = (await sandboxPayment(ref)).payment!.calls.filter((c) => c.path === STATUS_PATH);
    expect(calls.length).toBeGreaterThanOrEqual(10);
    for (let i = 1; i < calls.length; i += 1) expect(calls[i].at).toBeGreaterThanOrEqual(calls[i - 1].endedAt!);

    // The validity runs out on the page: it says so, and keeps asking (the status has the last word).
    await page.clock.fastForward(VALIDITY_MS);
    await page.getByText('This QR code is no longer valid. If you have paid, this page will update by itself.').waitFor();
    expect(await page.getByRole('timer').textContent()).toBe('00:00');
    await settled(page, t);
    const asked = t.sent.length;
    await page.clock.runFor(STATUS_POLL_MS);
    await settled(page, t);
    expect(t.sent.length).toBe(asked + 1);

    // XS1 ends it: shown at once, returned to the store 2 s later.
    await simulate(ref, 'expired');
    await page.clock.runFor(STATUS_POLL_MS);
    await page.getByRole('heading', { name: 'Transaction Expired' }).waitFor();
    expect(await storeResults(ref)).toEqual([]);
    await Promise.all([page.waitForURL(`${storeBase()}/return`), page.clock.runFor(EXPIRED_CANCELLED_WAIT_MS + 500)]);
    await expectDeliveredOnce(page, ref, 'XS1');
  });

  it('completes once through failing and dropped status requests, one at a time, backing off on errors', async () => {
    const page = await b.newPage();
    await page.clock.install();
    // Two HTTP 500s and a dropped connection first, so the backoff shows; then a third of the requests fail at random.
    const planned: Array<Record<string, string>> = [{ 'x-sandbox-error-rate': '1' }, { 'x-sandbox-error-rate': '1' }, { 'x-sandbox-drop-rate': '1' }];
    const random = { 'x-sandbox-error-rate': '0.2', 'x-sandbox-drop-rate': '0.15' };
    await page.route(
      (url) => url.pathname === STATUS_PATH,
      async (route) => {
        const extra = planned.shift() ?? random;
        await route.continue({ headers: { ...route.request().headers(), ...extra } });
      },
    );
    const t = await trackRequests(page, STATUS_PATH);
    /** What each status request got, in the order sent: 'ok' (answered 200) or 'failed'. */
    const outcomes: string[] = [];
    const order = new Map<Request, number>();
    page.on('request', (r) => {
      if (isStatus(r)) order.set(r, order.size);
    });
    page.on('requestfinished', async (r) => {
      if (isStatus(r)) outcomes[order.get(r)!] = (await r.response())?.status() === 200 ? 'ok' : 'failed';
    });
    page.on('requestfailed', (r) => {
      if (isStatus(r)) outcomes[order.get(r)!] = 'failed';
    });
    const seen = await watchResultScreens(page);
    const { ref } = await openQr(page, 'qr-faults');
    await pauseClock(page);

    const step = async () => {
      t.elapsedMs += 1_000;
      await page.clock.runFor(1_000);
      await settled(page, t);
    };
    t.elapsedMs = 1_000;
    await settled(page, t);
    // Up to 5 minutes of the page's clock: a run of random failures backs off up to 8 intervals (plus jitter) each.
    for (let s = 0; s < 300 && t.sent.length < 10; s += 1) await step();
    expect(t.sent.length).toBeGreaterThanOrEqual(10);

    const release = await holdStoreReturn(page);
    await simulate(ref, 'success');
    for (let s = 0; s < 120 && seen.length === 0; s += 1) await step();
    expect(seen.map((r) => r.title)).toEqual(['Payment Successful']);
    // The page's own time again, for the return to the store.
    await page.clock.resume();
    release();
    await expectDeliveredOnce(page, ref, '00');

    expect(t.maxInFlight).toBe(1);
    expect(outcomes.slice(0, 3)).toEqual(['failed', 'failed', 'failed']);
    const gaps = t.sent.slice(1).map((at, i) => at - t.sent[i]);
    // Backoff: 2 to 3 s after the first failure, 4 to 6 s after the second, 8 to 12 s after the third (plus a step).
    const report = `requests at ${t.sent.join(', ')} ms: ${outcomes.join(', ')}`;
    expect(gaps[0], report).toBeGreaterThanOrEqual(2_000);
    expect(gaps[0]).toBeLessThanOrEqual(4_000);
    expect(gaps[1]).toBeGreaterThanOrEqual(4_000);
    expect(gaps[1]).toBeLessThanOrEqual(7_000);
    expect(gaps[2]).toBeGreaterThanOrEqual(8_000);
    expect(gaps[2]).toBeLessThanOrEqual(13_000);
    // After an answer, back to every 2 s; after a failure, never sooner.
    gaps.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(STATUS_POLL_MS);
      if (outcomes[i] === 'ok') expect(gap, `gap after answered request ${i}`).toBeLessThanOrEqual(STATUS_POLL_MS + 1_000);
    });

    const calls = (await sandboxPayment(ref)).payment!.calls.filter((c) => c.path === STATUS_PATH);
    for (let i = 1; i < calls.length; i += 1) expect(calls[i].at).toBeGreaterThanOrEqual(calls[i - 1].endedAt!);
  });
});

describe('QR accessibility and cancel wording', () => {
  it('axe finds no serious or critical violation on the QR screen and its cancel dialog, which warns with Close', async () => {
    const page = await b.newPage();
    const { ref } = await openQr(page, 'qr-a11y');
    await expectAccessible(page, 'QR screen');

    await (await whenHydrated(page.getByTestId('cancel-payment'))).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Payment?' });
    await dialog.getByText('If you have scanned the code and paid, please do not cancel or click the back button').waitFor();
    await expectAccessible(page, 'QR cancel dialog');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
    await waitForCode(page);
    expect((await sandboxPayment(ref)).payment!.cancellation).toBeNull();
  });

  it('in French, and while the code is generated', async () => {
    const page = await b.newPage();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route(
      (url) => url.pathname === GENERATE_PATH,
      async (route) => {
        await gate;
        await route.continue();
      },
    );
    const ref = txnRef('qr-a11y-fr');
    await openPay(page, payFields(ref, { channels: 'QR', lang: 'fr' }));
    await page.getByRole('heading', { name: 'Génération de votre QR code…' }).waitFor();
    await expectAccessible(page, 'QR generating, French');
    release();
    await page.getByRole('img', { name: `QR code pour payer NGN 1\u202f500,00 à ${MERCHANT_NAME}` }).waitFor();
    await page.getByRole('heading', { name: 'Scannez avec votre application bancaire' }).waitFor();
    await page.getByText('Confirmation du statut de la transaction').waitFor();
    await expectAccessible(page, 'QR screen, French');
  });
});
