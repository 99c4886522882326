// Pay on credit end to end in REDIRECT mode (companion §2 "Pay on credit page", §4 "Credit", §5, §6, §7, §8; CONTRACT
// §5): the phone sign-in and its OTP (a wrong one, then the right one), the wallet sign-in, bank details, the offers
// (bank providers first), a lender's offer paid with the card, its PIN and the OTP (00 to the store once), a bank's
// offer through its OTP, no offer, the banks failing to load, the offers failing then Retry, the token's LS3, Back
// through every step, keyboard only, French, axe on every step.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  checkoutBase,
  expectAccessible,
  expectDeliveredOnce,
  futureExpiry,
  openPay,
  payFields,
  SANDBOX_PIN,
  sandboxPayment,
  storeResults,
  TEST_CARDS,
  txnRef,
  useBrowser,
  whenHydrated,
  withFaultHeaders,
  expectOneWayBack,
} from './helpers';

const BANKS_PATH = '/api/v1/credit/banks';
const OFFERS_PATH = '/api/v1/credit';
const ACCEPT_PATH = '/api/v1/credit/token/validate-pay';
/** The sandbox's customers (CONTRACT §5): offers of banks and other lenders, and none. */
const OFFERS_PHONE = '08012345678';
const NO_OFFER_PHONE = '08000000000';
const OTP = '123456';
const ACCOUNT = '0123456789';

const b = useBrowser();

/** A payment offering pay on credit alone: its phone sign-in opens by itself, in the server's HTML. */
async function openCredit(page: Page, label: string, extra: Record<string, string> = {}): Promise<string> {
  const ref = txnRef(label);
  expect(await openPay(page, payFields(ref, { channels: 'CREDIT', ...extra }))).toBe(200);
  await whenHydrated(page.getByLabel('Phone number'));
  return ref;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

async function signIn(page: Page, phone = OFFERS_PHONE) {
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Continue' }).click();
  await heading(page, 'Verify your phone number').waitFor();
  await page.getByLabel('OTP', { exact: true }).fill(OTP);
  await page.getByRole('button', { name: 'Verify' }).click();
  await heading(page, 'Bank details').waitFor();
}

async function skipToOffers(page: Page) {
  await page.getByTestId('credit-skip').click();
  await heading(page, 'Choose a loan offer').waitFor();
  await page.getByTestId('credit-offers').waitFor();
}

/** From the offers: the lender "Oja Credit" (not a bank), then the card's details. */
async function chooseLender(page: Page) {
  await page.getByRole('button', { name: 'See more options' }).click();
  await page.getByRole('radio', { name: /Oja Credit/ }).check();
  await page.getByTestId('credit-offer-continue').click();
  await whenHydrated(page.getByLabel('Card number'));
}

async function enterCard(page: Page, number: string = TEST_CARDS.pinThenOtp) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill(futureExpiry());
  await page.getByLabel('CVV').fill('123');
  await page.getByTestId('card-pay').click();
  await page.getByTestId('pin-pad').waitFor();
}

async function enterPin(page: Page, pin = SANDBOX_PIN) {
  for (const d of pin) await page.getByRole('button', { name: `Digit ${d}`, exact: true }).click();
  await page.getByTestId('pin-authorize').click();
}

const focused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Tabs until the target has the focus (keyboard only), at most 40 presses. */
async function tabToward(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 40 && !(await focused(target)); i += 1) await page.keyboard.press('Tab');
  expect(await focused(target)).toBe(true);
}

async function callsTo(ref: string, path: string) {
  return (await sandboxPayment(ref)).payment!.calls.filter((c) => c.path === path);
}

