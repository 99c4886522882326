// DRC mobile money end to end in REDIRECT mode (companion §2 "DRC mobile wallet screen", "DRC USSD notification
// screen", §4 "DRC wallet", §5, §7, §9): the provider list (and its failure, with Retry), the form by keyboard
// alone, the USSD page and what reaches the store, 02 from the wallet, ORANGE's "Transaction in Progress" and the
// 30 s polling timeout on Playwright's clock, a reload of the USSD page, and a payer whose browser speaks fr-CD.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  expectAccessible,
  expectDeliveredOnce,
  hideServerDate,
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

const BASE_PATH = '/payment/drc-mobile-money';
const USSD_PATH = `${BASE_PATH}/ussd`;
const PROVIDERS_PATH = '/api/v1/countries/countryList';
const PAYMENT_PATH = '/api/v2/mobile-wallet/payment';
const QUERY_PATH = '/api/v2/mobile-wallet/query';
/** The spec's timings (companion §4, §9), ms. */
const FIRST_QUERY_MS = 4_000;
const ORANGE_FIRST_QUERY_MS = 1_380_000;
const POLL_TIMEOUT_MS = 30_000;
/** The sandbox's test number whose wallet refuses (channels/drc-mobile-money/src/sandbox.ts): 02. */
const WALLET_REFUSES = '990000002';
const NUMBER = '902345678';
/** A CDF payment in the DRC: card and DRC mobile money (CONTRACT §5). */
const DRC = { currency: '976', country: 'CD' };

const b = useBrowser();

const pathOf = (page: Page) => new URL(page.url()).pathname;
const billerSelect = (page: Page, name = 'Biller') => page.getByRole('combobox', { name });
const numberField = (page: Page, name = 'Mobile Number or Wallet ID') => page.getByRole('textbox', { name });

/** A DRC payment offering DRC mobile money alone: it opens by itself, on the form once the providers are in. */
async function openDrc(page: Page, label: string): Promise<string> {
  const ref = txnRef(label);
  expect(await openPay(page, payFields(ref, { ...DRC, channels: 'DRC_MOBILE_MONEY' }))).toBe(200);
  expect(pathOf(page)).toBe(BASE_PATH);
  await whenHydrated(billerSelect(page));
  return ref;
}

/** Chooses a biller by its label, types the number and presses Pay. */
async function pay(page: Page, biller: string, number = NUMBER): Promise<void> {
  await billerSelect(page).selectOption({ label: biller });
  await numberField(page).fill(number);
  await page.getByRole('button', { name: 'Pay CDF 1500' }).click();
}

