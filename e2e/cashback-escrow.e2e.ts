// Cashback and escrow end to end (companion §2 "Cashback screen", "Escrow screen", §4 "Cashback opt-in", §5; CONTRACT
// §5): the gates before the method list through the real server and sandbox, the opt-in accepted, refused by the
// sandbox (0000) and skipped; escrow's Continue disabled until ticked and the header hidden meanwhile; axe.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkoutBase, expectAccessible, openPay, payFields, sandboxPayment, txnRef, useBrowser, whenHydrated } from './helpers';

const b = useBrowser();
const REWARD = { tuc_reward_percentage: '5', tuc_reward_description: 'Earn 5% back in Oja points' };
const ESCROW = { escrow_fee: '25', cancellation_period: '3', refund_duration: '7', cust_mobile_no: '08012345678' };
const METHODS = 'Choose a payment method';

async function open(page: Page, label: string, extra: Record<string, string>): Promise<string> {
  const ref = txnRef(label);
  expect(await openPay(page, payFields(ref, { channels: 'CARD,TRANSFER', ...extra }))).toBe(200);
  return ref;
}
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

describe('cashback', () => {
  it('accepted: the value goes to the sandbox, then the method list; a reload does not ask again', async () => {
    const page = await b.newPage();
    const ref = await open(page, 'cb-ok', REWARD);
    await heading(page, 'Congratulations! You Qualify for Cashback');
    await page.getByText('Earn 5% back in Oja points').waitFor();
    expect(await page.locator('header').count()).toBe(1);
    await expectAccessible(page, 'the cashback screen');
    await (await whenHydrated(page.getByLabel('Phone number or loyalty cash ID'))).fill('08012345678');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await heading(page, METHODS);
    const { payment } = await sandboxPayment(ref);
    expect(payment?.channels.cashback).toMatchObject({ mobileNumber: '08012345678' });
    await page.reload();
    await heading(page, METHODS);
  });

  it('an empty value: "Please provide a value", nothing sent', async () => {
    const page = await b.newPage();
    const ref = await open(page, 'cb-empty', REWARD);
    await (await whenHydrated(page.getByRole('button', { name: 'Continue to payment' }))).click();
    await page.getByRole('alert').filter({ hasText: 'Please provide a value' }).waitFor();
    const { payment } = await sandboxPayment(ref);
    expect(payment?.calls.map((c) => c.path)).not.toContain('/api/v1/pay-page/store-tucpayment');
  });

  it("refused by the sandbox (0000): the sandbox's description shows, and the payer can skip", async () => {
    const page = await b.newPage();
    const ref = await open(page, 'cb-refused', REWARD);
    await (await whenHydrated(page.getByLabel('Phone number or loyalty cash ID'))).fill('0000');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('alert').filter({ hasText: 'not enrolled in the cashback programme' }).waitFor();
    await expectAccessible(page, 'the cashback refusal');
    expect((await sandboxPayment(ref)).payment?.channels.cashback).toBeUndefined();
    await page.getByRole('button', { name: 'Skip this instead' }).click();
    await heading(page, METHODS);
  });

  it('skipped: the method list, nothing recorded', async () => {
    const page = await b.newPage();
    const ref = await open(page, 'cb-skip', REWARD);
    await (await whenHydrated(page.getByRole('button', { name: 'Skip this instead' }))).click();
    await heading(page, METHODS);
    expect((await sandboxPayment(ref)).payment?.channels.cashback).toBeUndefined();
  });

  it('a 10 KB value is refused on the screen; the opt-in cannot be posted for a payment id, only by its own page', async () => {
    const page = await b.newPage();
    const ref = await open(page, 'cb-bounded', REWARD);
    const field = await whenHydrated(page.getByLabel('Phone number or loyalty cash ID'));
    expect(await field.getAttribute('maxlength')).toBe('32');
    await field.evaluate(
      (el, v) => {
        // Past maxlength, as a script or a pasted value would.
        const input = el as HTMLInputElement;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, v);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      },
      '9'.repeat(10 * 1024),
    );
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('alert').filter({ hasText: 'Enter a phone number' }).waitFor();
    const { payment } = await sandboxPayment(ref);
    // Another payer who knows this payment's id posts the opt-in to the API directly: no such route for a browser.
    const direct = await fetch(`${checkoutBase()}/api/v1/pay-page/store-tucpayment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ merchantCode: 'MX_DEMO', mobileNumber: '08012345678', paymentId: payment?.paymentId }),
    });
    expect(direct.status).toBe(404);
    expect((await sandboxPayment(ref)).payment?.channels.cashback).toBeUndefined();
  });

  it('in French', async () => {
    const page = await b.newPage();
    await open(page, 'cb-fr', { ...REWARD, lang: 'fr' });
    await heading(page, 'Félicitations ! Vous avez droit à un remboursement');
  });
});

describe('escrow', () => {
  it('hides the header, keeps Continue disabled until ticked, then the method list with its header', async () => {
    const page = await b.newPage();
    await open(page, 'escrow', ESCROW);
    await heading(page, 'Escrow payment');
    expect(await page.locator('header').count()).toBe(0);
    expect(await page.getByTestId('escrow-fee').textContent()).toBe('NGN 25.00');
    expect(await page.getByTestId('escrow-refund').textContent()).toBe('7 days');
    expect(await page.getByTestId('escrow-cancellation').textContent()).toBe('3 days');
    expect(await page.getByLabel('E-mail address').inputValue()).toBe('ada@example.com');
    expect(await page.getByLabel('E-mail address').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Phone number').inputValue()).toBe('08012345678');
    const cont = page.getByRole('button', { name: 'Continue to payment' });
    expect(await cont.isDisabled()).toBe(true);
    await expectAccessible(page, 'the escrow screen');
    await (await whenHydrated(page.getByRole('checkbox', { name: /escrow fee is non-refundable/ }))).check();
    expect(await cont.isDisabled()).toBe(false);
    await cont.click();
    await heading(page, METHODS);
    expect(await page.locator('header').count()).toBe(1);
  });

  it('cannot be skipped by posting decision=skipped: 422, the page stays on the gate; the agreement passes it for good', async () => {
    const page = await b.newPage();
    await open(page, 'escrow-skip', ESCROW);
    await heading(page, 'Escrow payment');
    const session: string = await page.evaluate(() => JSON.parse(document.getElementById('oja-data')?.textContent ?? '{}').env.session);
    const gate = (decision: string) =>
      fetch(`${checkoutBase()}/session/gate?${new URLSearchParams({ p: session, gate: 'escrow', decision })}`, { method: 'POST' });
    const skipped = await gate('skipped');
    expect(skipped.status).toBe(422);
    expect(await skipped.text()).toMatch(/must be agreed to/);
    await page.reload();
    await heading(page, 'Escrow payment');
    expect(await page.getByRole('button', { name: 'Continue to payment' }).isDisabled()).toBe(true);
    await (await whenHydrated(page.getByRole('checkbox', { name: /escrow fee is non-refundable/ }))).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await heading(page, METHODS);
    // The agreement was recorded by the server (the beacon): a reload goes straight to the methods.
    await page.waitForTimeout(300);
    await page.reload();
    await heading(page, METHODS);
  });

  it('after cashback when a payment carries both', async () => {
    const page = await b.newPage();
    await open(page, 'both', { ...REWARD, ...ESCROW });
    await (await whenHydrated(page.getByRole('button', { name: 'Skip this instead' }))).click();
    await heading(page, 'Escrow payment');
    expect(await page.locator('header').count()).toBe(0);
  });
});
