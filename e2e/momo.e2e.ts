// MoMo end to end in REDIRECT mode (companion §2 "MoMo page", §4, §5, §7, §8, §9; CONTRACT §5): opened by its route
// on a payment offering customer wallets, the 11-digit rule, initiate, "I have authorized this payment" after the
// sandbox settles, "Payment Successful!" then the result to the store once, 5 s later; a failed initiate
// (08000000000), the authorization failure, failing calls (fault injection), keyboard only, axe in en and fr.
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
  storeBase,
  storeResults,
  txnRef,
  useBrowser,
  whenHydrated,
  withFaultHeaders,
  expectOneWayBack,
} from './helpers';

const INITIATE_PATH = '/api/v1/momo/initialize';
const STATUS_PATH = '/api/v1/momo/status';
/** "Payment Successful!" shows this long before the result goes to the merchant, ms (companion §9). */
const SUCCESS_REDIRECT_MS = 5_000;
const NUMBER = '08012345678';
/** The sandbox's number whose initiate fails (CONTRACT §5). */
const FAILING_NUMBER = '08000000000';
/** Customer wallets beside the card, so that no channel opens by itself. */
const WALLET_FIELDS = { channels: 'CARD,CUSTOMER_WALLET' };

const b = useBrowser();

const phoneField = (page: Page) => page.getByRole('textbox', { name: 'MTN MoMo phone number' });

/** A payment offering customer wallets, then MoMo opened by its route (as the wallet list opens it). */
async function openMomo(page: Page, label: string, lang?: string): Promise<string> {
  const ref = txnRef(label);
  expect(await openPay(page, payFields(ref, WALLET_FIELDS))).toBe(200);
  const session = new URL(page.url()).searchParams.get('p');
  expect(session).toBeTruthy();
  await page.goto(`${checkoutBase()}/payment/momo?p=${session}${lang ? `&lang=${lang}` : ''}`);
  await whenHydrated(page.getByRole('textbox').first());
  return ref;
}

async function callsTo(ref: string, path: string) {
  return (await sandboxPayment(ref)).payment!.calls.filter((c) => c.path === path);
}

describe('MoMo: paying', () => {
  it('refuses a bad number, initiates, and after the approval shows its success and reaches the store once, 5 s later', async () => {
    const page = await b.newPage();
    const ref = await openMomo(page, 'momo-paid');
    await page.getByRole('heading', { level: 1, name: 'Pay with MoMo' }).waitFor();
    expect(await phoneField(page).getAttribute('placeholder')).toBe('080 XXXX XXXX');
    await expectAccessible(page, 'MoMo validation');

    // A bad number: the rule's message, nothing sent.
    await phoneField(page).fill('0801234567');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Phone number must be 11 digits', { exact: true }).waitFor();
    await expectAccessible(page, 'MoMo validation, bad number');
    expect(await callsTo(ref, INITIATE_PATH)).toEqual([]);

    await phoneField(page).fill(NUMBER);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 1, name: 'Authorize the payment on your phone' }).waitFor();
    await expectAccessible(page, 'MoMo authorization');
    const initiations = await callsTo(ref, INITIATE_PATH);
    expect(initiations).toHaveLength(1);
    expect((await sandboxPayment(ref)).payment!.channels.momo).toMatchObject({ generation: 1, initiations: 1 });

    // Before the approval, "I have authorized" answers with the authorization failure.
    await page.getByRole('button', { name: 'I have authorized this payment' }).click();
    await page.getByText('Something went wrong...Please go to the previous page and retry.', { exact: true }).waitFor();
    expect(await storeResults(ref)).toEqual([]);

    await simulate(ref, 'success');
    await page.getByRole('button', { name: 'I have authorized this payment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payment Successful!' }).waitFor();
    const shownAt = Date.now();
    await page.getByText('Please do not close this page.', { exact: true }).waitFor();
    await page.getByText(/^You are being redirected to the merchant site, 127\.0\.0\.1:\d+\.$/).waitFor();
    // The result screen's look: its mark, and the receipt (the amount, the merchant, the payment's reference).
    expect(await page.getByRole('status').locator('svg').count()).toBe(1);
    const receipt = await page.getByTestId('receipt').innerText();
    for (const fact of ['NGN 1,500.00', 'Oja Demo Store', 'Payment reference']) expect(receipt, fact).toContain(fact);
    await expectAccessible(page, 'MoMo success');
    // Still here 3.5 s after it showed, however long the checks above took.
    await sleep(Math.max(0, SUCCESS_REDIRECT_MS - 1_500 - (Date.now() - shownAt)));
    expect(await storeResults(ref)).toEqual([]);
    const result = await expectDeliveredOnce(page, ref, '00');
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(SUCCESS_REDIRECT_MS - 500);
    expect(result.fields).toMatchObject({ txnref: ref, resp: '00', amount: '150000' });
    expect(result.fields.payRef).not.toBe('');
  });

  it('a failed initiate (08000000000) says "Failed to initiate payment" and stays on validation; another number goes on', async () => {
    const page = await b.newPage();
    const ref = await openMomo(page, 'momo-initiate-fails');
    await phoneField(page).fill(FAILING_NUMBER);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Failed to initiate payment', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isVisible()).toBe(true);
    expect(await callsTo(ref, STATUS_PATH)).toEqual([]);
    await phoneField(page).fill(NUMBER);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 1, name: 'Authorize the payment on your phone' }).waitFor();
    // Cancel, the view's one way back at its top, returns to validation, the number kept.
    await (await expectOneWayBack(page, 'Cancel')).click();
    await page.getByRole('heading', { level: 1, name: 'Pay with MoMo' }).waitFor();
    expect(await phoneField(page).inputValue()).toBe(NUMBER);
    expect(await storeResults(ref)).toEqual([]);
  });

  it('a failing initiate call (HTTP 500 by fault injection) and a failing status call ("Unable to requery payment") say so; the payment still completes', async () => {
    const page = await b.newPage();
    await withFaultHeaders(page, INITIATE_PATH, { 'x-sandbox-error-rate': '1' });
    await withFaultHeaders(page, STATUS_PATH, { 'x-sandbox-error-rate': '1' });
    const ref = await openMomo(page, 'momo-faults');
    await phoneField(page).fill(NUMBER);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Failed to initiate payment', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 1, name: 'Authorize the payment on your phone' }).waitFor();
    await simulate(ref, 'success');
    await page.getByRole('button', { name: 'I have authorized this payment' }).click();
    // The status check failed (HTTP 500): a temporary failure, worded as such (companion §8's requery fallback).
    await page.getByRole('alert').filter({ hasText: 'Unable to requery payment. Please try again' }).waitFor();
    expect(await page.getByText('Something went wrong...Please go to the previous page and retry.').count()).toBe(0);
    await expectAccessible(page, 'status check failed');
    await page.getByRole('button', { name: 'I have authorized this payment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payment Successful!' }).waitFor();
    await expectDeliveredOnce(page, ref, '00');
  });
});

