// A merchant verifies (CONTRACT §5): the demo store says "paid" only after its server has asked the collections
// API's transaction requery, for a REDIRECT result POSTed to its return page and for an INLINE callback its page
// reports; a cancelled payment, or a result the browser forged, is never shown paid.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cancelToStore, simulate, startFromStore, storeBase, submitForm, transfer, useBrowser } from './helpers';
import { cancelIn, payInline, waitForCallback } from './store-sdk';

const b = useBrowser();

interface StoreOrder {
  ref: string;
  amount: number;
  paidAt?: number;
  paidBy?: 'requery' | 'webhook';
  verifiedAt?: number;
  requeries: number;
}

/** The store server's record of an order (core/app/src/demo/merchant-orders.ts). */
async function storeOrder(ref: string): Promise<StoreOrder | undefined> {
  const res = await fetch(`${storeBase()}/orders.json`);
  return ((await res.json()) as StoreOrder[]).find((o) => o.ref === ref);
}

/** The return page's heading: the verdict of the store's server, and what the browser POSTed. */
const returnHeading = async (page: Page) => {
  const h1 = page.locator('h1');
  return { verdict: await h1.getAttribute('data-verdict'), resp: await h1.getAttribute('data-resp'), text: await h1.innerText() };
};

/** The verdict shown beside the store page's onComplete, once there is one. */
const callbackVerdict = (page: Page) => page.locator('#log li[data-callback="onComplete"] .verdict');

describe("REDIRECT: the return page shows the store server's verification", () => {
  it('a paid transfer is "paid" once verified; the same result again is "already paid", never paid twice', async () => {
    const page = await b.newPage();
    const ref = await startFromStore(page, { channels: 'TRANSFER' });
    await transfer.waitForAccount(page);
    expect(await storeOrder(ref)).toMatchObject({ amount: 150_000, requeries: 0 });
    await simulate(ref, 'success');
    await Promise.all([page.waitForURL(`${storeBase()}/return`), page.getByRole('button', { name: 'I have transferred' }).click()]);
    expect(await returnHeading(page)).toEqual({ verdict: 'paid', resp: '00', text: 'Thank you: payment received' });
    await page.getByRole('status').getByText(`Paid: order ${ref} verified with the collections API (NGN 1,500.00).`).waitFor();
    const order = await storeOrder(ref);
    expect(order?.paidAt).toEqual(expect.any(Number));
    expect(order?.requeries).toBe(1);

    // The same result arrives again (a reload, a second delivery): verified before, not paid a second time.
    const fields = Object.fromEntries(
      await page
        .locator('table tr')
        .evaluateAll((rows) => rows.map((r) => [r.querySelector('th')!.textContent!, r.querySelector('td')!.textContent!])),
    );
    await submitForm(page, `${storeBase()}/return`, fields);
    // The page is at /return already: waiting for the URL would read the old answer mid-navigation.
    await page.locator('h1[data-verdict="already-paid"]').waitFor();
    expect(await returnHeading(page)).toEqual({ verdict: 'already-paid', resp: '00', text: 'This order is already paid' });
    expect((await storeOrder(ref))?.requeries).toBe(1);
  });

  it('a 00 the browser forged for an unpaid order is not paid; Verify again says paid once the payment is', async () => {
    const page = await b.newPage();
    const ref = await startFromStore(page, { channels: 'TRANSFER' });
    await transfer.waitForAccount(page);
    const forged = {
      payRef: 'FORGED',
      txnref: ref,
      amount: '150000',
      apprAmt: '150000',
      resp: '00',
      desc: 'Approved',
      retRef: '',
      cardNum: '',
      mac: '',
    };
    await Promise.all([page.waitForURL(`${storeBase()}/return`), submitForm(page, `${storeBase()}/return`, forged)]);
    expect(await returnHeading(page)).toEqual({ verdict: 'pending', resp: '00', text: 'Payment not completed' });
    await page
      .getByRole('status')
      .getByText(`Not paid yet: the payment of order ${ref} is still in progress (09: Transaction in progress).`, { exact: false })
      .waitFor();
    expect((await storeOrder(ref))?.paidAt).toBeUndefined();

    await simulate(ref, 'success');
    await Promise.all([page.waitForURL(`${storeBase()}/orders/${ref}`), page.getByRole('link', { name: 'Verify again' }).click()]);
    expect(await page.locator('h1').getAttribute('data-verdict')).toBe('paid');
    await page.getByRole('heading', { name: 'Thank you: payment received' }).waitFor();
  });

  it('a cancelled payment comes back Z6 and is shown not paid', async () => {
    const page = await b.newPage();
    const ref = await startFromStore(page, { channels: 'TRANSFER' });
    await transfer.waitForAccount(page);
    await cancelToStore(page, ref);
    expect(await returnHeading(page)).toEqual({ verdict: 'cancelled', resp: 'Z6', text: 'Payment not completed' });
    await page.getByRole('status').getByText(`Not paid: the payment of order ${ref} was cancelled (Z6: Cancelled by customer).`).waitFor();
    expect((await storeOrder(ref))?.paidAt).toBeUndefined();
  });
});

