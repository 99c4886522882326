// Bulk payments end to end (spec core §2 "Method list", §4 "3-D secure screen"): the card opens at once, the
// cancel button reads "Cancel Payment", the card pays every item through the bulk payments service, and a
// success is "Transaction in Progress" (09), which is not returned to the merchant.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  TEST_CARDS,
  card,
  cancelToStore,
  expectFailureView,
  openPay,
  payFields,
  sleep,
  storeResults,
  txnRef,
  useBrowser,
  watchResultScreens,
  whenHydrated,
} from './helpers';

const b = useBrowser();

/** The card entry of a bulk payment: opened by itself, with the bulk cancel wording. */
async function expectBulkCardEntry(page: Page): Promise<void> {
  await whenHydrated(page.getByLabel('Card number'));
  expect(new URL(page.url()).pathname).toBe('/payment/card');
  expect(await page.getByRole('heading', { name: 'Choose a payment method' }).count()).toBe(0);
  expect(await page.getByTestId('cancel-payment').textContent()).toBe('Cancel Payment');
}

describe('bulk payment', () => {
  it('opens the card at once, pays through POST /api/v1/payments, and ends in progress (09), nothing to the store', async () => {
    const page = await b.newPage();
    const seen = await watchResultScreens(page);
    const api: string[] = [];
    let bulkBody: Record<string, unknown> = {};
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (!path.startsWith('/api/v1/')) return;
      api.push(`${r.method()} ${path}`);
      if (path === '/api/v1/payments') bulkBody = JSON.parse(r.postData() ?? '{}');
    });
    const ref = txnRef('bulk');
    expect(await openPay(page, payFields(ref, { bulk: '1' }))).toBe(200);
    await expectBulkCardEntry(page);

    await card.enter(page, TEST_CARDS.pin);
    await card.pin(page);
    await page.getByRole('heading', { name: 'Transaction in Progress' }).waitFor();
    await page.getByText("You're good to go. Feel free to close this window!").waitFor();
    expect(await page.getByTestId('cancel-payment').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retry payment' }).count()).toBe(0);

    expect(api).toEqual(['POST /api/v1/merchantbins', 'POST /api/v1/payments']);
    expect(bulkBody.payItems).toHaveLength(3);
    expect(bulkBody).toMatchObject({ secureData: expect.any(String), pinBlock: expect.any(String) });
    expect(await card.counters(ref)).toMatchObject({ binLookups: 1, payRequests: 1, charges: 1 });
    // Longer than a result that goes to the merchant would wait: 09 is not returned.
    await sleep(2_500);
    expect(new URL(page.url()).pathname).toBe('/payment/card/pin');
    expect(await storeResults(ref)).toEqual([]);
    expect(seen.map((s) => s.title)).toEqual(['Transaction in Progress']);
  });

  it('the demo panel starts a sample bulk payment; a refused card shows its failure, and Cancel Payment returns Z6', async () => {
    const page = await b.newPage();
    await openPay(page, payFields(txnRef('bulk-demo-from'), { channels: 'CARD' }));
    await (await whenHydrated(page.getByRole('button', { name: 'Demo settings' }))).click();
    const ref = await page.getByLabel('Transaction reference').inputValue();
    await page.getByRole('button', { name: 'Start a sample bulk payment' }).click();
    await expectBulkCardEntry(page);

    await card.enter(page, TEST_CARDS.insufficientFunds);
    await card.pin(page);
    await expectFailureView(page, 'Insufficient funds. Use a different card or try another payment method');
    expect(await card.counters(ref)).toMatchObject({ charges: 1 });
    expect(await storeResults(ref)).toEqual([]);
    await cancelToStore(page, ref);
  });
});
