// A paid payment stays paid (CONTRACT §5), and other sites cannot drive the sandbox's controls.
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  card,
  checkoutBase,
  expectAccessible,
  MERCHANT_CODE,
  MERCHANT_NAME,
  openPay,
  payFields,
  sandboxPayment,
  simulate,
  sleep,
  storeBase,
  submitForm,
  TEST_CARDS,
  txnRef,
  useBrowser,
} from './helpers';

/** The checkout server's grace after the payer leaves before it cancels, ms (core/server/src/checkoutServer.ts). */
const LEAVE_GRACE_MS = 4_000;

const b = useBrowser();

/** A transfer payment opened, then settled 00 (as if paid in another tab). */
async function paidPayment(page: Page, label: string): Promise<string> {
  const ref = txnRef(label);
  expect(await openPay(page, payFields(ref, { channels: 'TRANSFER' }))).toBe(200);
  await page.getByText('Oja Sandbox Bank').first().waitFor();
  await simulate(ref, 'success');
  return ref;
}

/** What the sandbox holds for a payment, minus the log of calls. */
async function recorded(ref: string) {
  const { payment } = await sandboxPayment(ref);
  return { outcome: payment?.outcome, cancellation: payment?.cancellation, channels: payment?.channels, calls: payment?.calls.length };
}

describe('POST /pay of a reference already paid', () => {
  it('shows the already-paid page (409), opens nothing, records nothing, and leaving it cancels nothing', async () => {
    const first = await b.newPage();
    const ref = await paidPayment(first, 'paid');
    await first.close();
    // That page's own leave-cancel (refused: the payment is paid) is behind us before the count starts.
    await sleep(LEAVE_GRACE_MS + 1_000);
    const before = await recorded(ref);
    expect(before.cancellation).toBeNull();

    const page = await b.newPage();
    await page.goto(`${storeBase()}/`);
    // As a merchant's page starts a payment: a form POST from the store's origin.
    const response = page.waitForResponse((r) => r.url() === `${checkoutBase()}/pay`);
    await submitForm(page, `${checkoutBase()}/pay`, payFields(ref, { channels: 'TRANSFER' }));
    expect((await response).status()).toBe(409);
    await page.getByRole('heading', { level: 1, name: 'This payment has already been paid' }).waitFor();
    await page.getByText(`${MERCHANT_NAME} has already received this payment (reference ${ref}). Nothing more has been charged.`).waitFor();
    expect(await page.getByText('Oja Sandbox Bank').count()).toBe(0);
    expect(await page.getByTestId('cancel-payment').count()).toBe(0);
    const back = page.getByRole('link', { name: `Return to ${MERCHANT_NAME}` });
    expect(await back.getAttribute('href')).toBe(`${storeBase()}/`);
    await expectAccessible(page, 'the already-paid page');

    // Leaving (and closing) the page cancels nothing: there is no session to leave, and the sandbox refuses anyway.
    await back.click();
    await page.waitForURL(`${storeBase()}/`);
    await page.close();
    await sleep(LEAVE_GRACE_MS + 1_000);
    expect(await recorded(ref)).toEqual(before);
    expect(before.outcome?.value).toBe('success');
    expect(before.cancellation).toBeNull();
  });

  it('in French, with GET /pay and lang=fr', async () => {
    const first = await b.newPage();
    const ref = await paidPayment(first, 'paid-fr');
    const page = await b.newPage();
    expect(await openPay(page, payFields(ref, { lang: 'fr' }))).toBe(409);
    await page.getByRole('heading', { level: 1, name: 'Ce paiement a déjà été effectué' }).waitFor();
  });
});

describe('a page still open when the payment is paid elsewhere', () => {
  it('a card attempt is refused by the sandbox, and the page says the payment is already paid', async () => {
    const page = await b.newPage();
    const ref = txnRef('paid-card');
    expect(await openPay(page, payFields(ref, { channels: 'CARD,TRANSFER' }))).toBe(200);
    await card.choose(page);
    await simulate(ref, 'success');
    await card.enter(page, TEST_CARDS.otp);
    await page
      .getByText(/This payment has already been paid/)
      .first()
      .waitFor();
    const { payment } = await sandboxPayment(ref);
    expect(payment?.outcome?.value).toBe('success');
    expect(payment?.channels.card ?? { charges: 0 }).toMatchObject({ charges: 0 });
  });
});

describe("other sites cannot drive the sandbox's controls", () => {
  /** From a page of `origin`: a form POST (no script needed) and a fetch, to /sandbox/simulate. */
  async function attack(page: Page, origin: string, ref: string) {
    await page.goto(`${origin}/`);
    const statuses = await page.evaluate(
      async ({ base, ref, merchant }) => {
        const out: string[] = [];
        for (const [type, body] of [
          ['application/json', JSON.stringify({ merchant_code: merchant, txn_ref: ref, outcome: 'success' })],
          ['application/x-www-form-urlencoded', new URLSearchParams({ merchant_code: merchant, txn_ref: ref, outcome: 'success' }).toString()],
          ['text/plain', JSON.stringify({ merchant_code: merchant, txn_ref: ref, outcome: 'success' })],
        ]) {
          try {
            const res = await fetch(`${base}/sandbox/simulate`, { method: 'POST', mode: 'no-cors', headers: { 'content-type': type }, body });
            out.push(res.type);
          } catch (e) {
            out.push(String(e));
          }
        }
        return out;
      },
      { base: checkoutBase(), ref, merchant: MERCHANT_CODE },
    );
    expect(statuses).toHaveLength(3);
    const answered = page.waitForResponse((r) => r.url() === `${checkoutBase()}/sandbox/simulate`);
    await submitForm(page, `${checkoutBase()}/sandbox/simulate`, { merchant_code: MERCHANT_CODE, txn_ref: ref, outcome: 'success' });
    expect((await answered).status()).toBe(403);
  }

  it.each([
    ['a third site', () => inject('thirdBase')],
    ["the store's origin (another port of the same host)", () => storeBase()],
  ])('refuses form posts and fetches from %s: the payment stays unsettled', async (_, origin) => {
    // The store's own policy (connect-src 'self') already stops its fetches, on purpose; its form post reaches us.
    if (origin() === storeBase()) b.allowCspViolations(/sandbox\/simulate/);
    const page = await b.newPage();
    const ref = txnRef('csrf');
    expect(await openPay(page, payFields(ref, { channels: 'TRANSFER' }))).toBe(200);
    const other = await b.newPage();
    await attack(other, origin(), ref);
    await sleep(300);
    const { payment } = await sandboxPayment(ref);
    expect(payment?.outcome).toBeNull();
    // The checkout's own simulate control (same origin) still works.
    await simulate(ref, 'failed');
    expect((await sandboxPayment(ref)).payment?.outcome?.value).toBe('failed');
  });
});
