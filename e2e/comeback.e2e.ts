// The payer leaves and comes back (issue 32; docs/merchants/verify.md "When the payer leaves and comes back"): the
// page is closed on a channel's waiting screen, the payment settles meanwhile, and the same address opened again
// asks where the payment stands first. Paid: the receipt, then the result to the merchant once, with nothing
// pressed; expired: XS1 once; failed: the failure view, nothing sent. Also a reload while pending, two tabs on one
// settled page, and a page whose session is gone.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SUCCESS_SHOWN_MS } from '@oja/sdk';
import type { SeenResult, StoreResult } from './helpers';
import {
  MERCHANT_NAME,
  TEST_CARDS,
  card,
  checkoutBase,
  expectAccessible,
  expectDeliveredOnce,
  holdStoreReturn,
  payFields,
  postPayFromStore,
  sandboxPayment,
  simulate,
  sleep,
  storeBase,
  storeResults,
  transfer,
  txnRef,
  UI_TIMEOUT_MS,
  useBrowser,
  watchResultScreens,
  whenHydrated,
} from './helpers';

/** An expired or cancelled result goes to the merchant after this, ms (spec core §4): a failure never does. */
const EXPIRED_CANCELLED_WAIT_MS = 2_000;
/** A phone-sized window: the payer who comes back is often on one. */
const PHONE = { viewport: { width: 360, height: 740 } };

/** What a page says when another one sent the result first. */
const ELSEWHERE = `${MERCHANT_NAME} already has this result from another page. You can close this one.`;

const b = useBrowser();

/** A channel's way to its waiting screen, from a payment the store started (REDIRECT). */
interface WaitingScreen {
  name: string;
  fields: Record<string, string>;
  /** The receipt's amount. */
  amount: string;
  /** From the page the payment opened on to the screen where the payer waits (or leaves to pay). */
  reach(page: Page): Promise<void>;
}

const WAITING_SCREENS: WaitingScreen[] = [
  {
    name: 'transfer, the account to pay',
    fields: { channels: 'TRANSFER' },
    amount: 'NGN 1,500.00',
    reach: async (page) => void (await transfer.waitForAccount(page)),
  },
  {
    name: 'USSD, the code to dial',
    fields: { channels: 'USSD' },
    amount: 'NGN 1,500.00',
    async reach(page) {
      await (await whenHydrated(page.getByRole('combobox', { name: 'Choose your bank' }))).selectOption('058');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByTestId('ussd-code').waitFor();
    },
  },
  {
    name: 'pay with app, the confirmation wait',
    fields: { channels: 'PAY_WITH_APP' },
    amount: 'NGN 1,500.00',
    async reach(page) {
      await (await whenHydrated(page.getByRole('button', { name: 'Confirm payment' }))).click();
      await page.getByRole('heading', { name: 'Please hold on while we confirm your transaction' }).waitFor();
    },
  },
  {
    name: 'Uganda mobile money, the approval on the phone',
    fields: { channels: 'UGANDA_MOBILE_MONEY', currency: '800', country: 'UG', amount: '500000', surcharge: '20000' },
    amount: 'UGX 5200',
    async reach(page) {
      await (await whenHydrated(page.getByRole('combobox', { name: 'Biller' }))).selectOption('MTN');
      await page.getByRole('textbox', { name: 'Mobile Number or Wallet ID' }).fill('0772123456');
      await page.getByRole('button', { name: 'Pay UGX 5200' }).click();
      await page.getByRole('heading', { level: 1, name: 'Approve the payment on your phone' }).waitFor();
    },
  },
  {
    name: "the card's PIN step",
    fields: { channels: 'CARD' },
    amount: 'NGN 1,500.00',
    async reach(page) {
      await card.choose(page);
      await card.enter(page, TEST_CARDS.pin);
      await whenHydrated(page.getByTestId('pin-pad'));
    },
  },
];

/** A payment the store started, on the channel's waiting screen: its reference and the address the payer is on. */
async function waiting(page: Page, screen: WaitingScreen, label: string): Promise<{ ref: string; url: string }> {
  const ref = txnRef(label);
  await postPayFromStore(page, payFields(ref, screen.fields));
  await screen.reach(page);
  return { ref, url: page.url() };
}

/** The payer goes away on the waiting screen (the tab closed), and the payment settles meanwhile. */
async function leaveAndSettle(page: Page, screen: WaitingScreen, label: string, outcome: 'success' | 'failed' | 'expired') {
  const away = await waiting(page, screen, label);
  await page.close();
  // At once: the server cancels a payment whose page stays away past its grace (a paid one never).
  await simulate(away.ref, outcome);
  return away;
}

/** A page opened again: the response's status, when it was asked, and the result screens it showed. */
interface Back {
  page: Page;
  status: number;
  at: number;
  seen: SeenResult[];
}

/** The payer opens the address again, in a new tab on a phone. */
async function comeBack(url: string): Promise<Back> {
  const page = await b.newPage(PHONE);
  const seen = await watchResultScreens(page);
  const at = Date.now();
  const res = await page.goto(url);
  return { page, status: res?.status() ?? 0, at, seen };
}

