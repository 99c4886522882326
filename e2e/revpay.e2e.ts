// The revenue (tax) flow end to end (companion §2 "Revenue screens", §4 "Revenue", §5, §7, §8; CONTRACT §5): RVP-0001
// through the form and a card payment to /revpay-success, the receipt downloaded and read as a PDF; RVP-PAID; a bad
// reference; the form's rules; the side panel; and a merchant whose redirect URL merely contains "revpay", which
// receives its result as any merchant does.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pdfText } from '../scripts/test/pdfText';
import {
  card,
  checkoutBase,
  expectAccessible,
  futureExpiry,
  openPay,
  payFields,
  SANDBOX_PIN,
  storeBase,
  storeResults,
  TEST_CARDS,
  txnRef,
  useBrowser,
  whenHydrated,
} from './helpers';

const b = useBrowser();
const CARD_NUMBER_FR = 'Numéro de carte';
const revpay = (page: Page, ref: string) => page.goto(`${checkoutBase()}/revpay?ref=${encodeURIComponent(ref)}`);

async function fillForm(page: Page, values: { phone: string; email: string; amount: string }) {
  await page.getByLabel('Phone Number').fill(values.phone);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Amount (NGN)').fill(values.amount);
  await page.getByRole('button', { name: 'Proceed to payment' }).click();
}

