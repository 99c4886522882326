// Uganda mobile money end to end in REDIRECT mode (companion §2, §4, §5, §7, §9): a UGX payment offers only the
// card and mobile money (the wallet never, a merchant's token included), the form's rule, the notification with the
// checkout amount, the approval wait polled every 2 s, the sandbox's outcomes and what reaches the store, a number
// the provider refuses, failing calls (fault injection), keyboard only, French, axe.
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import {
  RESULT_FIELDS,
  expectAccessible,
  expectDeliveredOnce,
  holdStoreReturn,
  openPay,
  payFields,
  sandboxPayment,
  simulate,
  sleep,
  storeResults,
  txnRef,
  useBrowser,
  watchResultScreens,
  whenHydrated,
  withFaultHeaders,
} from './helpers';

const NOTIFICATION_PATH = '/api/v2/ug-mobile-money/payment-notification';
const STATUS_PATH = '/api/v1/ug-mobile-money/status';
const TOKEN_SIGN_IN_PATH = '/api/v1/pay-page/token-authentication';
/** Status requests while the payer approves, ms (companion §4, §9). */
const STATUS_POLL_MS = 2_000;
/** The sandbox's number that no wallet answers to, and its code (channels/uganda-mobile-money/src/sandbox.ts). */
const REFUSED_NUMBER = '0000000000';
const NUMBER = '0772123456';
/** UGX 5,000 with a UGX 200 surcharge, in minor units: the notification must ask for the sum. */
const UGX_FIELDS = { currency: '800', country: 'UG', amount: '500000', surcharge: '20000' };
const CHECKOUT_AMOUNT = '520000';
const PAY = 'Pay UGX 5200';

const b = useBrowser();

const pathOf = (r: Request) => new URL(r.url()).pathname;
const billerSelect = (page: Page) => page.getByRole('combobox', { name: 'Biller' });
const numberField = (page: Page) => page.getByRole('textbox', { name: 'Mobile Number or Wallet ID' });

/** A UGX payment from the method list: its rows, then the mobile money form once hydrated. */
async function openMobileMoney(page: Page, label: string, extra: Record<string, string> = {}): Promise<string> {
  const ref = txnRef(label);
  expect(await openPay(page, payFields(ref, { ...UGX_FIELDS, ...extra }))).toBe(200);
  const rows = page.locator('a[data-method]');
  await rows.first().waitFor();
  expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-method')))).toEqual(['card', 'uganda-mobile-money']);
  await (await whenHydrated(page.getByRole('link', { name: /Pay with Mobile Money/ }))).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/payment/uganda-mobile-money');
  await whenHydrated(billerSelect(page));
  return ref;
}

/** Chooses the biller, types the number and presses Pay. */
async function pay(page: Page, telco: 'MTN' | 'Airtel', number: string): Promise<void> {
  await billerSelect(page).selectOption(telco);
  await numberField(page).fill(number);
  await page.getByRole('button', { name: PAY }).click();
}

/** The calls of a path the sandbox saw for the payment, in order. */
async function callsTo(ref: string, path: string) {
  return (await sandboxPayment(ref)).payment!.calls.filter((c) => c.path === path);
}