/** The page opened again shows one result screen, `title`, and `resp` reaches the merchant once, not before `afterMs`. */
async function expectResultSent(back: Back, ref: string, resp: string, title: string, afterMs: number): Promise<StoreResult> {
  expect(back.status).toBe(200);
  const delivered = await expectDeliveredOnce(back.page, ref, resp);
  expect(delivered.at - back.at).toBeGreaterThanOrEqual(afterMs);
  expect(back.seen.map((s) => s.title)).toEqual([title]);
  return delivered;
}

describe.each(WAITING_SCREENS)('The page closed on $name, the payment settled meanwhile, the page opened again', (screen) => {
  it('paid: the receipt for 6 s, then 00 to the merchant once, nothing pressed', async () => {
    const { ref, url } = await leaveAndSettle(await b.newPage(), screen, 'back-paid', 'success');
    const back = await comeBack(url);
    // Not before the payer could read the receipt.
    const delivered = await expectResultSent(back, ref, '00', 'Payment Successful', SUCCESS_SHOWN_MS);
    for (const shown of [screen.amount, MERCHANT_NAME, delivered.fields.payRef, `Return to ${MERCHANT_NAME} now`])
      expect(back.seen[0].text).toContain(shown);
  });

  it('expired: Transaction Expired, then XS1 to the merchant once', async () => {
    const { ref, url } = await leaveAndSettle(await b.newPage(), screen, 'back-expired', 'expired');
    await expectResultSent(await comeBack(url), ref, 'XS1', 'Transaction Expired', EXPIRED_CANCELLED_WAIT_MS);
  });

  it('failed: the failure view with Retry, nothing to the merchant', async () => {
    const { ref, url } = await leaveAndSettle(await b.newPage(), screen, 'back-failed', 'failed');
    const { page, status } = await comeBack(url);
    expect(status).toBe(200);
    await page.getByRole('heading', { name: 'Payment Failed', level: 1 }).waitFor();
    await whenHydrated(page.getByRole('button', { name: 'Retry payment' }));
    // Longer than an expired or cancelled result waits: a failure never goes to the merchant.
    await sleep(EXPIRED_CANCELLED_WAIT_MS + 1_000);
    expect(new URL(page.url()).origin).toBe(checkoutBase());
    expect(await storeResults(ref)).toEqual([]);
  });
});

describe('The page closed, and more happened meanwhile', () => {
  it('not back within the grace: the payment cancelled; the page opened again shows Payment Cancelled, Z6 to the merchant once', async () => {
    const page = await b.newPage();
    const { ref, url } = await waiting(page, WAITING_SCREENS[0], 'back-cancelled');
    await page.close();
    await expect
      .poll(async () => (await sandboxPayment(ref)).payment?.cancellation ?? null, { timeout: UI_TIMEOUT_MS, interval: 250 })
      .toMatchObject({ reason: 'Return to merchant Site' });
    await expectResultSent(await comeBack(url), ref, 'Z6', 'Payment Cancelled', EXPIRED_CANCELLED_WAIT_MS);
  });

  it('failed: Retry from the failure view gives a new account, a reload keeps it, and the payment is paid', async () => {
    const page = await b.newPage();
    const { ref, url } = await waiting(page, WAITING_SCREENS[0], 'back-retry');
    const first = await transfer.accountNumber(page).textContent();
    await page.close();
    await simulate(ref, 'failed');
    const back = (await comeBack(url)).page;
    await (await whenHydrated(back.getByRole('button', { name: 'Retry payment' }))).click();
    const second = await transfer.waitForAccount(back);
    expect(second).not.toBe(first);
    // The attempt is open again: a load asks anew and draws the account, not the old failure.
    await back.reload();
    expect(await transfer.waitForAccount(back)).toBe(second);
    await simulate(ref, 'success');
    await back.getByRole('button', { name: 'I have transferred' }).click();
    await expectDeliveredOnce(back, ref, '00');
  });

  it('MoMo, paid while the page was away on the authorization: its own success view, then 00 once', async () => {
    const page = await b.newPage();
    const ref = txnRef('back-momo');
    await postPayFromStore(page, payFields(ref, { channels: 'CARD,CUSTOMER_WALLET' }));
    await page.goto(`${checkoutBase()}/payment/momo?${new URL(page.url()).searchParams}`);
    await (await whenHydrated(page.getByRole('textbox', { name: 'MTN MoMo phone number' }))).fill('08012345678');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 1, name: 'Authorize the payment on your phone' }).waitFor();
    const url = page.url();
    await page.close();
    await simulate(ref, 'success');
    const back = await comeBack(url);
    expect(back.status).toBe(200);
    await back.page.getByRole('heading', { level: 1, name: 'Payment Successful!' }).waitFor();
    await expectDeliveredOnce(back.page, ref, '00');
  });
});