describe('MoMo: leaving and cancelling', () => {
  it('a payer who leaves mid-authorization gets the cancel of core §4 ("Return to merchant Site"), nothing delivered', async () => {
    const page = await b.newPage();
    const ref = await openMomo(page, 'momo-leave');
    await phoneField(page).fill(NUMBER);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 1, name: 'Authorize the payment on your phone' }).waitFor();
    await page.goto(`${storeBase()}/`);
    await expect
      .poll(async () => (await sandboxPayment(ref)).payment?.cancellation ?? null, { timeout: 10_000, interval: 250 })
      .toMatchObject({ reason: 'Return to merchant Site' });
    expect(await storeResults(ref)).toEqual([]);
  });

  it("the header's Cancel payment speaks MoMo's wording and returns Z6 to the store once", async () => {
    const page = await b.newPage();
    const ref = await openMomo(page, 'momo-cancel');
    await phoneField(page).fill(NUMBER);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 1, name: 'Authorize the payment on your phone' }).waitFor();
    await page.getByTestId('cancel-payment').click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Payment?' });
    await dialog.getByText('If you have approved the payment on your phone, please do not cancel or click the back button').waitFor();
    await expectAccessible(page, 'MoMo cancel dialog');
    await dialog.getByRole('button', { name: 'Cancel Payment', exact: true }).click();
    await expectDeliveredOnce(page, ref, 'Z6');
  });
});

describe('MoMo: keyboard and French', () => {
  it('pays by keyboard only: how to pay and back, the number, Next, I have authorized by Enter', async () => {
    const page = await b.newPage();
    const ref = await openMomo(page, 'momo-keyboard');
    const focusOn = async (name: string) => {
      const target = page.getByRole('button', { name, exact: true });
      for (let i = 0; i < 30 && !(await target.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
      expect(await target.evaluate((el) => el === document.activeElement), name).toBe(true);
    };
    await focusOn('How to pay');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'How to pay with MoMo' }).waitFor();
    await focusOn('Back');
    await page.keyboard.press('Enter');
    const field = phoneField(page);
    await field.waitFor();
    for (let i = 0; i < 30 && !(await field.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    await page.keyboard.type(NUMBER);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Authorize the payment on your phone' }).waitFor();
    await simulate(ref, 'success');
    // The authorization view gives its one action the focus: Enter at once.
    expect(await page.getByRole('button', { name: 'I have authorized this payment' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Payment Successful!' }).waitFor();
    await expectDeliveredOnce(page, ref, '00');
  });

  it('speaks French, with no serious axe violation', async () => {
    const page = await b.newPage({ locale: 'fr-FR', extraHTTPHeaders: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    await openMomo(page, 'momo-fr');
    await page.getByRole('heading', { level: 1, name: 'Payer avec MoMo' }).waitFor();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByText('Le numéro de téléphone doit comporter 11 chiffres', { exact: true }).waitFor();
    await expectAccessible(page, 'MoMo validation, French');
    await page.getByRole('button', { name: 'Comment payer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Comment payer avec MoMo' }).waitFor();
    await expectAccessible(page, 'MoMo how to pay, French');
  });
});