describe('Uganda mobile money: paying', () => {
  it('says "Wallet ID is required" under the number or wallet ID left empty (axe-clean), then pays once it is typed', async () => {
    const page = await b.newPage();
    const ref = await openMobileMoney(page, 'ugmm-id-required');
    await billerSelect(page).selectOption('MTN');
    await numberField(page).focus();
    await numberField(page).fill('  ');
    await page.keyboard.press('Tab');
    await page.getByText('Wallet ID is required', { exact: true }).waitFor();
    expect(await numberField(page).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('button', { name: PAY }).isDisabled()).toBe(true);
    await expectAccessible(page, 'Uganda mobile money, wallet ID required');
    expect(await callsTo(ref, NOTIFICATION_PATH)).toEqual([]);
    await numberField(page).fill(NUMBER);
    expect(await page.getByText('Wallet ID is required', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: PAY }).click();
    await expect.poll(async () => (await callsTo(ref, NOTIFICATION_PATH)).length).toBe(1);
  });

  it('offers card and mobile money only; Pay waits for both fields; 09, a status every 2 s, then 00 reaches the store once', async () => {
    const page = await b.newPage();
    const seen = await watchResultScreens(page);
    const notifications: string[] = [];
    page.on('request', (r) => {
      if (pathOf(r) === NOTIFICATION_PATH) notifications.push(r.postData() ?? '');
    });
    const ref = await openMobileMoney(page, 'ugmm-paid');
    await page.getByRole('heading', { level: 1, name: 'Pay with Mobile Money' }).waitFor();
    await page.getByText('Enter your mobile money details below to continue.').waitFor();
    expect(await billerSelect(page).locator('option').allTextContents()).toEqual([
      'Select your biller...',
      'MTN Mobile Money',
      'Airtel Mobile Money',
    ]);
    expect(await numberField(page).getAttribute('placeholder')).toBe('01023456789');

    const payButton = page.getByRole('button', { name: PAY });
    expect(await payButton.isDisabled()).toBe(true);
    await billerSelect(page).selectOption('Airtel');
    expect(await payButton.isDisabled()).toBe(true);
    await numberField(page).fill('   ');
    expect(await payButton.isDisabled()).toBe(true);
    await numberField(page).fill(NUMBER);
    expect(await payButton.isDisabled()).toBe(false);
    // Three presses as fast as a payer can: one notification.
    await payButton.evaluate((el: HTMLElement) => {
      for (let i = 0; i < 3; i += 1) el.click();
    });
    await page.getByRole('heading', { level: 1, name: 'Approve the payment on your phone' }).waitFor();
    await page.getByText(`We have sent a request for UGX 5200 to ${NUMBER} (Airtel Mobile Money).`, { exact: false }).waitFor();
    expect(notifications.map((body) => JSON.parse(body))).toEqual([
      {
        telco: 'Airtel',
        customerId: NUMBER,
        merchantCode: 'MX_DEMO',
        payableCode: 'Default_Payable_MX_DEMO',
        transactionReference: ref,
        amount: Number(CHECKOUT_AMOUNT),
      },
    ]);
    expect((await sandboxPayment(ref)).payment!.channels['uganda-mobile-money']).toMatchObject({ telco: 'Airtel', notifications: 1 });

    // The status every 2 s, one request at a time, while it answers 09.
    await sleep(3 * STATUS_POLL_MS + 500);
    const asked = await callsTo(ref, STATUS_PATH);
    expect(asked.length).toBeGreaterThanOrEqual(3);
    expect(asked.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < asked.length; i += 1) {
      expect(asked[i].at).toBeGreaterThanOrEqual(asked[i - 1].endedAt!);
      expect(asked[i].at - asked[i - 1].at).toBeGreaterThanOrEqual(STATUS_POLL_MS - 50);
      expect(asked[i].at - asked[i - 1].at).toBeLessThanOrEqual(STATUS_POLL_MS + 1_000);
    }
    expect(seen).toEqual([]);

    const release = await holdStoreReturn(page);
    await (await whenHydrated(page.getByRole('button', { name: 'Simulate success' }))).click();
    await expect.poll(() => seen.map((r) => r.title), { timeout: 3 * STATUS_POLL_MS }).toEqual(['Payment Successful']);
    expect(seen[0].cancelButton).toBe(false);
    release();
    const result = await expectDeliveredOnce(page, ref, '00');
    expect(Object.keys(result.fields).sort()).toEqual([...RESULT_FIELDS].sort());
    expect(result.fields).toMatchObject({ txnref: ref, resp: '00', amount: CHECKOUT_AMOUNT, apprAmt: CHECKOUT_AMOUNT, cardNum: '' });
    expect(result.fields.payRef).not.toBe('');
    // Once settled, the status is asked no more.
    const after = (await callsTo(ref, STATUS_PATH)).length;
    await sleep(STATUS_POLL_MS + 500);
    expect((await callsTo(ref, STATUS_PATH)).length).toBe(after);
  });

  it('a failed payment shows the failure view, sends nothing to the store, and Retry payment opens a fresh form', async () => {
    const page = await b.newPage();
    const ref = await openMobileMoney(page, 'ugmm-failed');
    await pay(page, 'MTN', NUMBER);
    await page.getByRole('heading', { name: 'Approve the payment on your phone' }).waitFor();
    await simulate(ref, 'failed');
    await page.getByRole('heading', { name: 'Payment Failed', level: 1 }).waitFor();
    await page.getByTestId('failure-title').getByText('Transaction Failed', { exact: true }).waitFor();
    // Longer than an expired or cancelled result waits: a failure never goes to the merchant.
    await sleep(2_500);
    expect(await storeResults(ref)).toEqual([]);

    await page.getByRole('button', { name: 'Retry payment' }).click();
    await whenHydrated(billerSelect(page));
    expect(await billerSelect(page).inputValue()).toBe('');
    await pay(page, 'MTN', NUMBER);
    await page.getByRole('heading', { name: 'Approve the payment on your phone' }).waitFor();
    expect((await sandboxPayment(ref)).payment!.channels['uganda-mobile-money']).toMatchObject({ generation: 2 });
    await simulate(ref, 'success');
    await expectDeliveredOnce(page, ref, '00');
  });

  it('a number the provider refuses: the notification completes with its code, no status is asked', async () => {
    const page = await b.newPage();
    const ref = await openMobileMoney(page, 'ugmm-refused');
    await pay(page, 'MTN', REFUSED_NUMBER);
    await page.getByRole('heading', { name: 'Payment Failed', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Retry payment' }).waitFor();
    await sleep(STATUS_POLL_MS + 500);
    expect(await callsTo(ref, NOTIFICATION_PATH)).toHaveLength(1);
    expect(await callsTo(ref, STATUS_PATH)).toEqual([]);
    expect(await storeResults(ref)).toEqual([]);
  });
});

describe('Uganda mobile money: failing calls', () => {
  it.each([
    ['answered HTTP 500', 'ugmm-notify-500', { 'x-sandbox-error-rate': '1' }],
    ['dropped', 'ugmm-notify-drop', { 'x-sandbox-drop-rate': '1' }],
  ])('a notification %s completes with an empty code: the generic failure, nothing sent to the phone, Retry sends it', async (_, label, fault) => {
    const page = await b.newPage();
    await withFaultHeaders(page, NOTIFICATION_PATH, fault);
    const ref = await openMobileMoney(page, label);
    await pay(page, 'MTN', NUMBER);
    await page.getByRole('heading', { name: 'Payment Failed', level: 1 }).waitFor();
    await page.getByTestId('failure-title').getByText('Oops, something went wrong...', { exact: true }).waitFor();
    await page.getByText('Something went wrong. Please try again.', { exact: true }).waitFor();
    expect((await sandboxPayment(ref)).payment!.channels['uganda-mobile-money']).toBeUndefined();
    expect(await callsTo(ref, STATUS_PATH)).toEqual([]);
    expect(await storeResults(ref)).toEqual([]);

    // Retry: the fault was for one request; this time the request reaches the phone.
    await page.getByRole('button', { name: 'Retry payment' }).click();
    await whenHydrated(billerSelect(page));
    await pay(page, 'Airtel', NUMBER);
    await page.getByRole('heading', { name: 'Approve the payment on your phone' }).waitFor();
  });

  it('failing status requests back off, say the page keeps trying, and the approval still completes once', async () => {
    const page = await b.newPage();
    // Two failures: the notice shows after the second, and the third request (4 to 6 s later) finds the approval.
    await withFaultHeaders(page, STATUS_PATH, { 'x-sandbox-error-rate': '1' }, 2);
    const ref = await openMobileMoney(page, 'ugmm-status-500');
    await pay(page, 'MTN', NUMBER);
    await page.getByText('We are having trouble confirming your payment. We will keep trying.').waitFor();
    await simulate(ref, 'success');
    await expectDeliveredOnce(page, ref, '00');
    const asked = await callsTo(ref, STATUS_PATH);
    for (let i = 1; i < asked.length; i += 1) expect(asked[i].at).toBeGreaterThanOrEqual(asked[i - 1].endedAt!);
    // Backoff after the first two failures: 2 to 3 s, then 4 to 6 s.
    expect(asked[1].at - asked[0].at).toBeGreaterThanOrEqual(STATUS_POLL_MS - 50);
    expect(asked[2].at - asked[1].at).toBeGreaterThanOrEqual(2 * STATUS_POLL_MS - 50);
  });
});

describe('Uganda mobile money: the market, keyboard, French and accessibility', () => {
  it("a UGX payment with the merchant's access token never opens the wallet", async () => {
    const page = await b.newPage();
    const signIns: string[] = [];
    page.on('request', (r) => {
      if (pathOf(r) === TOKEN_SIGN_IN_PATH) signIns.push(r.url());
    });
    const ref = txnRef('ugmm-token');
    await openPay(page, payFields(ref, { ...UGX_FIELDS, access_token: 'sandbox-access-token', access_token_type: 'Bearer' }));
    await whenHydrated(page.getByRole('link', { name: /Pay with Mobile Money/ }));
    await sleep(1_000);
    expect(new URL(page.url()).pathname).toBe('/payment-methods');
    expect(await page.locator('a[data-method]').evaluateAll((els) => els.map((el) => el.getAttribute('data-method')))).toEqual([
      'card',
      'uganda-mobile-money',
    ]);
    expect(signIns).toEqual([]);
  });

  it('pays by keyboard only: the row, the biller by arrow key, the number, Pay by Enter', async () => {
    const page = await b.newPage();
    const ref = txnRef('ugmm-keyboard');
    await openPay(page, payFields(ref, UGX_FIELDS));
    const row = await whenHydrated(page.getByRole('link', { name: /Pay with Mobile Money/ }));
    // Tab until the row has the focus, as a keyboard user does.
    for (let i = 0; i < 30 && !(await row.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const select = await whenHydrated(billerSelect(page));
    for (let i = 0; i < 30 && !(await select.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => select.inputValue()).toBe('MTN');
    await page.keyboard.press('Tab');
    await page.keyboard.type(NUMBER);
    await page.keyboard.press('Tab');
    await expect.poll(() => page.getByRole('button', { name: PAY }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Approve the payment on your phone' }).waitFor();
    await simulate(ref, 'success');
    await expectDeliveredOnce(page, ref, '00');
  });

  it('axe finds no serious or critical violation on the form, the wait and the cancel dialog, in English and French', async () => {
    const page = await b.newPage();
    const ref = await openMobileMoney(page, 'ugmm-a11y');
    await expectAccessible(page, 'Uganda mobile money form, empty');
    await billerSelect(page).selectOption('MTN');
    await numberField(page).fill(NUMBER);
    await expectAccessible(page, 'Uganda mobile money form, filled');
    await page.getByRole('button', { name: PAY }).click();
    await page.getByRole('heading', { name: 'Approve the payment on your phone' }).waitFor();
    await expectAccessible(page, 'Uganda mobile money approval wait');

    await page.getByTestId('cancel-payment').click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Payment?' });
    await dialog.getByText('If you have approved the payment on your phone, please do not cancel or click the back button').waitFor();
    await expectAccessible(page, 'Uganda mobile money cancel dialog');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
    expect((await sandboxPayment(ref)).payment!.cancellation).toBeNull();

    const fr = await b.newPage({ locale: 'fr-FR', extraHTTPHeaders: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    await openPay(fr, payFields(txnRef('ugmm-a11y-fr'), UGX_FIELDS));
    await (await whenHydrated(fr.getByRole('link', { name: /Payer par Mobile Money/ }))).click();
    await whenHydrated(fr.getByRole('combobox', { name: 'Opérateur' }));
    await fr.getByText('Saisissez vos informations Mobile Money ci-dessous pour continuer.').waitFor();
    await expectAccessible(fr, 'Uganda mobile money form, French');
    await fr.getByRole('combobox', { name: 'Opérateur' }).selectOption('Airtel');
    await fr.getByRole('textbox', { name: 'Numéro de mobile ou identifiant de portefeuille' }).fill(NUMBER);
    await fr.getByRole('button', { name: 'Payer UGX 5200' }).click();
    await fr.getByRole('heading', { name: 'Approuvez le paiement sur votre téléphone' }).waitFor();
    await expectAccessible(fr, 'Uganda mobile money approval wait, French');
  });
});