describe('a revenue payment', () => {
  it('RVP-0001: the form, a card payment, the success page, Copy, and the receipt downloaded as a PDF', async () => {
    const page = await b.newPage({ acceptDownloads: true, permissions: ['clipboard-read', 'clipboard-write'] });
    expect((await revpay(page, 'RVP-0001'))?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Transaction details' }).waitFor();
    // The bill in a payment's frame: the agency is the payee, its facts are text, not input boxes.
    const header = await page.locator('header').innerText();
    expect(header).toContain('Oja Sandbox Revenue Service');
    expect(header).toContain('NGN 25,000.00');
    const bill = await page.getByTestId('revpay-bill').innerText();
    for (const fact of ['RVP-0001', 'NGN 25,000.00', 'Ada Okafor', 'Land Use Charge 2026']) expect(bill, fact).toContain(fact);
    expect(await page.locator('input[readonly]').count()).toBe(0);
    await expectAccessible(page, 'the revenue form');
    await fillForm(page, { phone: '08012345678', email: 'ada@example.com', amount: '25000' });
    await card.choose(page);
    // On the checkout, the payee is the agency, never "Sandbox Merchant MX_REVPAY".
    const paying = await page.locator('header').innerText();
    expect(paying).toContain('NGN 25,000.00');
    expect(paying).toContain('Oja Sandbox Revenue Service');
    expect(paying).not.toContain('Sandbox Merchant');
    await card.enter(page, TEST_CARDS.otp);
    await card.otp(page);
    await page.waitForURL((u) => u.pathname === '/revpay-success');
    await page.getByRole('heading', { level: 1, name: 'Payment Completed!' }).waitFor();
    await page.getByText('Your payment was successful').waitFor();
    expect(await page.getByTestId('revpay-amount').textContent()).toBe('NGN 25,000.00');
    expect(await page.getByTestId('revpay-reference').textContent()).toBe('RVP-0001');
    await page.getByText('Ada Okafor').waitFor();
    // The result screen's look: the mark and the receipt, the agency as payee.
    expect(await page.getByRole('status').locator('svg').count()).toBe(1);
    expect(await page.getByTestId('receipt').innerText()).toContain('Oja Sandbox Revenue Service');
    await expectAccessible(page, 'the revenue success page');
    const copy = await whenHydrated(page.getByRole('button', { name: 'Copy billing reference' }));
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe('Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('RVP-0001');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download receipt' }).click()]);
    expect(download.suggestedFilename()).toBe('receipt.pdf');
    const bytes = new Uint8Array(fs.readFileSync((await download.path())!));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = await pdfText(bytes);
    for (const fact of [
      'Oja Sandbox Revenue Service',
      'Payment receipt',
      'Ada Okafor',
      'ada@example.com',
      '08012345678',
      'Land Use Charge 2026',
      'Bill reference RVP-0001',
      'Amount paid NGN 25,000.00',
      'Amount in words Twenty-five thousand naira',
      'Transaction reference RVP-0001:',
      'Date and time (Lagos)',
    ])
      expect(text, fact).toContain(fact);
    expect(text).toMatch(/SHA-256 of this receipt.s facts: [0-9a-f]{64}/);
    expect(await page.getByRole('alert').count()).toBe(0);
    // A reload keeps the page (the receipt link kept on the server; notify not asked again).
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Payment Completed!' }).waitFor();
  });

  it('part of the amount due, paid by a PIN card, in French, with its receipt in French', async () => {
    const page = await b.newPage({ locale: 'fr-FR', acceptDownloads: true });
    await revpay(page, 'RVP-0001');
    await page.getByRole('heading', { level: 1, name: 'Détails de la transaction' }).waitFor();
    await page.getByLabel('Numéro de téléphone').fill('08012345678');
    await page.getByLabel('E-mail', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Montant (NGN)').fill('1500.50');
    await page.getByRole('button', { name: 'Procéder au paiement' }).click();
    await (await whenHydrated(page.getByRole('link', { name: /Payer par carte/ }))).click();
    await whenHydrated(page.getByLabel(CARD_NUMBER_FR));
    await page.getByLabel(CARD_NUMBER_FR).fill(TEST_CARDS.pin);
    await page.getByLabel("Date d'expiration").fill(futureExpiry());
    await page.getByLabel('CVV').fill('123');
    await page.getByTestId('card-pay').click();
    await whenHydrated(page.getByTestId('pin-pad'));
    for (const d of SANDBOX_PIN) await page.getByRole('button', { name: `Chiffre ${d}`, exact: true }).click();
    await page.getByTestId('pin-authorize').click();
    await page.waitForURL((u) => u.pathname === '/revpay-success');
    await page.getByRole('heading', { level: 1, name: 'Paiement effectué !' }).waitFor();
    expect(await page.getByTestId('revpay-amount').textContent()).toBe('NGN 1\u202f500,50');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (await whenHydrated(page.getByRole('button', { name: 'Télécharger le reçu' }))).click(),
    ]);
    const text = await pdfText(new Uint8Array(fs.readFileSync((await download.path())!)));
    for (const fact of [
      'Reçu de paiement',
      'Montant payé NGN 1 500,50',
      'Mille cinq cents nairas et cinquante kobos',
      'Référence de facturation RVP-0001',
    ])
      expect(text, fact).toContain(fact);
  });

  it("the form's rules: each field's message, what was typed kept, nothing opened", async () => {
    const page = await b.newPage();
    await revpay(page, 'RVP-0001');
    await fillForm(page, { phone: '0801', email: 'ada@', amount: '30000' });
    await page.getByText('Invalid phone number').waitFor();
    await page.getByText('Invalid email address').waitFor();
    await page.getByText('Amount must not be greater than amount due').waitFor();
    expect(new URL(page.url()).pathname).toBe('/revpay');
    expect(await page.getByLabel('Phone Number').inputValue()).toBe('0801');
    await fillForm(page, { phone: '', email: '', amount: '' });
    await page.getByText('Phone number is required').waitFor();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Amount is required').waitFor();
    await fillForm(page, { phone: '08012345678', email: 'ada@example.com', amount: '0100' });
    await page.getByText('Invalid amount').waitFor();
    await expectAccessible(page, 'the revenue form with its messages');
  });

  it('the side panel shows on a wide screen and hides under 768px', async () => {
    const wide = await b.newPage({ viewport: { width: 1024, height: 900 } });
    await revpay(wide, 'RVP-0001');
    expect(await wide.getByRole('complementary', { name: 'Helpful information' }).isVisible()).toBe(true);
    const narrow = await b.newPage({ viewport: { width: 767, height: 900 } });
    await revpay(narrow, 'RVP-0001');
    await narrow.getByRole('heading', { level: 1, name: 'Transaction details' }).waitFor();
    expect(await narrow.getByText('Helpful information').isVisible()).toBe(false);
  });

  it('RVP-PAID: Payment Completed!, nothing to pay', async () => {
    const page = await b.newPage();
    expect((await revpay(page, 'RVP-PAID'))?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Payment Completed!' }).waitFor();
    await page.getByText('The amount due for RVP-PAID has been fully paid. No further payment is required.').waitFor();
    expect(await page.getByRole('button', { name: 'Proceed to payment' }).count()).toBe(0);
    await expectAccessible(page, 'a paid reference');
  });

  it('a bad reference: the GUID message', async () => {
    const page = await b.newPage();
    expect((await revpay(page, 'RVP-9999'))?.status()).toBe(404);
    await page.getByText("Something went wrong validating your GUID. Please ensure it's correct and try again.").waitFor();
    await expectAccessible(page, 'a bad reference');
  });

  it('/revpay-success without a payment of its own goes back to /', async () => {
    const page = await b.newPage();
    await page.goto(`${checkoutBase()}/revpay-success?p=nothing`);
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

describe('a merchant whose redirect URL contains "revpay"', () => {
  it('receives its result, never /revpay-success', async () => {
    const page = await b.newPage();
    const ref = txnRef('revpay-merchant');
    const returnUrl = `${storeBase()}/return?from=revpay-success`;
    expect(await openPay(page, payFields(ref, { channels: 'CARD', site_redirect_url: returnUrl }))).toBe(200);
    await card.choose(page);
    await card.enter(page, TEST_CARDS.otp);
    await card.otp(page);
    await page.waitForURL((u) => u.origin === storeBase() && u.pathname === '/return');
    await expect.poll(() => page.locator('h1').getAttribute('data-resp')).toBe('00');
    expect((await storeResults(ref)).map((r) => r.fields.resp)).toEqual(['00']);
  });
});
