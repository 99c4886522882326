// Transfer, end to end in REDIRECT mode: the account, the wait, the sandbox's outcomes and what reaches the store.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  MERCHANT_NAME,
  RESULT_FIELDS,
  checkoutBase,
  holdStoreReturn,
  openPay,
  payFields,
  simulate,
  sleep,
  startFromStore,
  storeBase,
  storeResults,
  transfer,
  txnRef,
  useBrowser,
  watchResultScreens,
} from './helpers';

/** The result screen waits this long before returning an expired or cancelled result, ms (spec core §4). */
const EXPIRED_CANCELLED_WAIT_MS = 2_000;

const b = useBrowser();

async function expectLandedOnStore(page: Page, resp: string): Promise<void> {
  await page.waitForURL(`${storeBase()}/return`);
  await expect.poll(() => page.locator('h1').getAttribute('data-resp')).toBe(resp);
}

describe('Transfer in REDIRECT mode', () => {
  it('shows the account, waits, and a simulated success (on-screen control) returns 00 to the store once', async () => {
    const page = await b.newPage();
    const seen = await watchResultScreens(page);
    const ref = await startFromStore(page, { channels: 'TRANSFER' });
    expect(new URL(page.url()).pathname).toBe('/payment/transfer');

    const number = await transfer.waitForAccount(page);
    expect(number).toMatch(/^\d{10}$/);
    const details = page.locator('dl');
    await expect.poll(() => details.innerText()).toContain('Oja Sandbox Bank');
    const text = await details.innerText();
    // The account number is the value to copy (core's CopyValue): its label, the number and its Copy button.
    const account = page.getByRole('group', { name: 'Account number' });
    expect(await account.getByTestId('account-number').textContent()).toBe(number);
    await account.getByRole('button', { name: 'Copy Account number' }).waitFor();
    expect(text).toContain('Bank');
    expect(text).toContain('Beneficiary');
    expect(text).toContain(`Oja Checkout - ${MERCHANT_NAME}`);
    await page.getByText('Valid for 30 minutes').waitFor();
    await page.getByText('Transfer only once to this account. It accepts one transfer, for this payment only.').waitFor();
    await page.getByRole('heading', { name: 'Transfer NGN 1,500.00 to the account below' }).waitFor();

    const firstStatus = page.waitForResponse((r) => r.url().startsWith(`${checkoutBase()}/api/v1/virtualaccount/status`));
    await transfer.transferred(page);
    expect((await (await firstStatus).json()).responseCode).toBe('09');
    await page.getByRole('timer').waitFor();

    const release = await holdStoreReturn(page);
    const simulated = page.waitForResponse((r) => r.url() === `${checkoutBase()}/sandbox/simulate`);
    await page.getByRole('button', { name: 'Simulate success' }).click();
    expect((await simulated).status()).toBe(200);
    // The control asks the status at once (no 20 s wait): the result comes without moving any clock.

    await expect.poll(() => seen.map((r) => r.title)).toEqual(['Payment Successful']);
    expect(seen[0].text).toContain(`You're being redirected to ${MERCHANT_NAME}, please do not close this page.`);
    expect(seen[0].cancelButton).toBe(false);
    release();

    await expectLandedOnStore(page, '00');
    await page.getByText('Thank you: payment received').waitFor();
    await sleep(500);
    const results = await storeResults(ref);
    expect(results).toHaveLength(1);
    const fields = results[0].fields;
    expect(Object.keys(fields).sort()).toEqual([...RESULT_FIELDS].sort());
    expect(fields).toMatchObject({ txnref: ref, resp: '00', amount: '150000', apprAmt: '150000', cardNum: '', mac: '' });
    expect(fields.payRef).not.toBe('');
    expect(fields.retRef).not.toBe('');
    expect(fields.desc).toBe('Approved by Financial Institution');
  });

  it('settles by POST /sandbox/simulate and returns 00 to the store once', async () => {
    const page = await b.newPage();
    const ref = txnRef('api-success');
    expect(await openPay(page, payFields(ref, { channels: 'TRANSFER' }))).toBe(200);
    await transfer.waitForAccount(page);
    // The payer's bank pays before they say so: the first status request already finds it.
    await simulate(ref, 'success');
    await Promise.all([page.waitForURL(`${storeBase()}/return`), page.getByRole('button', { name: 'I have transferred' }).click()]);
    await expectLandedOnStore(page, '00');
    await sleep(500);
    const results = await storeResults(ref);
    expect(results).toHaveLength(1);
    expect(Object.keys(results[0].fields).sort()).toEqual([...RESULT_FIELDS].sort());
    expect(results[0].fields).toMatchObject({ txnref: ref, resp: '00', amount: '150000', apprAmt: '150000' });
  });

  it('a failed transfer shows Transaction Error, posts nothing, and Retry gives a new account', async () => {
    const page = await b.newPage();
    const ref = txnRef('failed');
    await openPay(page, payFields(ref, { channels: 'TRANSFER' }));
    const first = await transfer.waitForAccount(page);
    await simulate(ref, 'failed');
    await page.getByRole('button', { name: 'I have transferred' }).click();

    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    await page.getByTestId('failure-title').getByText('Transaction Error', { exact: true }).waitFor();
    await page.getByText('We could not confirm your transfer. If your account was debited, the reversal can take up to 24 hours.').waitFor();
    // Longer than an expired or cancelled result waits: a failure never goes to the merchant.
    await sleep(EXPIRED_CANCELLED_WAIT_MS + 1_000);
    expect(new URL(page.url()).origin).toBe(checkoutBase());
    expect(await storeResults(ref)).toEqual([]);

    await page.getByRole('button', { name: 'Retry payment' }).click();
    const second = await transfer.waitForAccount(page);
    expect(second).toMatch(/^\d{10}$/);
    expect(second).not.toBe(first);
    await page.getByRole('button', { name: 'I have transferred' }).waitFor();
    expect(await storeResults(ref)).toEqual([]);
  });

  it('an expired transfer shows Transaction Expired and returns XS1 to the store once, 2 s later', async () => {
    const page = await b.newPage();
    const ref = txnRef('expired');
    await openPay(page, payFields(ref, { channels: 'TRANSFER' }));
    await transfer.waitForAccount(page);
    await simulate(ref, 'expired');
    await page.getByRole('button', { name: 'I have transferred' }).click();
    await page.getByRole('heading', { name: 'Transaction Expired' }).waitFor();
    const shownAt = Date.now();
    expect(await page.getByRole('button', { name: 'Retry payment' }).count()).toBe(0);
    expect(await storeResults(ref)).toEqual([]);

    await expectLandedOnStore(page, 'XS1');
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(EXPIRED_CANCELLED_WAIT_MS - 500);
    await sleep(500);
    const results = await storeResults(ref);
    expect(results).toHaveLength(1);
    expect(Object.keys(results[0].fields).sort()).toEqual([...RESULT_FIELDS].sort());
    expect(results[0].fields).toMatchObject({ txnref: ref, resp: 'XS1', amount: '0', apprAmt: '0' });
  });
});
