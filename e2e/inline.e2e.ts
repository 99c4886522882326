// INLINE mode through the merchant SDK: the demo store's "Pay inline" opens the checkout in an overlay over its
// own page (another origin), which talks to it only by postMessage, and only to the declared origin (CONTRACT §3).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SUCCESS_SHOWN_MS } from '@oja/sdk';
import { checkoutBase, expectAccessible, payFields, simulate, sleep, storeBase, storeResults, transfer, txnRef, useBrowser } from './helpers';
import {
  callbackNames,
  cancelIn,
  expectCancelledOnLeave,
  expectCompletedOnce,
  expectOnlyCheckoutMessages,
  openStore,
  overlay,
  overlayFrame,
  payInline,
  receivedMessages,
  thirdBase,
  waitForCallback,
} from './store-sdk';

const b = useBrowser();

const payInlineButton = (page: Page) => page.getByRole('button', { name: 'Pay inline' });
const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
const pageOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).overflow);

describe('INLINE from the store', () => {
  it('shows a loader until the checkout is ready, then pays: onComplete once with the result, and the page back', async () => {
    const page = await b.newPage();
    const ref = await openStore(page, storeBase());
    await payInlineButton(page).click();
    await overlay(page).waitFor();
    expect(await overlay(page).getAttribute('aria-modal')).toBe('true');
    expect(await focusedLabel(page)).toBe('Close the checkout');
    expect(await pageOverflow(page)).toBe('hidden');
    let frame = await overlayFrame(page);
    const number = await transfer.waitForAccount(frame);
    await waitForCallback(page, 'onLoad');
    await expect.poll(() => overlay(page).getByRole('status').count()).toBe(0);

    // A reload of the checkout is the same payment: no second INITIALIZED.
    await frame.goto(frame.url());
    frame = await overlayFrame(page);
    expect(await transfer.waitForAccount(frame)).toBe(number);

    await simulate(ref, 'success');
    await frame.getByRole('button', { name: 'I have transferred' }).click();
    await waitForCallback(page, 'onComplete');
    // The merchant knows at once; the payer reads the receipt in the overlay, which then goes (SUCCESS_SHOWN_MS).
    await frame.getByTestId('receipt').waitFor();
    expect(await overlay(page).count()).toBe(1);
    await expect.poll(() => overlay(page).count(), { timeout: SUCCESS_SHOWN_MS + 5_000 }).toBe(0);

    expect(await callbackNames(page)).toEqual(['onLoad', 'onComplete']);
    const result = await expectCompletedOnce(page, ref, '00');
    expect(result).toMatchObject({ amount: '150000', apprAmt: '150000' });
    expect(result.payRef).not.toBe('');
    await expectOnlyCheckoutMessages(page);
    expect((await receivedMessages(page))[1].data.data).toEqual(result);
    // The overlay is gone; the focus, the scroll and the page are the payer's again.
    expect(await overlay(page).count()).toBe(0);
    expect(await focusedLabel(page)).toBe('Pay inline');
    expect(await pageOverflow(page)).not.toBe('hidden');
    // The store says paid only once its server has verified the payment (e2e/verify.e2e.ts).
    await page.getByRole('status').getByText(`Paid: order ${ref} verified with the collections API (NGN 1,500.00).`).waitFor();
    // INLINE returns the result by message, never by a POST to the return page.
    expect(await storeResults(ref)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('a payment the payer cancels in the checkout ends with onComplete, resp Z6, not onClose', async () => {
    const page = await b.newPage();
    const { ref, frame } = await payInline(page);
    await cancelIn(frame);
    await waitForCallback(page, 'onComplete');
    await sleep(500);
    expect(await callbackNames(page)).toEqual(['onLoad', 'onComplete']);
    expect(await expectCompletedOnce(page, ref, 'Z6')).toMatchObject({ amount: '0' });
    expect(await overlay(page).count()).toBe(0);
    await expectOnlyCheckoutMessages(page);
  });

  it('Escape closes the overlay: onComplete (Z6) then onClose, and the checkout cancels the payment left behind', async () => {
    const page = await b.newPage();
    const { ref } = await payInline(page);
    expect(await focusedLabel(page)).toBe('Close the checkout');
    await page.keyboard.press('Escape');
    await waitForCallback(page, 'onClose');
    expect(await overlay(page).count()).toBe(0);
    expect(await focusedLabel(page)).toBe('Pay inline');
    // The payer left: the checkout's leave signal cancels the payment after its grace, and nothing is returned.
    await expectCancelledOnLeave(ref);
    expect(await callbackNames(page)).toEqual(['onLoad', 'onComplete', 'onClose']);
    expect(await storeResults(ref)).toEqual([]);

    // The same payment opened again: the checkout says it is ready again (once per opening, not per payment).
    // (Once the store's server has opened its next order, which would otherwise replace the reference.)
    await expect.poll(() => page.locator('#ref').textContent()).not.toBe(ref);
    await page.locator('input[name="txn_ref"]').evaluate((el, v) => ((el as HTMLInputElement).value = v), ref);
    await payInlineButton(page).click();
    await waitForCallback(page, 'onLoad', 1);
    expect(await callbackNames(page)).toEqual(['onLoad', 'onComplete', 'onClose', 'onLoad']);
  });

  it('keeps the keyboard in the dialog, and its close control closes it', async () => {
    const page = await b.newPage();
    await payInline(page);
    // Tab goes through the checkout and back to the close control, never to the store's page behind.
    const inDialog = () => page.evaluate(() => !!document.activeElement?.closest('[data-oja-checkout]'));
    let sawClose = 0;
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press('Tab');
      expect(await inDialog()).toBe(true);
      if ((await focusedLabel(page)) === 'Close the checkout') sawClose += 1;
    }
    expect(sawClose).toBeGreaterThan(1);
    await page.keyboard.press('Shift+Tab');
    expect(await inDialog()).toBe(true);
    await overlay(page).getByRole('button', { name: 'Close the checkout' }).click();
    await waitForCallback(page, 'onClose');
    expect(await callbackNames(page)).toEqual(['onLoad', 'onComplete', 'onClose']);
  });

  it('is accessible while the checkout is open', async () => {
    const page = await b.newPage();
    await payInline(page);
    await expectAccessible(page, 'the store with the inline checkout open');
  });
});

describe('INLINE in the sandbox', () => {
  it("draws the demo settings inside the checkout's card, never on the merchant's page around it", async () => {
    const page = await b.newPage();
    const { frame } = await payInline(page);
    const demo = frame.getByRole('button', { name: /Demo settings/ });
    await demo.waitFor();
    const [button, card] = await Promise.all([demo.boundingBox(), frame.locator('main').boundingBox()]);
    expect(button && card).toBeTruthy();
    expect(button!.x).toBeGreaterThanOrEqual(card!.x);
    expect(button!.y).toBeGreaterThanOrEqual(card!.y);
    expect(button!.x + button!.width).toBeLessThanOrEqual(card!.x + card!.width);
    expect(button!.y + button!.height).toBeLessThanOrEqual(card!.y + card!.height);
  });
});

describe('INLINE from a third origin', () => {
  it('the checkout refuses to be framed by an undeclared origin, which receives no message at all', async () => {
    // The refusal this test is about is itself a CSP report.
    b.allowCspViolations(/frame-ancestors/);
    const page = await b.newPage();
    const ref = txnRef('inline-3rd');
    const refusals: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors/.test(m.text())) refusals.push(m.text());
    });
    await page.goto(thirdBase());
    await page.evaluate(() => {
      const w = window as unknown as { got: unknown[] };
      w.got = [];
      addEventListener('message', (e) => w.got.push({ origin: e.origin, data: e.data }));
    });
    const answered = page.waitForResponse((r) => r.url() === `${checkoutBase()}/pay`);
    // The store's payment (declared origin: the store), framed by another site, as the SDK would do it.
    await page.evaluate(
      ({ action, fields }) => {
        const frame = document.createElement('iframe');
        frame.name = 'stolen';
        document.body.append(frame);
        const form = document.createElement('form');
        form.method = 'POST';
        form.action = action;
        form.target = 'stolen';
        for (const [name, value] of Object.entries(fields))
          form.append(Object.assign(document.createElement('input'), { type: 'hidden', name, value }));
        document.body.append(form);
        form.submit();
      },
      { action: `${checkoutBase()}/pay`, fields: payFields(ref, { channels: 'TRANSFER', display_mode: 'INLINE' }) },
    );
    const res = await answered;
    expect(res.status()).toBe(200);
    expect(await res.headerValue('content-security-policy')).toContain(`frame-ancestors ${storeBase()}`);

    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    await sleep(2_000);
    const frame = page.frame({ name: 'stolen' })!;
    // The checkout never ran in the frame.
    expect(await frame.evaluate(() => !!document.getElementById('oja-root')).catch(() => false)).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { got: unknown[] }).got)).toEqual([]);
  });

  it('a copy of the store on another origin opens the checkout for itself: the messages go to that copy only (CONTRACT §6)', async () => {
    const page = await b.newPage();
    // The same store page under another host name: its site_redirect_url is on the store's origin, not the page's.
    const copy = storeBase().replace('127.0.0.1', 'localhost');
    expect(new URL(copy).origin).not.toBe(new URL(storeBase()).origin);
    await openStore(page, copy);
    await payInlineButton(page).click();
    await waitForCallback(page, 'onLoad');
    expect((await receivedMessages(page)).map((m) => [m.origin, m.data.messageType])).toEqual([[checkoutBase(), 'INITIALIZED']]);
    expect(await callbackNames(page)).toEqual(['onLoad']);
  });
});
