// Pocket end to end in REDIRECT mode (companion §2 "Pocket page", §4, §5, §7, §8, §9; CONTRACT §5): opened by its
// route on a payment offering customer wallets, an empty Pocket ID refused, initiate, "I have authorized this
// payment" after the sandbox settles, "Payment Successful!" then the result to the store once, 5 s later; a failed
// initiate (@fail), failing calls (fault injection), keyboard only, axe in en and fr.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  checkoutBase,
  expectAccessible,
  expectDeliveredOnce,
  openPay,
  payFields,
  sandboxPayment,
  simulate,
  sleep,
  storeResults,
  txnRef,
  useBrowser,
  whenHydrated,
  withFaultHeaders,
} from './helpers';

const INITIATE_PATH = '/api/v1/pocket/initialize';
const STATUS_PATH = '/api/v1/pocket/status';
/** "Payment Successful!" shows this long before the result goes to the merchant, ms (companion §9). */
const SUCCESS_REDIRECT_MS = 5_000;
const POCKET_ID = '@ada';
/** The sandbox's Pocket ID whose initiate fails (CONTRACT §5). */
const FAILING_ID = '@fail';
/** Customer wallets beside the card, so that no channel opens by itself. */
const WALLET_FIELDS = { channels: 'CARD,CUSTOMER_WALLET' };

const b = useBrowser();

const idField = (page: Page) => page.getByRole('textbox', { name: 'Pocket ID' });

/** A payment offering customer wallets, then Pocket opened by its route (as the wallet list opens it). */
async function openPocket(page: Page, label: string, lang?: string): Promise<string> {
  const ref = txnRef(label);
  expect(await openPay(page, payFields(ref, WALLET_FIELDS))).toBe(200);
  const session = new URL(page.url()).searchParams.get('p');
  expect(session).toBeTruthy();
  await page.goto(`${checkoutBase()}/payment/pocket?p=${session}${lang ? `&lang=${lang}` : ''}`);
  await whenHydrated(page.getByRole('textbox').first());
  return ref;
}

async function callsTo(ref: string, path: string) {
  return (await sandboxPayment(ref)).payment!.calls.filter((c) => c.path === path);
}

describe('Pocket: paying', () => {
  it('refuses an empty Pocket ID, initiates, and after the approval shows its success and reaches the store once, 5 s later', async () => {
    const page = await b.newPage();
    const ref = await openPocket(page, 'pocket-paid');
    await page.getByRole('heading', { level: 1, name: 'Pay with Pocket' }).waitFor();
    expect(await idField(page).getAttribute('placeholder')).toBe('@pocketId');
    await expectAccessible(page, 'Pocket ID');

    await idField(page).fill('   ');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please enter your Pocket ID', { exact: true }).waitFor();
    await expectAccessible(page, 'Pocket ID, empty');
    expect(await callsTo(ref, INITIATE_PATH)).toEqual([]);

    await idField(page).fill(POCKET_ID);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 1, name: 'Authorize the payment on your phone' }).waitFor();
    await expectAccessible(page, 'Pocket authorization');
    expect(await callsTo(ref, INITIATE_PATH)).toHaveLength(1);
    expect((await sandboxPayment(ref)).payment!.channels.pocket).toMatchObject({ generation: 1, initiations: 1 });

    await page.getByRole('button', { name: 'I have authorized this payment' }).click();
    await page.getByText('Something went wrong...Please go to the previous page and retry.', { exact: true }).waitFor();

    await simulate(ref, 'success');
    await page.getByRole('button', { name: 'I have authorized this payment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payment Successful!' }).waitFor();
    const shownAt = Date.now();
    await page.getByText('Please do not close this page.', { exact: true }).waitFor();
    // The result screen's look: its mark, and the receipt (the amount, the merchant, the payment's reference).
    expect(await page.getByRole('status').locator('svg').count()).toBe(1);
    const receipt = await page.getByTestId('receipt').innerText();
    for (const fact of ['NGN 1,500.00', 'Oja Demo Store', 'Payment reference']) expect(receipt, fact).toContain(fact);
    await expectAccessible(page, 'Pocket success');
    // Still here 3.5 s after it showed, however long the checks above took.
    await sleep(Math.max(0, SUCCESS_REDIRECT_MS - 1_500 - (Date.now() - shownAt)));
    expect(await storeResults(ref)).toEqual([]);
    const result = await expectDeliveredOnce(page, ref, '00');
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(SUCCESS_REDIRECT_MS - 500);
    expect(result.fields).toMatchObject({ txnref: ref, resp: '00', amount: '150000' });
  });

  it('a failed initiate (@fail) says "Failed to initiate payment" and stays on the Pocket ID; another ID goes on', async () => {
    const page = await b.newPage();
    const ref = await openPocket(page, 'pocket-initiate-fails');
    await idField(page).fill(FAILING_ID);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Failed to initiate payment', { exact: true }).waitFor();
    expect(await callsTo(ref, STATUS_PATH)).toEqual([]);
    await idField(page).fill(POCKET_ID);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 1, name: 'Authorize the payment on your phone' }).waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Pay with Pocket' }).waitFor();
    expect(await idField(page).inputValue()).toBe(POCKET_ID);
    expect(await storeResults(ref)).toEqual([]);
  });

  it('a failing status call (HTTP 500 by fault injection) says "Unable to requery payment"; the next press completes', async () => {
    const page = await b.newPage();
    await withFaultHeaders(page, STATUS_PATH, { 'x-sandbox-error-rate': '1' });
    const ref = await openPocket(page, 'pocket-faults');
    await idField(page).fill(POCKET_ID);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 1, name: 'Authorize the payment on your phone' }).waitFor();
    await simulate(ref, 'success');
    await page.getByRole('button', { name: 'I have authorized this payment' }).click();
    // The status check failed (HTTP 500): a temporary failure, worded as such (companion §8's requery fallback).
    await page.getByRole('alert').filter({ hasText: 'Unable to requery payment. Please try again' }).waitFor();
    expect(await page.getByText('Something went wrong...Please go to the previous page and retry.').count()).toBe(0);
    await expectAccessible(page, 'status check failed');
    await page.getByRole('button', { name: 'I have authorized this payment' }).click();
    await expectDeliveredOnce(page, ref, '00');
  });
});

describe('Pocket: keyboard and French', () => {
  it('pays by keyboard only: the ID, Next by Enter, I have authorized by Enter', async () => {
    const page = await b.newPage();
    const ref = await openPocket(page, 'pocket-keyboard');
    const field = idField(page);
    for (let i = 0; i < 30 && !(await field.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    await page.keyboard.type(POCKET_ID);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Authorize the payment on your phone' }).waitFor();
    await simulate(ref, 'success');
    const authorized = page.getByRole('button', { name: 'I have authorized this payment' });
    for (let i = 0; i < 30 && !(await authorized.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Payment Successful!' }).waitFor();
    await expectDeliveredOnce(page, ref, '00');
  });

  it('speaks French, with no serious axe violation', async () => {
    const page = await b.newPage({ locale: 'fr-FR', extraHTTPHeaders: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    await openPocket(page, 'pocket-fr');
    await page.getByRole('heading', { level: 1, name: 'Payer avec Pocket' }).waitFor();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByText('Veuillez saisir votre identifiant Pocket', { exact: true }).waitFor();
    await expectAccessible(page, 'Pocket ID, French');
    await page.getByRole('button', { name: 'Comment payer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Comment payer avec Pocket' }).waitFor();
    await expectAccessible(page, 'Pocket how to pay, French');
  });
});