describe('A page loaded again while the payment is still open', () => {
  it('transfer: a reload shows the same account, and the payment goes on from there', async () => {
    const page = await b.newPage(PHONE);
    const { ref } = await waiting(page, WAITING_SCREENS[0], 'back-pending');
    const account = await transfer.accountNumber(page).textContent();
    await page.reload();
    expect(await transfer.waitForAccount(page)).toBe(account);
    expect(await storeResults(ref)).toEqual([]);
    // Paid now: the first status request (I have transferred) finds it.
    await simulate(ref, 'success');
    await page.getByRole('button', { name: 'I have transferred' }).click();
    await expectDeliveredOnce(page, ref, '00');
  });

  it("the card's PIN step: a reload starts again at the card entry (card data is never kept), nothing sent", async () => {
    const page = await b.newPage();
    const { ref } = await waiting(page, WAITING_SCREENS[4], 'back-pin');
    await page.reload();
    await whenHydrated(page.getByLabel('Card number'));
    expect(await page.getByLabel('Card number').inputValue()).toBe('');
    expect(await page.getByTestId('pin-pad').count()).toBe(0);
    expect(await storeResults(ref)).toEqual([]);
    // The payer pays with the card again.
    await card.enter(page, TEST_CARDS.pin);
    await card.pin(page);
    await expectDeliveredOnce(page, ref, '00');
  });
});

describe('A settled payment seen by more than one page', () => {
  it.each([
    { outcome: 'success', resp: '00', title: 'Payment Successful' },
    { outcome: 'expired', resp: 'XS1', title: 'Transaction Expired' },
  ] as const)(
    'two tabs opened on the page, $resp: one sends it, the other says the merchant has it and promises no redirect',
    async ({ outcome, resp, title }) => {
      const { ref, url } = await leaveAndSettle(await b.newPage(), WAITING_SCREENS[0], `back-tabs-${resp}`, outcome);
      const context = await b.newContext(PHONE);
      const tabs = [await context.newPage(), await context.newPage()];
      // Held, so that the result screen stays while axe reads it; released at once after.
      const releases = await Promise.all(tabs.map((t) => holdStoreReturn(t)));
      await Promise.all(tabs.map((t) => t.goto(url)));
      await tabs[0].getByRole('heading', { name: title, level: 1 }).waitFor();
      await expectAccessible(tabs[0], `the result (${resp}) of a payment settled while the page was away`);
      for (const release of releases) release();
      await expect.poll(async () => (await storeResults(ref)).length, { timeout: SUCCESS_SHOWN_MS + 10_000 }).toBe(1);
      const onStore = async (t: Page) => t.url() === `${storeBase()}/return`;
      await expect.poll(async () => (await Promise.all(tabs.map(onStore))).filter(Boolean).length).toBe(1);
      const other = (await onStore(tabs[0])) ? tabs[1] : tabs[0];
      await other.getByRole('status').getByText(ELSEWHERE).waitFor();
      expect(await other.getByText(/redirected to/).count()).toBe(0);
      expect(await other.getByRole('button', { name: /^Return to/ }).count()).toBe(0);
      expect(new URL(other.url()).origin).toBe(checkoutBase());
      await sleep(1_000);
      expect((await storeResults(ref)).map((r) => r.fields.resp)).toEqual([resp]);
    },
  );

  it('Back from the merchant to the paid page: the result again, nothing sent twice', async () => {
    const page = await b.newPage();
    const { ref } = await waiting(page, WAITING_SCREENS[0], 'back-button');
    await simulate(ref, 'success');
    await page.getByRole('button', { name: 'I have transferred' }).click();
    await expectDeliveredOnce(page, ref, '00');
    await page.goBack();
    await page.getByRole('heading', { name: 'Payment Successful', level: 1 }).waitFor();
    await page
      .getByRole('status')
      .getByText(ELSEWHERE)
      .waitFor({ timeout: SUCCESS_SHOWN_MS + UI_TIMEOUT_MS });
    expect(new URL(page.url()).origin).toBe(checkoutBase());
    expect(await storeResults(ref)).toHaveLength(1);
  });
});

describe('A payment page whose session is gone', () => {
  it.each(['/payment-methods', '/payment/transfer'])(
    '%s with an unknown session: 404, "This payment page is no longer open", accessible',
    async (path) => {
      const page = await b.newPage(PHONE);
      const res = await page.goto(`${checkoutBase()}${path}?p=${'x'.repeat(24)}`);
      expect(res?.status()).toBe(404);
      expect(res?.headers()['cache-control']).toContain('no-store');
      await page.getByRole('heading', { name: 'This payment page is no longer open' }).waitFor();
      await page.getByText('Nothing was wrong with your details', { exact: false }).waitFor();
      await page.getByText('If you have already paid, your payment is not lost', { exact: false }).waitFor();
      await expectAccessible(page, 'the page of a session that is gone');
    },
  );

  it('opened from the shop: the way back is a link to it', async () => {
    const page = await b.newPage();
    const res = await page.goto(`${checkoutBase()}/payment-methods?p=${'x'.repeat(24)}`, { referer: `${storeBase()}/` });
    expect(res?.status()).toBe(404);
    expect(await page.getByRole('link', { name: 'Go back to the shop' }).getAttribute('href')).toBe(`${storeBase()}/`);
  });
});
