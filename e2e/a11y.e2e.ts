// Accessibility: axe (WCAG 2 A and AA) finds no serious or critical violation on any screen of a transfer
// payment, in either language and under every acquirer's branding.
import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, hideServerDate, openPay, payFields, simulate, transfer, txnRef, useBrowser } from './helpers';

const b = useBrowser();

async function openTransfer(page: Page, label: string, extra: Record<string, string> = {}): Promise<string> {
  const ref = txnRef(label);
  await openPay(page, payFields(ref, { channels: 'TRANSFER', ...extra }));
  // HALO forces the card and the wallet on beside the transfer: the payer picks it from the list.
  if (extra.acquirer === 'HALO') await page.getByRole('link', { name: /Pay with Transfer/ }).click();
  await transfer.waitForAccount(page);
  return ref;
}

describe('axe finds no serious or critical violation', () => {
  it('on the transfer account, the method list, the waiting screen and the cancel dialog', async () => {
    const page = await b.newPage();
    await openTransfer(page, 'a11y-flow');
    await expectAccessible(page, 'transfer account');

    await page.getByRole('link', { name: 'Change payment method' }).click();
    await page.getByRole('heading', { name: 'Choose a payment method' }).waitFor();
    await expectAccessible(page, 'method list');

    await page.getByRole('link', { name: /Pay with Transfer/ }).click();
    await transfer.waitForAccount(page);
    await transfer.transferred(page);
    await page.getByRole('button', { name: 'Simulate success' }).waitFor();
    await expectAccessible(page, 'waiting');

    await page.getByTestId('cancel-payment').click();
    await page.getByRole('dialog', { name: 'Cancel Payment?' }).waitFor();
    await expectAccessible(page, 'cancel dialog');
  });

  it('on the waiting screen once the wait has run out', async () => {
    const page = await b.newPage();
    await page.clock.install();
    await hideServerDate(page);
    await openTransfer(page, 'a11y-extend');
    await transfer.transferred(page);
    // The countdown is running (its first tick shown) before the clock jumps.
    await page.getByRole('timer').filter({ hasText: '10:00' }).waitFor();
    await page.clock.fastForward(10 * 60_000);
    await page.clock.runFor(1_000);
    await page.getByRole('button', { name: 'Wait 5 more minutes' }).waitFor();
    await expectAccessible(page, 'waiting ended');
  });

  // INLINE pages opened directly (nobody embeds them) keep their result on screen.
  it.each([
    ['success', 'Payment Successful', 'INLINE'],
    ['expired', 'Transaction Expired', 'INLINE'],
    ['failed', 'Payment Failed', 'REDIRECT'],
  ] as const)('on the result of a %s transfer', async (outcome, title, mode) => {
    const page = await b.newPage();
    const ref = await openTransfer(page, `a11y-${outcome}`, { display_mode: mode });
    await simulate(ref, outcome);
    await page.getByRole('button', { name: 'I have transferred' }).click();
    await page.getByRole('heading', { name: title }).waitFor();
    await expectAccessible(page, `result ${outcome}`);
  });

  it('on the result of a cancelled payment', async () => {
    const page = await b.newPage();
    await openTransfer(page, 'a11y-cancelled', { display_mode: 'INLINE' });
    await page.getByTestId('cancel-payment').click();
    await page.getByRole('dialog', { name: 'Cancel Payment?' }).getByRole('button', { name: 'Cancel Payment', exact: true }).click();
    await page.getByRole('heading', { name: 'Payment Cancelled' }).waitFor();
    await expectAccessible(page, 'result cancelled');
  });

  it('on the Incorrect Transaction screen', async () => {
    const page = await b.newPage();
    await openPay(page, payFields(txnRef('a11y-incorrect'), { amount: '12.5' }));
    await page.getByRole('heading', { name: 'Incorrect Transaction' }).waitFor();
    await expectAccessible(page, 'incorrect transaction');
  });

  it("on ZIB's terms of use", async () => {
    const page = await b.newPage();
    await openTransfer(page, 'a11y-zib-terms', { acquirer: 'ZIB' });
    await page.getByRole('link', { name: 'Terms of use' }).click();
    await page.getByRole('heading', { name: 'Terms of use', level: 1 }).waitFor();
    await expectAccessible(page, 'ZIB terms');
  });

  it('in French', async () => {
    const page = await b.newPage();
    await openTransfer(page, 'a11y-fr', { lang: 'fr' });
    await page.getByRole('heading', { name: /^Effectuez un virement de / }).waitFor();
    await expectAccessible(page, 'transfer account in French');
    await page.getByRole('link', { name: 'Changer de moyen de paiement' }).click();
    await page.getByRole('heading', { name: 'Choisissez un moyen de paiement' }).waitFor();
    await expectAccessible(page, 'method list in French');
  });

  it.each(['', 'ZIB', 'MUL', 'HALO'])('on the transfer screen under the %j branding', async (acquirer) => {
    const page = await b.newPage();
    await openTransfer(page, `a11y-brand-${acquirer || 'default'}`, { acquirer });
    await expectAccessible(page, `transfer account, acquirer ${JSON.stringify(acquirer)}`);
  });
});