describe('Pay on credit: a lender that is not a bank', () => {
  it('signs in by phone, skips bank details, pays the offer with card, PIN and OTP: 00 reaches the store once', async () => {
    const page = await b.newPage();
    const ref = await openCredit(page, 'credit-lender');
    await heading(page, 'Pay on Credit').waitFor();
    expect(await page.getByLabel('Phone number').getAttribute('placeholder')).toBe('080 XXXX XXXX');
    await expectAccessible(page, 'credit phone sign-in');

    // The phone rules (companion §5), nothing sent.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Phone number is required', { exact: true }).waitFor();
    await page.getByLabel('Phone number').fill('0801234');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Phone number is incomplete', { exact: true }).waitFor();
    expect(await callsTo(ref, '/api/v1/credit/generate')).toEqual([]);

    await page.getByLabel('Phone number').fill(OFFERS_PHONE);
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading(page, 'Verify your phone number').waitFor();
    await page.getByText(/Resend OTP in 00:\d\d/).waitFor();
    await expectAccessible(page, 'credit sign-in OTP');
    await page.getByLabel('OTP', { exact: true }).fill(OTP);
    await page.getByRole('button', { name: 'Verify' }).click();
    await heading(page, 'Bank details').waitFor();
    await page.getByTestId('credit-banks').waitFor();
    expect(await page.getByTestId('credit-show-deals').isDisabled()).toBe(true);
    await expectAccessible(page, 'credit bank details');
    await skipToOffers(page);
    await expectAccessible(page, 'credit offers');

    // Bank providers first, and only theirs until "See more options"; Continue needs a choice.
    expect(await page.getByRole('radio').count()).toBe(1);
    await page.getByTestId('credit-offer-continue').click();
    await page.getByText('Kindly select an offer to continue', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'See more options' }).click();
    expect(await page.getByRole('radio').count()).toBe(3);
    await page.getByRole('radio', { name: /Oja Credit/ }).check();
    await page.getByText('NGN 1,650.00', { exact: true }).waitFor();
    await page.getByTestId('credit-offer-continue').click();
    await whenHydrated(page.getByLabel('Card number'));
    await heading(page, 'Card details').waitFor();
    await expectAccessible(page, 'credit card details');

    await enterCard(page);
    await expectAccessible(page, 'credit card PIN');
    await enterPin(page);
    await heading(page, 'Authorize the offer').waitFor();
    await expectAccessible(page, 'credit OTP');
    await page.getByLabel('OTP', { exact: true }).fill(OTP);
    await page.getByRole('button', { name: 'Authorize' }).click();
    const result = await expectDeliveredOnce(page, ref, '00');
    expect(result.fields).toMatchObject({ txnref: ref, resp: '00', amount: '150000' });
    expect(result.fields.payRef).toContain('CREDIT');
    expect(await callsTo(ref, ACCEPT_PATH)).toHaveLength(1);
    const kept = (await sandboxPayment(ref)).payment!.channels.credit as Record<string, unknown>;
    expect(kept).toMatchObject({ tokenRequests: 1, accepts: 1 });
    // Card data only encrypted on the wire, never in what the sandbox keeps.
    expect(JSON.stringify(kept)).not.toContain(TEST_CARDS.pinThenOtp);
  });

  it('a card whose token cannot send its OTP (LS3) fails with "Error generating OTP"; nothing reaches the store', async () => {
    const page = await b.newPage();
    const ref = await openCredit(page, 'credit-ls3');
    await signIn(page);
    await skipToOffers(page);
    await chooseLender(page);
    await enterCard(page, TEST_CARDS.unableToProcess);
    await enterPin(page);
    await page.getByText('Error generating OTP. Please try again', { exact: true }).waitFor();
    expect(await storeResults(ref)).toEqual([]);
  });

  it('a wrong PIN is refused on the PIN step; the right one goes on', async () => {
    const page = await b.newPage();
    await openCredit(page, 'credit-wrong-pin');
    await signIn(page);
    await skipToOffers(page);
    await chooseLender(page);
    await enterCard(page);
    await enterPin(page, '2222');
    await page.getByText('Incorrect PIN', { exact: true }).waitFor();
    await enterPin(page);
    await heading(page, 'Authorize the offer').waitFor();
  });
});

