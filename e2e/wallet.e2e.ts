// The wallet end to end (REDIRECT mode, the sandbox wallet of the README): sign-in and its messages, the saved
// cards, paying with a saved Verve (PIN) and Mastercard (expiry, CVV, OTP), sign out, the merchant's access
// token, and axe on every wallet screen.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  card,
  expectAccessible,
  expectDeliveredOnce,
  futureExpiry,
  openPay,
  payFields,
  storeResults,
  txnRef,
  useBrowser,
  whenHydrated,
} from './helpers';

const USERNAME = 'ada@oja.test';
const PASSWORD = 'Sandbox123';
const SAVED_CARDS = ['Verve ending in 7499', 'Visa ending in 2503', 'Mastercard ending in 0008', 'Verve e-cash'];

const b = useBrowser();

/** Card and wallet offered: the method list's "Login to wallet" row opens the sign-in. */
async function openSignIn(page: Page, label: string, extra: Record<string, string> = {}): Promise<string> {
  const ref = txnRef(label);
  expect(await openPay(page, payFields(ref, { channels: 'CARD,WALLET', ...extra }))).toBe(200);
  await (await whenHydrated(page.getByRole('link', { name: /Login to wallet/ }))).click();
  await page.getByRole('heading', { name: 'Login to wallet' }).waitFor();
  await whenHydrated(page.getByLabel('Email, phone number or username'));
  return ref;
}

async function signIn(page: Page, username = USERNAME, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email, phone number or username').fill(username);
  await page.getByLabel('Password or PIN', { exact: true }).fill(password);
  await page.getByTestId('wallet-sign-in').click();
}

/** The list shows the four saved cards by brand and last four (none for e-cash), by their accessible names. */
async function expectSavedCards(page: Page): Promise<void> {
  const list = page.getByRole('list', { name: 'Saved cards' });
  await list.waitFor();
  expect(await list.getByRole('button').count()).toBe(SAVED_CARDS.length);
  for (const name of SAVED_CARDS) expect(await list.getByRole('button', { name, exact: true }).count(), name).toBe(1);
}

describe('wallet sign-in', () => {
  it('asks for both fields, SHOW/HIDE toggles the password, a wrong password says so and the payer tries again', async () => {
    const page = await b.newPage();
    const ref = await openSignIn(page, 'wallet-signin');
    const password = page.getByLabel('Password or PIN', { exact: true });
    const requests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/wallets') requests.push(r.postData() ?? '');
    });

    await page.getByTestId('wallet-sign-in').click();
    await page.getByText('Username is required', { exact: true }).waitFor();
    await page.getByText('Password is required', { exact: true }).waitFor();
    expect(requests).toEqual([]);
    await expectAccessible(page, 'wallet sign-in with its messages');

    expect(await password.getAttribute('type')).toBe('password');
    await password.fill('Sandbox999');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await page.getByRole('button', { name: 'Hide password' }).textContent()).toBe('HIDE');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    expect(await page.getByRole('button', { name: 'Show password' }).textContent()).toBe('SHOW');

    await page.getByLabel('Email, phone number or username').fill(USERNAME);
    await page.getByTestId('wallet-sign-in').click();
    await page.getByText('Invalid login credentials. Please try again.', { exact: true }).waitFor();
    expect(requests).toHaveLength(1);
    expect(await page.getByRole('heading', { name: 'Login to wallet' }).count()).toBe(1);

    await password.fill(PASSWORD);
    await page.getByTestId('wallet-sign-in').click();
    await expectSavedCards(page);
    await page.getByText('Signed in as Ada Sandbox').waitFor();
    expect(requests).toHaveLength(2);
    expect(new URL(page.url()).pathname).toBe('/payment/wallet');
    // Each saved card is a row like the method list's: full width (as the button under the list), with its chevron.
    const newCard = (await page.getByRole('link', { name: 'Pay with a new card' }).boundingBox())!;
    for (const name of SAVED_CARDS) {
      const row = page.getByRole('button', { name });
      expect(Math.round((await row.boundingBox())!.width)).toBe(Math.round(newCard.width));
      // The brand's mark first, the chevron (18 px, as on the method list) last.
      expect(await row.locator('svg').count()).toBe(2);
      expect(Math.round((await row.locator('svg').last().boundingBox())!.width)).toBe(18);
    }
    await expectAccessible(page, 'wallet card list');
    expect(await storeResults(ref)).toEqual([]);
  });

  // A token wallet must not sign the payer back in with the merchant's token either.
  it.each(['a password', "the merchant's access token"])('sign out (signed in with %s) returns to the sign-in and forgets the list', async (how) => {
    const page = await b.newPage();
    if (how === 'a password') {
      await openSignIn(page, 'wallet-signout');
      await signIn(page, 'ada');
    } else {
      await openPay(
        page,
        payFields(txnRef('wallet-signout-token'), { channels: 'CARD,WALLET', access_token: 'sandbox-access-token', access_token_type: 'Bearer' }),
      );
    }
    await expectSavedCards(page);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Login to wallet' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/payment/wallet/login');
    expect(await page.getByLabel('Email, phone number or username').inputValue()).toBe('');
    expect(await page.getByLabel('Password or PIN', { exact: true }).inputValue()).toBe('');
    expect(await page.getByText('Signed in as').count()).toBe(0);

    // Back to the wallet from the method list: the sign-in again, not the list.
    await page.getByRole('link', { name: 'Change payment method' }).click();
    await page.getByRole('link', { name: /Login to wallet/ }).click();
    await page.getByRole('heading', { name: 'Login to wallet' }).waitFor();
    expect(await page.getByRole('list', { name: 'Saved cards' }).count()).toBe(0);
  });
});

