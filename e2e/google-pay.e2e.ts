// Google Pay end to end (issue 15): the sandbox's stand-in of Google's script from the second origin, its sheet's
// three test cards to 00 delivered once (3-D Secure and PIN through the card's own steps), the script failing to
// load, Google Pay not ready, and PAYMENT_DATA_INVALID; the policy allows the script only where Google Pay is offered.
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  card,
  expectAccessible,
  expectDeliveredOnce,
  cspDirective,
  expectFailureView,
  openPay,
  pagePolicy,
  payFields,
  sandboxPayment,
  storeResults,
  tabTo,
  txnRef,
  useBrowser,
  whenHydrated,
  sleep,
  storeBase,
} from './helpers';
import { expectCompletedOnce, expectOnlyCheckoutMessages, openStore, overlayFrame, waitForCallback } from './store-sdk';

const b = useBrowser();
const outsideBase = () => inject('outsideBase');
const SCRIPT_PATH = '/gp/p/js/pay.js';
const SHEET = {
  atOnce: 'Visa •••• 1111: pays at once',
  threeDs: 'Visa •••• 2503: 3-D Secure (code 123456)',
  pin: 'Mastercard •••• 0008: PIN (1111)',
  broken: 'Broken payment data: the checkout refuses it (PAYMENT_DATA_INVALID)',
};
const INVALID = 'An error occurred, kindly use a different payment option';

/** Opens a payment offering Google Pay (alone: it opens by itself) and waits for Google's button. */
async function openGooglePay(page: Page, label: string, extra: Record<string, string> = {}): Promise<string> {
  const ref = txnRef(label);
  expect(await openPay(page, payFields(ref, { channels: 'GOOGLE_PAY', ...extra }))).toBe(200);
  await page.getByRole('heading', { name: 'Pay with Google Pay' }).waitFor();
  await page.getByText('Click on the button below to start payment.').waitFor();
  return ref;
}

/** Google's button, then a card of the stand-in's sheet. */
async function chooseInSheet(page: Page, option: string): Promise<void> {
  await (await whenHydrated(page.getByRole('button', { name: 'Pay with Google Pay' }))).click();
  const sheet = page.getByRole('dialog', { name: 'Google Pay (sandbox)' });
  await sheet.waitFor();
  await sheet.getByRole('button', { name: option }).click();
}

/** Every payment call's body, as the page sent it. */
function payBodies(page: Page, path = '/api/v1/pay'): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === path && r.method() === 'POST') bodies.push(JSON.parse(r.postData() ?? '{}'));
  });
  return bodies;
}

describe("Google Pay's three test cards", () => {
  it('"pays at once": the CVV rule after the first click, then 00 reaches the store once, the token on the lookup and the payment', async () => {
    const page = await b.newPage();
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    const lookups = payBodies(page, '/api/v1/merchantbins');
    const payments = payBodies(page);
    const ref = await openGooglePay(page, 'gpay-at-once');
    await page.getByRole('button', { name: 'Pay with Google Pay' }).waitFor();
    // The script comes from the second origin when the screen opens.
    expect(urls.filter((u) => new URL(u).pathname === SCRIPT_PATH).map((u) => new URL(u).origin)).toEqual([outsideBase()]);
    await expectAccessible(page, 'Google Pay with its button');
    await chooseInSheet(page, SHEET.atOnce);
    await page.getByText('Visa ending in 1111').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    const pay = page.getByTestId('card-pay');
    expect(await pay.textContent()).toBe('Pay NGN 1,500.00');
    await pay.click();
    await page.getByText('Provide card CVV', { exact: true }).waitFor();
    expect(payments).toEqual([]);
    await expectAccessible(page, 'Google Pay CVV with its message');
    await page.getByLabel('CVV').fill('123');
    await pay.click();
    await expectDeliveredOnce(page, ref, '00');
    expect(lookups).toHaveLength(1);
    expect(payments).toHaveLength(1);
    for (const body of [...lookups, ...payments]) {
      expect(JSON.parse(String(body.googlePayToken)).protocolVersion).toBe('ECv2');
      expect(body.secureData).toEqual(expect.any(String));
      expect(JSON.stringify(body)).not.toContain('1111111111111111');
    }
    expect(urls.some((u) => /1111111111111111|cvv/i.test(u))).toBe(false);
  });

  it('"3-D Secure": the card\'s 3-D Secure step, its code, and 00 once (Google Pay beside the card, from the method list)', async () => {
    const page = await b.newPage();
    const ref = txnRef('gpay-3ds');
    await openPay(page, payFields(ref, { channels: 'CARD,GOOGLE_PAY' }));
    await (await whenHydrated(page.getByRole('link', { name: /Google Pay/ }))).click();
    await page.getByRole('heading', { name: 'Pay with Google Pay' }).waitFor();
    await chooseInSheet(page, SHEET.threeDs);
    await page.getByLabel('CVV').fill('123');
    await page.getByTestId('card-pay').click();
    await card.challenge(page);
    await expectDeliveredOnce(page, ref, '00');
    const { payment } = await sandboxPayment(ref);
    expect(payment?.channels.card).toMatchObject({ charges: 1, challenge: { completedAt: expect.any(Number) } });
  });

  it('"PIN": the card\'s PIN pad with 1111, and 00 once, on a payment that does not offer typed cards', async () => {
    const page = await b.newPage();
    const ref = await openGooglePay(page, 'gpay-pin');
    await chooseInSheet(page, SHEET.pin);
    await page.getByText('Mastercard ending in 0008').waitFor();
    await page.getByLabel('CVV').fill('321');
    await page.getByTestId('card-pay').click();
    await card.pin(page);
    await expectDeliveredOnce(page, ref, '00');
    expect(await card.counters(ref)).toMatchObject({ charges: 1, binLookups: 1 });
  });
});

