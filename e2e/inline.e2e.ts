// INLINE mode: the checkout framed by the merchant's page, talking to it only by postMessage, and only to
// the declared origin (CONTRACT §3).
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { MERCHANT_NAME, RESULT_FIELDS, checkoutBase, simulate, sleep, storeBase, storeResults, transfer, txnRef, useBrowser } from './helpers';

const b = useBrowser();

interface Received {
  origin: string;
  data: { key?: string; messageType?: string; data?: Record<string, string> };
}

const received = (page: Page) => page.evaluate(() => (window as unknown as { receivedMessages: Received[] }).receivedMessages);
const listed = (page: Page, type: string) => page.locator(`#messages li[data-type="${type}"]`);

async function checkoutFrame(page: Page): Promise<Frame> {
  await page.locator('iframe[name="checkout"]').waitFor();
  await expect.poll(() => !!page.frame({ name: 'checkout' })).toBe(true);
  return page.frame({ name: 'checkout' })!;
}

describe('INLINE', () => {
  it("the store's page receives INITIALIZED, then COMPLETED with the result, once each and from the checkout only", async () => {
    const page = await b.newPage();
    const ref = txnRef('inline');
    await page.goto(`${storeBase()}/inline-test?${new URLSearchParams({ ref, channels: 'TRANSFER' })}`);
    let frame = await checkoutFrame(page);
    const number = await transfer.waitForAccount(frame);
    await listed(page, 'INITIALIZED').waitFor();

    // A reload of the checkout is the same payment: no second INITIALIZED.
    await frame.goto(frame.url());
    frame = await checkoutFrame(page);
    expect(await transfer.waitForAccount(frame)).toBe(number);

    await simulate(ref, 'success');
    await frame.getByRole('button', { name: 'I have transferred' }).click();
    await frame.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await frame.getByText(`We are taking you back to ${MERCHANT_NAME}...`).waitFor();
    await listed(page, 'COMPLETED').waitFor();
    // Time for a duplicate to show up, were there one.
    await sleep(1_000);

    expect(await listed(page, 'INITIALIZED').count()).toBe(1);
    expect(await listed(page, 'COMPLETED').count()).toBe(1);
    expect(await page.locator('#messages li').count()).toBe(2);
    const all = await received(page);
    expect(all.map((m) => [m.origin, m.data.messageType])).toEqual([
      [checkoutBase(), 'INITIALIZED'],
      [checkoutBase(), 'COMPLETED'],
    ]);
    const completed = JSON.parse((await listed(page, 'COMPLETED').textContent())!) as Received['data'];
    expect(completed).toEqual(all[1].data);
    expect(typeof completed.key).toBe('string');
    expect(Object.keys(completed.data!).sort()).toEqual([...RESULT_FIELDS].sort());
    expect(completed.data).toMatchObject({ txnref: ref, resp: '00', amount: '150000', apprAmt: '150000', cardNum: '', mac: '' });
    expect(completed.data!.payRef).not.toBe('');
    // INLINE returns the result by message, never by a POST to the return page.
    expect(await storeResults(ref)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/inline-test');
  });

  it('refuses to be framed by a third origin, which receives no message at all', async () => {
    const page = await b.newPage();
    const ref = txnRef('inline-3rd');
    const refusals: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors/.test(m.text())) refusals.push(m.text());
    });
    // The same store page under another host name: another origin, embedding a payment declared for the store.
    const thirdOrigin = storeBase().replace('127.0.0.1', 'localhost');
    expect(new URL(thirdOrigin).origin).not.toBe(new URL(storeBase()).origin);
    const answered = page.waitForResponse((r) => r.url() === `${checkoutBase()}/pay`);
    await page.goto(`${thirdOrigin}/inline-test?${new URLSearchParams({ ref, channels: 'TRANSFER' })}`);
    const res = await answered;
    expect(res.status()).toBe(200);
    expect(await res.headerValue('content-security-policy')).toContain(`frame-ancestors ${storeBase()}`);

    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    await sleep(2_000);
    const frame = await checkoutFrame(page);
    // The checkout never ran in the frame.
    const rendered = await frame.evaluate(() => !!document.getElementById('oja-root')).catch(() => false);
    expect(rendered).toBe(false);
    expect(await received(page)).toEqual([]);
    expect(await page.locator('#messages li').count()).toBe(0);
  });
});