describe('paying with a saved card', () => {
  it('the saved Verve: no details to give, its PIN, and 00 reaches the store once', async () => {
    const page = await b.newPage();
    const ref = await openSignIn(page, 'wallet-verve');
    const bodies: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/pay') bodies.push(JSON.parse(r.postData() ?? '{}'));
    });
    await signIn(page, '08000000000');
    await page.getByRole('button', { name: 'Verve ending in 7499' }).click();
    await page.getByText('No more details are needed for this card.').waitFor();
    // The chosen card's line: its name right beside its brand mark, both at the start of the line (issue 34).
    const line = page.getByTestId('wallet-card-line');
    await line.locator('svg').first().waitFor();
    const [lineBox, markBox, textBox] = await Promise.all([
      line.boundingBox(),
      line.locator('svg').first().boundingBox(),
      line.getByText('Verve ending in 7499', { exact: true }).boundingBox(),
    ]);
    expect(markBox!.x - lineBox!.x).toBeLessThan(2);
    expect(textBox!.x - (markBox!.x + markBox!.width)).toBeLessThanOrEqual(16);
    expect(textBox!.x + textBox!.width).toBeLessThan(lineBox!.x + lineBox!.width - 40);
    expect(await page.getByLabel('Card number').count()).toBe(0);
    expect(await page.getByLabel('Expiry date').count()).toBe(0);
    expect(await page.getByLabel('CVV').count()).toBe(0);
    await page.getByRole('link', { name: 'Select a card' }).waitFor();
    await page.getByTestId('card-pay').click();
    await card.pin(page);

    await expectDeliveredOnce(page, ref, '00');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      instrumentIdentifier: expect.any(String),
      walletInfo: { walletId: expect.any(String), walletCardName: 'Verve debit' },
    });
    expect(await card.counters(ref)).toMatchObject({ binLookups: 1, charges: 1 });
  });

  it('the saved Mastercard asks for expiry and CVV (axe-clean), then its OTP, and pays', async () => {
    const page = await b.newPage();
    const ref = await openSignIn(page, 'wallet-mc');
    await signIn(page);
    await page.getByRole('button', { name: 'Mastercard ending in 0008' }).click();
    const expiry = await whenHydrated(page.getByLabel('Expiry date'));
    expect(await page.getByLabel('CVV').count()).toBe(1);
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await page.getByTestId('card-pay').click();
    await page.getByText('Provide card expiry', { exact: true }).waitFor();
    await page.getByText('Provide card CVV', { exact: true }).waitFor();
    await expectAccessible(page, 'wallet card detail with its messages');

    await expiry.fill(futureExpiry());
    await page.getByLabel('CVV').fill('123');
    await page.getByTestId('card-pay').click();
    await card.otp(page);
    await expectDeliveredOnce(page, ref, '00');
    expect(await card.counters(ref)).toMatchObject({ charges: 1, otpSends: 1 });
  });
});

describe("the merchant's access token", () => {
  it('opens the card list directly, without the sign-in, and a saved card pays', async () => {
    const page = await b.newPage();
    // Whether the sign-in form ever shows, seen from inside the page.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('input[name="username"]')) document.documentElement.dataset.sawSignIn = 'true';
      }).observe(document, { subtree: true, childList: true });
    });
    const ref = txnRef('wallet-token');
    await openPay(page, payFields(ref, { channels: 'CARD,WALLET', access_token: 'sandbox-access-token', access_token_type: 'Bearer' }));
    await expectSavedCards(page);
    await page.getByText('Signed in as Ada Sandbox').waitFor();
    expect(new URL(page.url()).pathname).toBe('/payment/wallet');
    expect(await page.evaluate(() => document.documentElement.dataset.sawSignIn)).toBeUndefined();

    await page.getByRole('button', { name: 'Verve e-cash' }).click();
    await page.getByText('No more details are needed for this card.').waitFor();
    await page.getByTestId('card-pay').click();
    await card.pin(page);
    await expectDeliveredOnce(page, ref, '00');
  });
});