describe('Pay on credit: a bank offer, no offer, wrong OTP', () => {
  it('names a bank account, takes the bank offer through its OTP: 00 reaches the store once', async () => {
    const page = await b.newPage();
    const ref = await openCredit(page, 'credit-bank');
    await signIn(page);
    // The institution by a case-insensitive part of its name; "'…' not found" when none matches.
    await page.getByLabel('Financial institution').fill('nothing like it');
    await page.getByText("'nothing like it' not found", { exact: true }).waitFor();
    await page.getByLabel('Financial institution').fill('zEnI');
    expect(await page.getByRole('radio').count()).toBe(1);
    await page.getByRole('radio', { name: 'Zenith Bank' }).check();
    await page.getByLabel('Account number').fill('0123 456-789 99');
    expect(await page.getByLabel('Account number').inputValue()).toBe(ACCOUNT);
    await page.getByTestId('credit-show-deals').click();
    await page.getByTestId('credit-offers').waitFor();
    await page.getByRole('radio', { name: /Zenith Bank/ }).check();
    await page.getByTestId('credit-offer-continue').click();
    await heading(page, 'Authorize the offer').waitFor();
    await page.getByLabel('OTP', { exact: true }).fill(OTP);
    await page.getByRole('button', { name: 'Authorize' }).click();
    await expectDeliveredOnce(page, ref, '00');
    expect(await callsTo(ref, '/api/v1/credit/token')).toEqual([]);
  });

  it('no offer for 08000000000: "No Offer Available", and Try Other Payment Methods shows the method list', async () => {
    const page = await b.newPage();
    // With the card beside it the list shows first: credit opens from its row.
    const ref = txnRef('credit-no-offer');
    expect(await openPay(page, payFields(ref, { channels: 'CARD,CREDIT' }))).toBe(200);
    await (await whenHydrated(page.getByRole('link', { name: /Pay on Credit/ }))).click();
    await whenHydrated(page.getByLabel('Phone number'));
    await signIn(page, NO_OFFER_PHONE);
    await page.getByTestId('credit-skip').click();
    await heading(page, 'No Offer Available').waitFor();
    await page.getByText('You curently do not have any offer available for the credit amount', { exact: true }).waitFor();
    await expectAccessible(page, 'credit no offer');
    await page.getByRole('button', { name: 'Try Other Payment Methods' }).click();
    await page.waitForURL(/\/payment-methods/);
    await page.getByRole('link', { name: /Pay with Card/ }).waitFor();
    expect(await storeResults(ref)).toEqual([]);
  });

  it('a wrong sign-in OTP says so and is cleared; the right one signs in', async () => {
    const page = await b.newPage();
    await openCredit(page, 'credit-wrong-otp');
    await page.getByLabel('Phone number').fill(OFFERS_PHONE);
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading(page, 'Verify your phone number').waitFor();
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Kindly enter otp sent to your phone number', { exact: true }).waitFor();
    await page.getByLabel('OTP', { exact: true }).fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('OTP supplied is invalid. Please try again', { exact: true }).waitFor();
    expect(await page.getByLabel('OTP', { exact: true }).inputValue()).toBe('');
    await page.getByLabel('OTP', { exact: true }).fill(OTP);
    await page.getByRole('button', { name: 'Verify' }).click();
    await heading(page, 'Bank details').waitFor();
  });

  it('a phone the lenders do not know (LS1) gives "Invalid phone number provided"', async () => {
    const page = await b.newPage();
    await openCredit(page, 'credit-unknown-phone');
    await page.getByLabel('Phone number').fill('08099999999');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Invalid phone number provided. Please try again.', { exact: true }).waitFor();
    await heading(page, 'Pay on Credit').waitFor();
  });

  it('signs in with the wallet instead (hidden by default): its rules, SHOW/HIDE, then bank details', async () => {
    const page = await b.newPage();
    await openCredit(page, 'credit-wallet');
    await page.getByRole('button', { name: 'Sign in with your wallet instead' }).click();
    await heading(page, 'Login to wallet').waitFor();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Username is required', { exact: true }).waitFor();
    await page.getByText('Password is required', { exact: true }).waitFor();
    await page.getByLabel('Email, phone number or username').fill('ada@oja.test');
    await page.getByLabel('Password', { exact: true }).fill('Sandbox123');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await expectAccessible(page, 'credit wallet sign-in');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await heading(page, 'Bank details').waitFor();
    await skipToOffers(page);
  });
});

describe('Pay on credit: failing calls', () => {
  it('the banks failing to load say "Could not fetch banks"; Try again lists them', async () => {
    const page = await b.newPage();
    await withFaultHeaders(page, BANKS_PATH, { 'x-sandbox-error-rate': '1' });
    await openCredit(page, 'credit-banks-fail');
    await signIn(page);
    await page.getByText('Could not fetch banks', { exact: true }).waitFor();
    await expectAccessible(page, 'credit banks failed');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('credit-banks').waitFor();
  });

  it('the offers failing say "Failed to get offers"; Retry fetches them', async () => {
    const page = await b.newPage();
    await withFaultHeaders(page, OFFERS_PATH, { 'x-sandbox-error-rate': '1' });
    const ref = await openCredit(page, 'credit-offers-fail');
    await signIn(page);
    await page.getByTestId('credit-skip').click();
    await heading(page, 'Failed to get offers').waitFor();
    await page.getByText('Something went wrong, please try again', { exact: true }).waitFor();
    await expectAccessible(page, 'credit offers failed');
    await page.getByTestId('credit-offers-retry').click();
    await page.getByTestId('credit-offers').waitFor();
    expect(await callsTo(ref, OFFERS_PATH)).toHaveLength(2);
  });
});