describe('under an acquirer that forces Google Pay on', () => {
  it("HALO: a merchant that asked only for card and transfer pays with Google Pay from the list, the sandbox's gateway data with it", async () => {
    const page = await b.newPage();
    const ref = txnRef('gpay-halo');
    expect(await openPay(page, payFields(ref, { channels: 'CARD,TRANSFER', acquirer: 'HALO' }))).toBe(200);
    await page.getByRole('img', { name: 'HALO' }).first().waitFor();
    await (await whenHydrated(page.getByRole('link', { name: /Google Pay/ }))).click();
    await page.getByRole('heading', { name: 'Pay with Google Pay' }).waitFor();
    // Google's button, not "not available": the payment carries the merchant's Google Pay gateway.
    await page.getByRole('button', { name: 'Pay with Google Pay' }).waitFor();
    expect(await page.getByText('Google Pay is not available', { exact: false }).count()).toBe(0);
    await expectAccessible(page, 'Google Pay under HALO');
    await chooseInSheet(page, SHEET.atOnce);
    await page.getByText('Visa ending in 1111').waitFor();
    await page.getByLabel('CVV').fill('123');
    await page.getByTestId('card-pay').click();
    await expectDeliveredOnce(page, ref, '00');
    expect(await card.counters(ref)).toMatchObject({ charges: 1, binLookups: 1 });
  });
});