describe("INLINE: the store page shows each callback's verification beside it", () => {
  it('onComplete 00 shows "Verifying" until the store server answers, then "paid"', async () => {
    const page = await b.newPage();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(`${storeBase()}/verify`, async (route) => {
      await held;
      await route.continue();
    });
    const { ref, frame } = await payInline(page);
    await simulate(ref, 'success');
    await frame.getByRole('button', { name: 'I have transferred' }).click();
    await waitForCallback(page, 'onComplete');

    const verifying = `Verifying order ${ref} with the store server…`;
    await page.getByRole('status').getByText(verifying).waitFor();
    expect(await callbackVerdict(page).innerText()).toBe(verifying);
    expect(await callbackVerdict(page).getAttribute('data-verdict')).toBeNull();
    // Nothing is paid on the browser's word: the store's requery has not run (its signed webhook may have come).
    const unverified = await storeOrder(ref);
    expect(unverified?.verifiedAt).toBeUndefined();
    expect(unverified?.paidBy).not.toBe('requery');

    release();
    const paid = `Paid: order ${ref} verified with the collections API (NGN 1,500.00).`;
    await page.getByRole('status').getByText(paid).waitFor();
    expect(await callbackVerdict(page).getAttribute('data-verdict')).toBe('paid');
    expect(await callbackVerdict(page).innerText()).toBe(paid);
    expect((await storeOrder(ref))?.paidAt).toEqual(expect.any(Number));
    // The next payment is a new order of the store's server.
    await expect.poll(() => page.locator('#ref').textContent()).not.toBe(ref);
    expect(await storeOrder((await page.locator('#ref').textContent())!)).toMatchObject({ amount: 150_000, requeries: 0 });
  });

  it('a payment cancelled in the checkout (onComplete Z6) is shown cancelled, not paid', async () => {
    const page = await b.newPage();
    const { ref, frame } = await payInline(page);
    await cancelIn(frame);
    await waitForCallback(page, 'onComplete');
    const cancelled = `Not paid: the payment of order ${ref} was cancelled (Z6: Cancelled by customer).`;
    await page.getByRole('status').getByText(cancelled).waitFor();
    expect(await callbackVerdict(page).getAttribute('data-verdict')).toBe('cancelled');
    expect(await callbackVerdict(page).getAttribute('class')).toBe('verdict bad');
    expect((await storeOrder(ref))?.paidAt).toBeUndefined();
  });

  it('a store server it cannot reach is "try again", with Verify again that then says paid', async () => {
    const page = await b.newPage();
    let refuse = true;
    await page.route(`${storeBase()}/verify`, (route) => (refuse ? route.abort('connectionrefused') : route.continue()));
    const { ref, frame } = await payInline(page);
    await simulate(ref, 'success');
    await frame.getByRole('button', { name: 'I have transferred' }).click();
    await waitForCallback(page, 'onComplete');
    await page.getByRole('status').getByText(`Could not reach the store server to verify order ${ref}: try again.`).waitFor();
    expect(await callbackVerdict(page).getAttribute('data-verdict')).toBe('unverified');

    refuse = false;
    await page.getByRole('button', { name: 'Verify again' }).click();
    await page.getByRole('status').getByText(`Paid: order ${ref} verified with the collections API (NGN 1,500.00).`).waitFor();
    expect(await callbackVerdict(page).getAttribute('data-verdict')).toBe('paid');
    expect(await page.getByRole('button', { name: 'Verify again' }).count()).toBe(0);
  });
});
