// The checkout server's pages outside a payment and its language choice, in a browser: the 503 page when the
// collections API cannot be reached (and its Try again once it can), a French browser, and the checkout's `/`.
import { afterEach, describe, expect, inject, it } from 'vitest';
import {
  checkoutBase,
  expectAccessible,
  openPay,
  payFields,
  postPayFromStore,
  sandboxPayment,
  simulate,
  startFromStore,
  storeBase,
  transfer,
  txnRef,
  useBrowser,
} from './helpers';

const b = useBrowser();

async function setPayPageFaults(faults: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${checkoutBase()}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  expect(res.status).toBe(200);
}

afterEach(async () => {
  await setPayPageFaults({ errorRate: 0, dropRate: 0, latencyMs: 0, pathPrefix: '' });
});

describe('The collections API cannot be reached', () => {
  it('answers 503 with a page that says so, and its Try again opens the payment once the API is back', async () => {
    const page = await b.newPage();
    const ref = txnRef('unreachable');
    await setPayPageFaults({ errorRate: 1, pathPrefix: '/api/v1/pay-page' });
    const answered = page.waitForResponse((r) => r.url() === `${checkoutBase()}/pay`);
    await postPayFromStore(page, payFields(ref, { channels: 'TRANSFER' }));
    const res = await answered;
    expect(res.status()).toBe(503);
    expect((await res.allHeaders())['cache-control']).toBe('no-store');
    await page.getByRole('heading', { name: 'We could not reach the checkout', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Incorrect Transaction' }).count()).toBe(0);
    expect(await page.title()).toBe('We could not reach the checkout');
    await expectAccessible(page, 'the 503 page');
    expect((await sandboxPayment(ref)).status).toBe(404);

    // The API is back: Try again posts the same request, and the payment opens.
    await setPayPageFaults({ errorRate: 0, pathPrefix: '' });
    const retried = page.waitForResponse((r) => r.url() === `${checkoutBase()}/pay`);
    await page.getByRole('button', { name: 'Try again' }).click();
    expect((await retried).status()).toBe(200);
    await transfer.waitForAccount(page);
    const { payment } = await sandboxPayment(ref);
    expect(payment?.paymentId).toBeTruthy();
  });

  it('a retry of a payment that was created meanwhile opens that same payment', async () => {
    const page = await b.newPage();
    const ref = txnRef('unreachable-twice');
    await openPay(page, payFields(ref, { channels: 'TRANSFER' }));
    const account = await transfer.waitForAccount(page);
    const first = (await sandboxPayment(ref)).payment!.paymentId;
    await setPayPageFaults({ dropRate: 1, pathPrefix: '/api/v1/pay-page' });
    expect(await openPay(page, payFields(ref, { channels: 'TRANSFER' }))).toBe(503);
    await setPayPageFaults({ dropRate: 0, pathPrefix: '' });
    await page.getByRole('button', { name: 'Try again' }).click();
    expect(await transfer.waitForAccount(page)).toBe(account);
    expect((await sandboxPayment(ref)).payment!.paymentId).toBe(first);
  });
});

describe('A French browser (CONTRACT §5 "Languages")', () => {
  it('gets French without a lang field, keeps it on a reload, and an explicit lang wins', async () => {
    const page = await b.newPage({ locale: 'fr-FR' });
    await openPay(page, payFields(txnRef('fr-browser'), { channels: 'TRANSFER' }));
    await transfer.waitForAccount(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await page.getByRole('heading', { name: /^Effectuez un virement de NGN 1.500,00 sur le compte ci-dessous$/ }).waitFor();
    await expectAccessible(page, 'the transfer screen in French');
    await page.reload();
    await page.getByRole('heading', { name: /^Effectuez un virement de NGN 1.500,00 sur le compte ci-dessous$/ }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');

    await openPay(page, payFields(txnRef('fr-browser-en'), { channels: 'TRANSFER', lang: 'en' }));
    await page.getByRole('heading', { name: 'Transfer NGN 1,500.00 to the account below' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    // English, chosen against the browser, survives a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Transfer NGN 1,500.00 to the account below' }).waitFor();
  });

  it('MUL: the payer switches to English and a reload stays English', async () => {
    const page = await b.newPage({ locale: 'fr-CD' });
    await openPay(page, payFields(txnRef('fr-mul'), { channels: 'TRANSFER', acquirer: 'MUL' }));
    await transfer.waitForAccount(page);
    await page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'EN' }).click();
    await page.getByRole('heading', { name: 'Transfer NGN 1,500.00 to the account below' }).waitFor();
    expect(new URL(page.url()).searchParams.get('lang')).toBe('en');
    await page.reload();
    await page.getByRole('heading', { name: 'Transfer NGN 1,500.00 to the account below' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
  });
});

describe("The checkout's /", () => {
  it('says what this is, lists the test data and leads to the demo store', async () => {
    const page = await b.newPage();
    const res = await page.goto(`${checkoutBase()}/`);
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Oja Checkout', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Test cards' }).waitFor();
    await page.getByText(/^Verve 5061050254756707864: PIN 1111, then OTP 123456\. Result: 00/).waitFor();
    await page.getByText('POST /sandbox/simulate', { exact: false }).waitFor();
    await expectAccessible(page, "the checkout's /");
    await Promise.all([page.waitForURL(`${storeBase()}/`), page.getByRole('link', { name: 'Open the demo store' }).click()]);
    await page.getByRole('heading', { name: 'Oja Demo Store' }).waitFor();
  });

  it('speaks French to a French browser', async () => {
    const page = await b.newPage({ locale: 'fr-FR' });
    await page.goto(`${checkoutBase()}/`);
    await page.getByRole('heading', { name: 'Cartes de test' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await page.getByRole('link', { name: 'Ouvrir la boutique de démonstration' }).waitFor();
    await expectAccessible(page, "the checkout's / in French");
  });
});

describe('Metrics (issue 32 part 5)', () => {
  /** A sample of the server's /metrics, 0 when the series is absent. */
  async function sample(series: string): Promise<number> {
    const res = await fetch(`${checkoutBase()}/metrics`, { headers: { authorization: `Bearer ${inject('metricsToken')}` } });
    expect(res.status).toBe(200);
    const line = (await res.text()).split('\n').find((l) => l.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  }

  it("a transfer paid in a browser and returned to the store: its pay request, its result's channel and code, the form POST", async () => {
    const opened = 'oja_payments_opened_total{result="opened"}';
    const settled = 'oja_payments_settled_total{channel="transfer",code="00"}';
    const redirect = 'oja_results_delivered_total{mode="redirect"}';
    const before = { opened: await sample(opened), settled: await sample(settled), redirect: await sample(redirect) };
    const page = await b.newPage();
    const ref = await startFromStore(page, { channels: 'TRANSFER' });
    await transfer.waitForAccount(page);
    await simulate(ref, 'success');
    await Promise.all([page.waitForURL(`${storeBase()}/return`), page.getByRole('button', { name: 'I have transferred' }).click()]);
    // The page asked the server before the form left (the one-delivery question).
    await expect.poll(() => sample(settled)).toBe(before.settled + 1);
    expect(await sample(redirect)).toBe(before.redirect + 1);
    expect(await sample(opened)).toBeGreaterThanOrEqual(before.opened + 1);
    expect((await fetch(`${checkoutBase()}/metrics`)).status).toBe(401);
  });
});