describe('Pay on credit: Back, keyboard, French', () => {
  it('Back moves one step at a time, from the OTP to the phone sign-in', async () => {
    const page = await b.newPage();
    await openCredit(page, 'credit-back');
    await signIn(page);
    await skipToOffers(page);
    await chooseLender(page);
    await enterCard(page);
    await enterPin(page);
    await heading(page, 'Authorize the offer').waitFor();
    const steps = ['Enter your card PIN', 'Card details', 'Choose a loan offer', 'Bank details', 'Verify your phone number', 'Pay on Credit'];
    for (const title of steps) {
      // Back is each step's one way back, at its top; Change payment method and the cancel stay at the foot.
      expect(await (await expectOneWayBack(page, 'Back')).getAttribute('data-testid')).toBe('credit-back');
      await page.getByTestId('credit-back').click();
      await heading(page, title).waitFor();
    }
    expect(await page.getByTestId('credit-back').count()).toBe(0);
    // The way forward again: the number is kept.
    expect(await page.getByLabel('Phone number').inputValue()).toBe(OFFERS_PHONE);
  });

  it('takes a bank offer by keyboard only', async () => {
    const page = await b.newPage();
    const ref = await openCredit(page, 'credit-keyboard');
    const tabTo = (target: Locator) => tabToward(page, target);
    await tabTo(page.getByLabel('Phone number'));
    await page.keyboard.type(OFFERS_PHONE);
    await page.keyboard.press('Enter');
    await heading(page, 'Verify your phone number').waitFor();
    await tabTo(page.getByLabel('OTP', { exact: true }));
    await page.keyboard.type(OTP);
    await page.keyboard.press('Enter');
    await page.getByTestId('credit-banks').waitFor();
    await tabTo(page.getByTestId('credit-skip'));
    await page.keyboard.press('Enter');
    await page.getByTestId('credit-offers').waitFor();
    await tabTo(page.getByRole('radio').first());
    await page.keyboard.press('Space');
    await tabTo(page.getByTestId('credit-offer-continue'));
    await page.keyboard.press('Enter');
    await heading(page, 'Authorize the offer').waitFor();
    await tabTo(page.getByLabel('OTP', { exact: true }));
    await page.keyboard.type(OTP);
    await page.keyboard.press('Enter');
    await expectDeliveredOnce(page, ref, '00');
  });

  it("pays a lender's offer by keyboard only: the offer, the card, the PIN typed on the pad, the OTP", async () => {
    const page = await b.newPage();
    const ref = await openCredit(page, 'credit-keyboard-card');
    await signIn(page);
    const tabTo = (target: Locator) => tabToward(page, target);
    await tabTo(page.getByTestId('credit-skip'));
    await page.keyboard.press('Enter');
    await tabTo(page.getByRole('button', { name: 'See more options' }));
    await page.keyboard.press('Enter');
    await tabTo(page.getByRole('radio').first());
    // Arrow keys move the choice within the group: the bank's offer, then the lenders'.
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: /Oja Credit/ }).isChecked()).toBe(true);
    await tabTo(page.getByTestId('credit-offer-continue'));
    await page.keyboard.press('Enter');
    await whenHydrated(page.getByLabel('Card number'));
    // The card's heading has the focus: the fields follow.
    expect(await focused(heading(page, 'Card details'))).toBe(true);
    await tabTo(page.getByLabel('Card number'));
    await page.keyboard.type(TEST_CARDS.pinThenOtp);
    await page.keyboard.press('Tab');
    await page.keyboard.type(futureExpiry().replace('/', ''));
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');
    await page.getByTestId('pin-pad').waitFor();
    expect(await focused(heading(page, 'Enter your card PIN'))).toBe(true);
    await page.keyboard.type(SANDBOX_PIN);
    await page.keyboard.press('Enter');
    await heading(page, 'Authorize the offer').waitFor();
    await tabTo(page.getByLabel('OTP', { exact: true }));
    await page.keyboard.type(OTP);
    await page.keyboard.press('Enter');
    await expectDeliveredOnce(page, ref, '00');
  });

  it('speaks French, with no serious axe violation', async () => {
    const page = await b.newPage({ locale: 'fr-FR', extraHTTPHeaders: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    const ref = txnRef('credit-fr');
    expect(await openPay(page, payFields(ref, { channels: 'CREDIT' }))).toBe(200);
    await whenHydrated(page.getByLabel('Numéro de téléphone'));
    await heading(page, 'Payer à crédit').waitFor();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByText('Le numéro de téléphone est obligatoire', { exact: true }).waitFor();
    await expectAccessible(page, 'credit phone sign-in, French');
    expect(new URL(page.url()).origin).toBe(checkoutBase());
  });
});