describe('after a refusal, and by keyboard', () => {
  it('a wrong PIN is declined (55); Retry returns to Google Pay, not to the card entry, and another card pays', async () => {
    const page = await b.newPage();
    const ref = txnRef('gpay-retry');
    await openPay(page, payFields(ref, { channels: 'CARD,TRANSFER,GOOGLE_PAY' }));
    await (await whenHydrated(page.getByRole('link', { name: /Google Pay/ }))).click();
    await chooseInSheet(page, SHEET.pin);
    await page.getByLabel('CVV').fill('321');
    await page.getByTestId('card-pay').click();
    await card.pin(page, '2580');
    await expectFailureView(page, 'Your bank declined the transaction. Contact your bank or use a different card or payment method');
    const alternatives = page.getByRole('list', { name: 'or select an alternative payment method' });
    await alternatives.getByRole('link', { name: /Pay with Card/ }).waitFor();
    expect(await alternatives.getByRole('link', { name: /Google Pay/ }).count()).toBe(0);
    expect(await storeResults(ref)).toEqual([]);
    await page.getByRole('button', { name: 'Retry payment' }).click();
    await page.getByRole('heading', { name: 'Pay with Google Pay' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/payment/google');
    await chooseInSheet(page, SHEET.atOnce);
    await page.getByLabel('CVV').fill('123');
    await page.getByTestId('card-pay').click();
    await expectDeliveredOnce(page, ref, '00');
  });

  it('completes by keyboard alone: the button, the sheet, the CVV and the PIN pad, each with a visible focus', async () => {
    const page = await b.newPage();
    const ref = await openGooglePay(page, 'gpay-keyboard');
    await whenHydrated(page.getByRole('button', { name: 'Pay with Google Pay' }));
    await tabTo(page, (f) => f.name === 'Pay with Google Pay');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Google Pay (sandbox)' }).waitFor();
    await tabTo(page, (f) => f.name === SHEET.pin, 10, true);
    await page.keyboard.press('Enter');
    await page.getByLabel('CVV').waitFor();
    await tabTo(page, (f) => f.field === 'cvc');
    await page.keyboard.type('321');
    await page.keyboard.press('Enter');
    await whenHydrated(page.getByTestId('pin-pad'));
    await tabTo(page, (f) => /^Digit \d$/.test(f.name));
    await page.keyboard.type('1111');
    await tabTo(page, (f) => f.name === 'Authorize');
    await page.keyboard.press('Enter');
    await expectDeliveredOnce(page, ref, '00');
  });
});

describe('when Google Pay cannot go on', () => {
  it('the script failing to load: a clear error, Try again loads it, and the way to other methods stays', async () => {
    const page = await b.newPage();
    await page.route(`${outsideBase()}${SCRIPT_PATH}`, (r) => r.abort('connectionrefused'));
    await openGooglePay(page, 'gpay-script-fails');
    await page.getByText('Google Pay could not be loaded. Check your connection and try again.').waitFor();
    expect(await page.getByRole('link', { name: 'Change payment method' }).count()).toBe(1);
    await expectAccessible(page, 'Google Pay script failed');
    await page.unroute(`${outsideBase()}${SCRIPT_PATH}`);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Pay with Google Pay' }).waitFor();
  });

  it('not ready (no card of a network the merchant accepts): says so, never a blank screen, and offers the other methods', async () => {
    const page = await b.newPage();
    await openGooglePay(page, 'gpay-not-ready', { card_networks: 'AMEX' });
    await page.getByText('Google Pay is not available for this payment on this device. Please use a different payment option.').waitFor();
    expect(await page.getByRole('button', { name: 'Pay with Google Pay' }).count()).toBe(0);
    await expectAccessible(page, 'Google Pay not ready');
    await page.getByRole('link', { name: 'Change payment method' }).click();
    await page.getByRole('link', { name: /Google Pay/ }).waitFor();
  });

  it("PAYMENT_DATA_INVALID: the sheet refuses the answer with the spec's words, the page says it too, and another card still pays", async () => {
    const page = await b.newPage();
    const payments = payBodies(page);
    const ref = await openGooglePay(page, 'gpay-invalid');
    await chooseInSheet(page, SHEET.broken);
    const sheet = page.getByRole('dialog', { name: 'Google Pay (sandbox)' });
    await sheet.getByRole('alert').getByText(INVALID).waitFor();
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alert').getByText(INVALID).waitFor();
    expect(payments).toEqual([]);
    await expectAccessible(page, 'Google Pay refused data');
    await chooseInSheet(page, SHEET.atOnce);
    await page.getByLabel('CVV').fill('123');
    await page.getByTestId('card-pay').click();
    await expectDeliveredOnce(page, ref, '00');
  });
});

describe('in the INLINE overlay', () => {
  it("pays inside the merchant's overlay: Google's sheet opens in the checkout's frame, and onComplete gets 00 once", async () => {
    const page = await b.newPage();
    const ref = await openStore(page, storeBase(), 'GOOGLE_PAY');
    await page.getByRole('button', { name: 'Pay inline' }).click();
    const frame = await overlayFrame(page);
    await (await whenHydrated(frame.getByRole('button', { name: 'Pay with Google Pay' }))).click();
    const sheet = frame.getByRole('dialog', { name: 'Google Pay (sandbox)' });
    await sheet.getByRole('button', { name: SHEET.atOnce }).click();
    await frame.getByLabel('CVV').fill('123');
    await frame.getByTestId('card-pay').click();
    await waitForCallback(page, 'onComplete');
    // Long enough for a second delivery, were there one.
    await sleep(500);
    await expectCompletedOnce(page, ref, '00');
    await expectOnlyCheckoutMessages(page);
  });
});

describe("Google's script only where Google Pay is offered", () => {
  it('names the second origin for its script, frames, calls and images on a Google Pay payment, and in no other', async () => {
    const withGooglePay = await pagePolicy(payFields(txnRef('gpay-policy'), { channels: 'TRANSFER,GOOGLE_PAY' }));
    for (const d of ['script-src', 'frame-src', 'connect-src', 'img-src']) expect(cspDirective(withGooglePay, d), d).toContain(outsideBase());
    const cardOnly = await pagePolicy(payFields(txnRef('gpay-policy-card'), { channels: 'CARD,TRANSFER' }));
    expect(cspDirective(cardOnly, 'connect-src')).not.toContain(outsideBase());
    expect(cspDirective(cardOnly, 'img-src')).not.toContain(outsideBase());
    const transferOnly = await pagePolicy(payFields(txnRef('gpay-policy-transfer'), { channels: 'TRANSFER' }));
    expect(transferOnly).not.toContain(outsideBase());
  });
});