/** Presses Tab until the locator has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('The element never got the focus by Tab');
}

const paymentCalls = async (ref: string) => (await sandboxPayment(ref)).payment!.calls.filter((c) => c.path === PAYMENT_PATH);

describe('DRC mobile money: paying', () => {
  it('by keyboard alone from the method list: the form, the USSD page (a reload keeps it), 00 to the store once', async () => {
    const page = await b.newPage();
    const ref = txnRef('drc-ok');
    expect(await openPay(page, payFields(ref, DRC))).toBe(200);
    // A DRC payment: the card and DRC mobile money, nothing else.
    const row = await whenHydrated(page.getByRole('link', { name: /Mobile Money/ }));
    expect(await page.getByRole('link', { name: /Pay with Card/ }).count()).toBe(1);
    expect(await page.getByRole('link', { name: /USSD|Transfer|QR/ }).count()).toBe(0);
    await tabTo(page, row);
    await page.keyboard.press('Enter');

    await whenHydrated(billerSelect(page));
    await page.getByRole('heading', { level: 1, name: 'Pay with Mobile Money' }).waitFor();
    expect(await billerSelect(page).locator('option').allTextContents()).toEqual([
      'Select your biller...',
      'ORANGE',
      'VODACOM',
      'AIRTEL',
      'AFRIMONEY',
    ]);
    expect(await numberField(page).getAttribute('placeholder')).toBe('902345678');
    const payButton = page.getByRole('button', { name: 'Pay CDF 1500' });
    expect(await payButton.isDisabled()).toBe(true);
    await expectAccessible(page, 'the DRC wallet form');

    await tabTo(page, billerSelect(page));
    // ORANGE, then VODACOM.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => billerSelect(page).inputValue()).toBe('102');
    expect(await page.evaluate(() => sessionStorage.getItem('selectedBiller'))).toBe('VODACOM');
    await page.keyboard.press('Tab');
    await page.keyboard.type(NUMBER);
    await expect.poll(() => payButton.isDisabled()).toBe(false);
    await tabTo(page, payButton);
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'USSD Notification' }).waitFor();
    expect(pathOf(page)).toBe(USSD_PATH);
    await page.getByText('Kindly check your mobile phone and enter your pin.').waitFor();
    await page.getByText('We have sent a request for CDF 1500 to VODACOM number +243902345678.').waitFor();
    await page.getByRole('timer').waitFor();
    await expectAccessible(page, 'the USSD notification page');
    const { payment } = await sandboxPayment(ref);
    expect(payment?.channels['drc-mobile-money']).toMatchObject({ provider: 'VODACOM', number: '+243902345678', prompts: 1 });

    // A reload: the page waits on the same biller (sessionStorage), and sends no second prompt.
    await page.reload();
    await whenHydrated(page.getByRole('button', { name: 'Simulate success' }));
    await page.getByRole('heading', { name: 'USSD Notification' }).waitFor();
    await page.waitForResponse((r) => new URL(r.url()).pathname === QUERY_PATH);

    await tabTo(page, page.getByRole('button', { name: 'Simulate success' }));
    await page.keyboard.press('Enter');
    const result = await expectDeliveredOnce(page, ref, '00');
    expect(result.fields).toMatchObject({ txnref: ref, resp: '00', amount: '150000', desc: 'Approved by Financial Institution' });
    expect(result.fields.payRef).toMatch(/^OJA\|DRC\|/);
    expect(await paymentCalls(ref)).toHaveLength(1);
    const queries = (await sandboxPayment(ref)).payment!.calls.filter((c) => c.path === QUERY_PATH);
    for (let i = 1; i < queries.length; i += 1) expect(queries[i].at).toBeGreaterThanOrEqual(queries[i - 1].endedAt!);
  });

  it('a wallet that refuses answers 02: the failure view with the wallet message, one payment call however often Pay is pressed', async () => {
    const page = await b.newPage();
    const ref = await openDrc(page, 'drc-02');
    await billerSelect(page).selectOption({ label: 'AIRTEL' });
    await numberField(page).fill(WALLET_REFUSES);
    // Pressed twice on the button itself: a double tap's second press, timed by the machine's speed, could otherwise
    // land on whatever the failure view puts where Pay was (the cancel link), and open the cancel dialog.
    await page.getByRole('button', { name: 'Pay CDF 1500' }).evaluate((button: HTMLElement) => {
      button.click();
      button.click();
    });
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    await page.getByText('Your mobile wallet could not complete the payment. Try again, or use another payment method.').waitFor();
    await page.getByRole('button', { name: 'Retry payment' }).waitFor();
    await expectAccessible(page, 'the failure view after 02');
    await sleep(300);
    expect(await paymentCalls(ref)).toHaveLength(1);
    // 02 is a failure: nothing goes to the merchant until the payer pays or cancels.
    expect(await storeResults(ref)).toEqual([]);

    // Retry: the form afresh, and a good number pays.
    await page.getByRole('button', { name: 'Retry payment' }).click();
    await whenHydrated(billerSelect(page));
    await pay(page, 'AIRTEL');
    await page.getByRole('heading', { name: 'USSD Notification' }).waitFor();
    await simulate(ref, 'success');
    await expectDeliveredOnce(page, ref, '00');
  });

  it('a failed provider list says "Something went wrong", and Retry loads it', async () => {
    const page = await b.newPage();
    await withFaultHeaders(page, PROVIDERS_PATH, { 'x-sandbox-error-rate': '1' });
    const ref = txnRef('drc-list');
    expect(await openPay(page, payFields(ref, { ...DRC, channels: 'DRC_MOBILE_MONEY' }))).toBe(200);
    const alert = page.getByRole('alert');
    await alert.getByText('Something went wrong', { exact: true }).waitFor();
    await expectAccessible(page, 'the provider list failure');
    await (await whenHydrated(page.getByRole('button', { name: 'Retry' }))).click();
    await whenHydrated(billerSelect(page));
    expect(await billerSelect(page).locator('option').count()).toBe(5);
  });
});

describe('DRC mobile money: the wait, on the page clock', () => {
  it('gives up 30 s after the prompt: "Oops…", and Retry goes back to the method list', async () => {
    const page = await b.newPage();
    await page.clock.install();
    await hideServerDate(page);
    const queries: number[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === QUERY_PATH) queries.push(Date.now());
    });
    const ref = await openDrc(page, 'drc-timeout');
    await pay(page, 'VODACOM');
    await page.getByRole('heading', { name: 'USSD Notification' }).waitFor();
    expect(await page.getByRole('timer').textContent()).toMatch(/^00:(30|29|28)$/);
    await page.clock.fastForward(FIRST_QUERY_MS);
    await expect.poll(() => queries.length).toBeGreaterThanOrEqual(1);
    await page.clock.fastForward(POLL_TIMEOUT_MS);
    await page.getByRole('heading', { name: 'Oops, something went wrong. Please try again.' }).waitFor();
    await expectAccessible(page, 'the wait that timed out');
    const asked = queries.length;
    await page.clock.fastForward(60_000);
    await sleep(300);
    expect(queries.length).toBe(asked);
    expect(await storeResults(ref)).toEqual([]);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.waitForURL((url) => url.pathname === '/payment-methods');
    await page.getByRole('link', { name: /Mobile Money/ }).waitFor();
  });

  it('ORANGE: "Transaction in Progress" from the 30 s mark, no query for 23 minutes, then 00 to the store once', async () => {
    const page = await b.newPage();
    await page.clock.install();
    await hideServerDate(page);
    let queries = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === QUERY_PATH) queries += 1;
    });
    const ref = await openDrc(page, 'drc-orange');
    await pay(page, 'ORANGE');
    await page.getByRole('heading', { name: 'USSD Notification' }).waitFor();
    expect((await sandboxPayment(ref)).payment?.channels['drc-mobile-money']).toMatchObject({ provider: 'ORANGE', number: '243902345678' });
    await page.clock.fastForward(POLL_TIMEOUT_MS);
    await page.getByRole('heading', { name: 'Transaction in Progress' }).waitFor();
    await page.getByText(/ORANGE is confirming your payment/).waitFor();
    expect(await page.getByRole('timer').textContent()).toMatch(/^22:[23]\d$/);
    expect(await page.getByRole('alert').count()).toBe(0);
    await expectAccessible(page, "ORANGE's transaction in progress");
    await page.clock.fastForward(10 * 60_000);
    await sleep(300);
    expect(queries).toBe(0);

    await simulate(ref, 'success');
    await page.clock.fastForward(ORANGE_FIRST_QUERY_MS - POLL_TIMEOUT_MS - 10 * 60_000);
    await expectDeliveredOnce(page, ref, '00');
    expect(queries).toBe(1);
  });
});

describe('DRC mobile money in French', () => {
  it('a browser in Kinshasa asking fr-CD gets the checkout in French, through to the USSD page', async () => {
    const page = await b.newPage({ locale: 'fr-CD' });
    const ref = txnRef('drc-fr');
    expect(await openPay(page, payFields(ref, DRC))).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    const row = await whenHydrated(page.getByRole('link', { name: /Mobile Money/ }));
    await page.getByText('Payez depuis votre portefeuille Mobile Money et validez sur votre téléphone').waitFor();
    await row.click();
    await page.getByRole('heading', { level: 1, name: 'Payer par Mobile Money' }).waitFor();
    const select = await whenHydrated(billerSelect(page, 'Opérateur'));
    expect(await select.locator('option').first().textContent()).toBe('Sélectionnez votre opérateur...');
    await select.selectOption({ label: 'VODACOM' });
    await numberField(page, 'Numéro de mobile ou identifiant du portefeuille').fill(NUMBER);
    await page.getByRole('button', { name: 'Payer CDF 1500' }).click();
    await page.getByRole('heading', { name: 'Notification USSD' }).waitFor();
    await page.getByText('Veuillez consulter votre téléphone mobile et saisir votre code PIN.').waitFor();
    await expectAccessible(page, 'the USSD page in French');
  });
});
