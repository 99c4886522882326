// The merchant SDK as a merchant uses it: the script the checkout serves, and the demo store's POPUP and REDIRECT
// payments through it, its validation, its refusal of forged messages, and an unreachable checkout.
import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { DEFAULT_BUDGETS, KiB } from '../scripts/bench/bytes.mjs';
import { SUCCESS_SHOWN_MS } from '@oja/sdk';
import {
  cancelToStore,
  checkoutBase,
  expectDeliveredOnce,
  sandboxPayment,
  simulate,
  sleep,
  startFromStore,
  storeBase,
  storeResults,
  transfer,
  useBrowser,
} from './helpers';
import {
  callbackNames,
  cancelIn,
  expectCancelledOnLeave,
  expectCompletedOnce,
  expectOnlyCheckoutMessages,
  forgedCompleted,
  logged,
  openStore,
  overlay,
  payInline,
  payInPopup,
  receivedMessages,
  thirdBase,
  waitForCallback,
} from './store-sdk';

const b = useBrowser();
/** The SDK's budget, gzip (the bench's, scripts/bench/bytes.mjs). */
const SDK_BUDGET_BYTES = DEFAULT_BUDGETS.sdkGzipKiB * KiB;

describe('/inline-checkout.js', () => {
  it('is served small, for any site, revalidated by ETag, and knows its checkout is the TEST one', async () => {
    const res = await fetch(`${checkoutBase()}/inline-checkout.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const text = await res.text();
    expect(gzipSync(text, { level: 9 }).length).toBeLessThanOrEqual(SDK_BUDGET_BYTES);
    expect(text).not.toContain('__OJA_SERVED_MODE__');
    expect(text).toContain('"TEST"');
    const again = await fetch(`${checkoutBase()}/inline-checkout.js`, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });
});

describe('POPUP from the store', () => {
  it('pays in a centred window: onLoad, onComplete once with the result; the SDK closes the window after the receipt', async () => {
    const page = await b.newPage();
    const { ref, popup } = await payInPopup(page);
    expect(new URL(popup.url()).origin).toBe(checkoutBase());
    await simulate(ref, 'success');
    await popup.getByRole('button', { name: 'I have transferred' }).click();
    await waitForCallback(page, 'onComplete');
    // The merchant knows at once; the payer reads the receipt, then the window goes (SUCCESS_SHOWN_MS).
    await popup.getByTestId('receipt').waitFor();
    expect(popup.isClosed()).toBe(false);
    await expect.poll(() => popup.isClosed(), { timeout: SUCCESS_SHOWN_MS + 5_000 }).toBe(true);
    await sleep(1_000);
    expect(await callbackNames(page)).toEqual(['onLoad', 'onComplete']);
    expect(await expectCompletedOnce(page, ref, '00')).toMatchObject({ amount: '150000' });
    await expectOnlyCheckoutMessages(page);
    expect(await storeResults(ref)).toEqual([]);
  });

  it('a payment cancelled in the popup ends with onComplete, resp Z6', async () => {
    const page = await b.newPage();
    const { ref, popup } = await payInPopup(page);
    await cancelIn(popup);
    await waitForCallback(page, 'onComplete');
    await expect.poll(() => popup.isClosed()).toBe(true);
    expect(await callbackNames(page)).toEqual(['onLoad', 'onComplete']);
    await expectCompletedOnce(page, ref, 'Z6');
  });

  it('the payer closing the window calls onComplete (Z6) then onClose, and nothing after', async () => {
    const page = await b.newPage();
    const { ref, popup } = await payInPopup(page);
    await popup.close({ runBeforeUnload: false });
    await waitForCallback(page, 'onClose');
    await expectCancelledOnLeave(ref);
    expect(await callbackNames(page)).toEqual(['onLoad', 'onComplete', 'onClose']);
    // The store may pay again at once, with a new reference.
    const [next] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Pay in a popup' }).click()]);
    await transfer.waitForAccount(next);
    await waitForCallback(page, 'onLoad', 1);
    expect((await sandboxPayment(ref)).payment?.cancellation).not.toBeNull();
  });
});

describe('REDIRECT from the store', () => {
  it('pays: the SDK POSTs the request, the result comes back to the return page', async () => {
    const page = await b.newPage();
    const ref = await startFromStore(page, { channels: 'TRANSFER' });
    await transfer.waitForAccount(page);
    await simulate(ref, 'success');
    await page.getByRole('button', { name: 'I have transferred' }).click();
    const { fields } = await expectDeliveredOnce(page, ref, '00');
    expect(fields).toMatchObject({ txnref: ref, amount: '150000' });
  });

  it('cancels: Z6 comes back to the return page', async () => {
    const page = await b.newPage();
    const ref = await startFromStore(page, { channels: 'TRANSFER' });
    await transfer.waitForAccount(page);
    await cancelToStore(page, ref);
  });
});

describe('validation', () => {
  it.each([
    ['amount', { amount: '15,000' }],
    ['txn_ref', { txn_ref: '' }],
    ['currency', { currency: 'NGN' }],
  ])('a bad %s calls onError naming it, and nothing opens', async (field, bad) => {
    const page = await b.newPage();
    let posted = false;
    page.on('request', (r) => {
      if (r.url() === `${checkoutBase()}/pay`) posted = true;
    });
    await openStore(page, storeBase());
    for (const [name, value] of Object.entries(bad))
      await page.locator(`input[name="${name}"]`).evaluate((el, v) => ((el as HTMLInputElement).value = v), value);
    for (const button of ['Pay inline', 'Pay in a popup']) await page.getByRole('button', { name: button }).click();
    await waitForCallback(page, 'onError', 1);
    const errors = await logged(page);
    expect(errors.map((e) => [e.callback, e.detail?.code, e.detail?.field])).toEqual([
      ['onError', 'INVALID_REQUEST', field],
      ['onError', 'INVALID_REQUEST', field],
    ]);
    expect(errors[0].detail!.message).toContain(field);
    expect(await overlay(page).count()).toBe(0);
    expect(page.context().pages()).toHaveLength(1);
    expect(posted).toBe(false);
  });
});

describe('forged messages', () => {
  it('from a third origin, or from the store itself, change nothing; the real result still arrives, once', async () => {
    const attacker = await b.newPage();
    await attacker.goto(thirdBase());
    await attacker.evaluate(() => {
      const w = window as unknown as { got: unknown[] };
      w.got = [];
      addEventListener('message', (e) => w.got.push({ origin: e.origin, data: e.data }));
    });
    // The third origin opens the store, and so holds its window.
    const [page] = await Promise.all([
      attacker.waitForEvent('popup'),
      attacker.evaluate((url) => void ((window as unknown as { store: Window | null }).store = window.open(url, 'store')), `${storeBase()}/`),
    ]);
    await page.waitForLoadState();
    const { ref, frame } = await payInline(page);

    const forged = forgedCompleted(ref);
    await attacker.evaluate((message) => {
      const store = (window as unknown as { store: Window }).store;
      store.postMessage(message, '*');
      store.postMessage({ ...message, messageType: 'INITIALIZED', data: {} }, '*');
      // And into the checkout's frame, which listens to no one.
      store.frames[0]?.postMessage(message, '*');
    }, forged);
    // A script of the store's own origin is not the checkout either.
    await page.evaluate((message) => window.postMessage(message, '*'), forged);
    await expect.poll(async () => (await receivedMessages(page)).length).toBe(4);
    await sleep(1_000);
    expect(await callbackNames(page)).toEqual(['onLoad']);
    expect(await overlay(page).isVisible()).toBe(true);

    await simulate(ref, 'success');
    await frame.getByRole('button', { name: 'I have transferred' }).click();
    await waitForCallback(page, 'onComplete');
    await sleep(500);
    expect(await callbackNames(page)).toEqual(['onLoad', 'onComplete']);
    expect((await expectCompletedOnce(page, ref, '00')).payRef).not.toBe('FORGED');
    // The third origin heard nothing from the checkout.
    expect(await attacker.evaluate(() => (window as unknown as { got: unknown[] }).got)).toEqual([]);
  });
});

describe('an unreachable checkout', () => {
  it('calls onError once the frame has loaded without the checkout, and removes the overlay', async () => {
    const page = await b.newPage();
    await page.clock.install();
    await page.route(`${checkoutBase()}/pay`, (route) => route.abort('connectionrefused'));
    await openStore(page, storeBase());
    await page.getByRole('button', { name: 'Pay inline' }).click();
    await overlay(page).getByRole('status').waitFor();
    // The SDK waits a while after the frame's load (FRAME_READY_TIMEOUT_MS) before giving up.
    await expect
      .poll(
        async () => {
          await page.clock.runFor(1_000);
          return callbackNames(page);
        },
        { timeout: 30_000 },
      )
      .toEqual(['onError']);
    expect((await logged(page))[0].detail).toMatchObject({ code: 'CHECKOUT_UNREACHABLE' });
    expect(await overlay(page).count()).toBe(0);
  });
});
