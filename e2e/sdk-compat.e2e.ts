// Web Checkout merchants' own pages, replayed as they call the SDK (issue 31, CONTRACT §6): the documented inline
// sample without site_redirect_url, a shop whose return URL is on another host, a shop that passes only onComplete
// and whose payer closes the overlay, and a bad request with no onError. The page is a third site of its own, the
// script is the checkout's /inline-checkout.js, nothing else is the store's.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SUCCESS_SHOWN_MS } from '@oja/sdk';
import { checkoutBase, expectAccessible, payFields, simulate, sleep, transfer, txnRef, useBrowser } from './helpers';
import { overlay, overlayFrame, thirdBase } from './store-sdk';

const b = useBrowser();

interface Call {
  name: string;
  arg?: Record<string, string>;
}

/**
 * A merchant's page on its own origin that loads the checkout's script and calls `webpayCheckout` with `fields` and
 * the callbacks named, each recording its call; answers the payment's reference.
 */
async function merchantPage(page: Page, fields: Record<string, string | undefined>, callbacks: string[]): Promise<void> {
  await page.goto(`${thirdBase()}/checkout`);
  await page.addScriptTag({ url: `${checkoutBase()}/inline-checkout.js` });
  await page.evaluate(
    ({ fields, callbacks }) => {
      const w = window as unknown as { calls: Call[]; webpayCheckout(r: unknown): void };
      w.calls = [];
      const button = Object.assign(document.createElement('button'), { textContent: 'Pay now' });
      // The shop's own button (the accessibility check covers the whole page): a target a thumb can press.
      Object.assign(button.style, { minHeight: '44px', minWidth: '44px' });
      button.addEventListener('click', () => {
        button.textContent = 'Processing…';
        const request: Record<string, unknown> = { ...fields };
        for (const name of callbacks) request[name] = (arg?: unknown) => w.calls.push({ name, arg: arg as Record<string, string> });
        w.webpayCheckout(request);
      });
      document.querySelector('main')!.append(button);
    },
    { fields, callbacks },
  );
  await page.getByRole('button', { name: 'Pay now' }).click();
}

const calls = (page: Page): Promise<Call[]> => page.evaluate(() => (window as unknown as { calls: Call[] }).calls);
const callNames = async (page: Page) => (await calls(page)).map((c) => c.name);

/** The documented inline request: no site_redirect_url, mode TEST, the amount a number, extra fields. */
function inlineSample(ref: string, extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const { site_redirect_url: _, ...fields } = payFields(ref, { channels: 'TRANSFER' });
  return { ...fields, mode: 'TEST', pay_item_name: 'Order', hash: undefined, tokenise_card: 'false', ...extra };
}

describe("Web Checkout merchants' pages, through the SDK", () => {
  it('the documented inline sample, without site_redirect_url and with onComplete only: the payer pays, onComplete once with 00', async () => {
    const page = await b.newPage();
    const ref = txnRef('compat-inline');
    await merchantPage(page, inlineSample(ref), ['onComplete']);
    const frame = await overlayFrame(page);
    await transfer.waitForAccount(frame);
    await simulate(ref, 'success');
    await frame.getByRole('button', { name: 'I have transferred' }).click();
    await expect.poll(() => callNames(page), { timeout: 20_000 }).toEqual(['onComplete']);
    const [done] = await calls(page);
    expect(done.arg).toMatchObject({ txnref: ref, resp: '00', amount: '150000' });
    // The receipt stays up a while over the shop's page, then the page is the shop's again.
    await expect.poll(() => overlay(page).count(), { timeout: SUCCESS_SHOWN_MS + 5_000 }).toBe(0);
    expect(await callNames(page)).toEqual(['onComplete']);
  });

  it('a return URL on another host than the page (a Django default): the checkout opens, and its result comes to the page', async () => {
    const page = await b.newPage();
    const ref = txnRef('compat-django');
    await merchantPage(page, inlineSample(ref, { site_redirect_url: 'https://shop.example/payments/verify/' }), ['onComplete', 'onClose']);
    const frame = await overlayFrame(page);
    await transfer.waitForAccount(frame);
    await simulate(ref, 'success');
    await frame.getByRole('button', { name: 'I have transferred' }).click();
    await expect.poll(() => callNames(page), { timeout: 20_000 }).toEqual(['onComplete']);
    expect((await calls(page))[0].arg).toMatchObject({ txnref: ref, resp: '00' });
  });

  it('closed by the payer, a shop with onComplete only hears Z6 once; with onClose as well, onComplete then onClose', async () => {
    const page = await b.newPage();
    const ref = txnRef('compat-close');
    await merchantPage(page, inlineSample(ref), ['onComplete']);
    await transfer.waitForAccount(await overlayFrame(page));
    await overlay(page).getByRole('button', { name: 'Close the checkout' }).click();
    await expect.poll(() => callNames(page)).toEqual(['onComplete']);
    await sleep(1_000);
    const [closed] = await calls(page);
    expect(closed.arg).toMatchObject({ txnref: ref, resp: 'Z6', desc: 'The payer closed the checkout.', amount: '0' });
    expect(Object.values(closed.arg!).every((v) => typeof v === 'string')).toBe(true);
    expect(await callNames(page)).toEqual(['onComplete']);

    const both = await b.newPage();
    await merchantPage(both, inlineSample(txnRef('compat-close2')), ['onComplete', 'onClose']);
    await transfer.waitForAccount(await overlayFrame(both));
    await both.keyboard.press('Escape');
    await expect.poll(() => callNames(both)).toEqual(['onComplete', 'onClose']);
    await sleep(500);
    expect(await callNames(both)).toEqual(['onComplete', 'onClose']);
  });

  it('a bad request and no onError: the payer reads why in the overlay, nothing is created, and closes it', async () => {
    const page = await b.newPage();
    const ref = txnRef('compat-bad');
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const posted: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posted.push(r.url()));
    await merchantPage(page, inlineSample(ref, { amount: '1,500.00' }), ['onComplete']);
    // The dialog is named by its heading.
    const notice = page.getByRole('dialog', { name: 'Incorrect Transaction' }).getByRole('alert');
    await notice.getByRole('heading', { name: 'Incorrect Transaction' }).waitFor();
    expect(await notice.textContent()).toContain('kindly contact your merchant');
    expect(errors.some((e) => e.includes('amount'))).toBe(true);
    expect(posted).toEqual([]);
    await expectAccessible(page, "the SDK's notice over a merchant's page");
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Processing…');
    expect(await callNames(page)).toEqual([]);
  });

  it('a bad request in French: the notice is French', async () => {
    const page = await b.newPage();
    await merchantPage(page, inlineSample(txnRef('compat-bad-fr'), { currency: 'NGN', lang: 'fr' }), ['onComplete']);
    const notice = page.getByRole('dialog', { name: 'Transaction incorrecte' });
    await notice.getByRole('alert').getByText('contactez le commerçant', { exact: false }).waitFor();
    expect(await notice.getByRole('button').getAttribute('aria-label')).toBe('Fermer le paiement');
  });
});
