// The shell around the channels: refused requests, the method list and navigation (also before hydration),
// the page headers, languages and acquirer brandings.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import {
  checkoutBase,
  openPay,
  payFields,
  payUrl,
  postPayFromStore,
  sandboxPayment,
  sleep,
  storeBase,
  transfer,
  txnRef,
  useBrowser,
  whenHydrated,
} from './helpers';

const INCORRECT_BODY =
  'Some of the payment details entered appear to be incorrect. Please review the information provided and try again. If you require assistance, kindly contact your merchant.';

const b = useBrowser();

/** The CSP as a map of directive -> sources. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...sources] = d.split(/\s+/);
        return [name, sources];
      }),
  );
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const sessionOf = (page: Page) => new URL(page.url()).searchParams.get('p');

async function expectIncorrectTransaction(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Incorrect Transaction' }).waitFor();
  await page.getByText(INCORRECT_BODY, { exact: true }).waitFor();
  expect(await page.getByTestId('cancel-payment').count()).toBe(0);
}

describe('Incorrect Transaction', () => {
  it.each([
    ['amount missing', { amount: '' }],
    ['currency "NGN"', { currency: 'NGN' }],
    ['site_redirect_url "javascript:alert(1)"', { site_redirect_url: 'javascript:alert(1)' }],
    ['amount "12.5"', { amount: '12.5' }],
  ])('refuses a request with %s: 400, and no payment in the sandbox', async (_what, bad) => {
    const page = await b.newPage();
    const ref = txnRef('refused');
    const fields = payFields(ref, { channels: 'TRANSFER', ...bad });
    for (const [k, v] of Object.entries(bad)) if (v === '') delete fields[k];
    expect(await openPay(page, fields)).toBe(400);
    await expectIncorrectTransaction(page);
    expect((await sandboxPayment(ref)).status).toBe(404);
  });

  it('Go Back returns to the store the payer came from', async () => {
    const page = await b.newPage();
    const ref = txnRef('refused-back');
    const answered = page.waitForResponse((r) => r.url() === `${checkoutBase()}/pay`);
    await postPayFromStore(page, payFields(ref, { amount: '12.5' }));
    expect((await answered).status()).toBe(400);
    await expectIncorrectTransaction(page);
    const back = page.getByRole('link', { name: 'Go Back' });
    expect(new URL((await back.getAttribute('href'))!).origin).toBe(storeBase());
    await Promise.all([page.waitForURL(`${storeBase()}/`), back.click()]);
    await page.getByRole('heading', { name: 'Oja Demo Store' }).waitFor();
    expect((await sandboxPayment(ref)).status).toBe(404);
  });
});

describe('Method list and navigation', () => {
  it('opens the only available channel by itself, lists it under Change payment method, and keeps the route on reload', async () => {
    const page = await b.newPage();
    // The merchant offers only the transfer: the one channel, it opens by itself.
    await openPay(page, payFields(txnRef('methods'), { channels: 'TRANSFER' }));
    const number = await transfer.waitForAccount(page);
    expect(pathOf(page)).toBe('/payment/transfer');
    const session = sessionOf(page);
    expect(session).toBeTruthy();

    await page.getByRole('link', { name: 'Change payment method' }).click();
    await page.getByRole('heading', { name: 'Choose a payment method' }).waitFor();
    expect(pathOf(page)).toBe('/payment-methods');
    expect(sessionOf(page)).toBe(session);
    const row = page.getByRole('link', { name: /Pay with Transfer/ });
    expect(await row.count()).toBe(1);
    await row.getByText('Transfer to a one-time account from your bank app').waitFor();

    await row.click();
    expect(await transfer.waitForAccount(page)).toBe(number);
    expect(pathOf(page)).toBe('/payment/transfer');

    await page.reload();
    expect(await transfer.waitForAccount(page)).toBe(number);
    expect(pathOf(page)).toBe('/payment/transfer');
    expect(sessionOf(page)).toBe(session);

    // The method list survives a reload too.
    await page.getByRole('link', { name: 'Change payment method' }).click();
    await page.getByRole('heading', { name: 'Choose a payment method' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Choose a payment method' }).waitFor();
    expect(pathOf(page)).toBe('/payment-methods');
  });

  it('holds the market rules with the installed channels: a UGX or DRC payment offers only what works there', async () => {
    const page = await b.newPage();
    const rows = () => page.locator('a[data-method]').evaluateAll((links) => links.map((a) => (a as HTMLElement).dataset.method));
    // Everything the merchant might list: transfer, QR, USSD, pay with app and the wallet never reach these markets.
    const channels = 'CARD,WALLET,TRANSFER,QR,USSD,PAY_WITH_APP';
    await openPay(page, payFields(txnRef('ugx'), { currency: '800', country: 'UG', channels }));
    await page.getByRole('heading', { name: 'Choose a payment method' }).waitFor();
    expect(await rows()).toEqual(['card']);
    // A link into an excluded channel falls back to the list.
    const session = sessionOf(page);
    await page.goto(`${checkoutBase()}/payment/transfer?p=${session}`);
    await page.getByRole('heading', { name: 'Choose a payment method' }).waitFor();
    expect(pathOf(page)).toBe('/payment-methods');

    await openPay(page, payFields(txnRef('drc'), { currency: '976', country: 'CD', channels }));
    await page.getByRole('heading', { name: 'Choose a payment method' }).waitFor();
    expect(await rows()).toEqual(['card']);

    // The same merchant list in naira offers them all.
    await openPay(page, payFields(txnRef('ngn'), { channels }));
    await page.getByRole('heading', { name: 'Choose a payment method' }).waitFor();
    expect((await rows()).length).toBe(6);
  });

  it('follows a method row tapped before the page is hydrated (the server renders the route)', async () => {
    const page = await b.newPage();
    await openPay(page, payFields(txnRef('no-js'), { channels: 'TRANSFER' }));
    const number = await transfer.waitForAccount(page);
    const session = sessionOf(page)!;

    // The payer's page before its script has run: the main script never arrives.
    const mainScript = /\/assets\/main-[^/]*\.js$/;
    await page.route(mainScript, (route) => route.abort());
    await page.goto(`${checkoutBase()}/payment-methods?p=${encodeURIComponent(session)}`);
    await page.getByRole('heading', { name: 'Choose a payment method' }).waitFor();
    await Promise.all([page.waitForURL(/\/payment\/transfer\?p=/), page.getByRole('link', { name: /Pay with Transfer/ }).click()]);
    expect(sessionOf(page)).toBe(session);
    // The server rendered the transfer route, its account already generated: the screen, not the list.
    await page.getByRole('heading', { name: 'Transfer NGN 1,500.00 to the account below' }).waitFor();
    expect(await transfer.accountNumber(page).textContent()).toBe(number);
    expect(await page.getByRole('heading', { name: 'Choose a payment method' }).count()).toBe(0);

    // Once the script arrives, the same route comes to life.
    await page.unroute(mainScript);
    await page.reload();
    expect(await transfer.waitForAccount(page)).toBe(number);
    expect(pathOf(page)).toBe('/payment/transfer');
  });

  it.each([
    ['title', (row: string) => `${row} > span > span:first-child`, undefined],
    ['description', (row: string) => `${row} > span > span:last-child`, undefined],
    ['edge', (row: string) => row, { x: 3, y: 3 }],
  ])("follows a tap on a row's %s before the page is hydrated, to the route the server renders", async (_where, target, position) => {
    const page = await b.newPage();
    // No script ever runs: the entry and the initial route's chunk (preloaded with it) never arrive.
    await page.route(/\/assets\/(main|chunk)-[^/]*\.js$/, (route) => route.abort());
    await openPay(page, payFields(txnRef('tap-early'), { channels: 'CARD,TRANSFER' }));
    const row = 'a[data-method="card"]';
    await page.locator(row).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await Promise.all([page.waitForURL(/\/payment\/card\?p=/), page.locator(target(row)).click({ position })]);
    await page.locator('input[autocomplete="cc-number"]').waitFor();
  });
});

describe('Page headers', () => {
  it("sends the initial route's strings in the payer's language with the page, and none in the scripts", async () => {
    const page = await b.newPage();
    const scripts: string[] = [];
    page.on('response', async (r) => {
      if (new URL(r.url()).pathname.endsWith('.js')) scripts.push(await r.text().catch(() => ''));
    });
    await page.goto(payUrl(payFields(txnRef('strings'), { channels: 'CARD,TRANSFER' })));
    await whenHydrated(page.getByRole('link', { name: /Pay with Transfer/ }));
    const data = JSON.parse((await page.locator('#oja-data').textContent())!);
    expect(Object.keys(data.messages)).toEqual(['en']);
    expect(JSON.stringify(data.messages)).toContain('Pay with Transfer');
    expect(scripts.length).toBeGreaterThan(0);
    for (const text of scripts) {
      expect(text).not.toContain('Pay with Transfer');
      expect(text).not.toContain('Payer par virement');
    }
  });

  it('never caches a page, allows no inline script but its own, and frames only INLINE pages, for the declared origin only', async () => {
    const page = await b.newPage();
    const assets: Response[] = [];
    page.on('response', (r) => {
      if (r.url().startsWith(`${checkoutBase()}/assets/`)) assets.push(r);
    });
    // The first screen's stylesheets are inline: the page fetches one only for a lazy part, once it is idle.
    const lazyStylesheet = page.waitForResponse((r) => r.url().startsWith(`${checkoutBase()}/assets/`) && r.url().endsWith('.css'));
    const res = (await page.goto(payUrl(payFields(txnRef('headers'), { channels: 'TRANSFER' }))))!;
    await transfer.waitForAccount(page);
    await lazyStylesheet;
    const h = await res.allHeaders();
    expect(h['cache-control']).toBe('no-store');
    const csp = directives(h['content-security-policy']);
    // No inline script but the page's own two, each allowed by its hash alone: the import map (module integrity,
    // e2e/integrity.e2e.ts) and the script that asks for the first screen's modules after the first paint.
    const html = await res.text();
    const importMap = /<script type="importmap">(.*?)<\/script>/.exec(html)![1];
    const requests = /<script type="module">(.*?)<\/script>/.exec(html)![1];
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(csp['script-src']).toEqual(["'self'", hash(importMap), hash(requests)]);
    expect(h['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);

    // Content-hashed assets: compressed, cached for good.
    const scripts = assets.filter((r) => /\.(js|css)$/.test(new URL(r.url()).pathname));
    expect(scripts.some((r) => r.url().endsWith('.js'))).toBe(true);
    expect(scripts.some((r) => r.url().endsWith('.css'))).toBe(true);
    for (const r of scripts) {
      const ah = await r.allHeaders();
      expect(['br', 'gzip'], r.url()).toContain(ah['content-encoding']);
      expect(ah['cache-control'], r.url()).toContain('immutable');
    }

    const inline = (await page.goto(payUrl(payFields(txnRef('headers-inline'), { channels: 'TRANSFER', display_mode: 'INLINE' }))))!;
    const ih = await inline.allHeaders();
    expect(ih['cache-control']).toBe('no-store');
    expect(directives(ih['content-security-policy'])['frame-ancestors']).toEqual([storeBase()]);
    const sha256 = expect.stringMatching(/^'sha256-[\w+/]+=*'$/);
    expect(directives(ih['content-security-policy'])['script-src']).toEqual(["'self'", sha256, sha256]);

    const refused = (await page.goto(payUrl(payFields(txnRef('headers-refused'), { amount: '12.5' }))))!;
    expect(refused.status()).toBe(400);
    expect((await refused.allHeaders())['cache-control']).toBe('no-store');
  });
});

describe('Languages and brandings', () => {
  it('speaks French when the merchant asks for it', async () => {
    const page = await b.newPage();
    await openPay(page, payFields(txnRef('fr'), { channels: 'TRANSFER', lang: 'fr' }));
    await transfer.waitForAccount(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await page.getByRole('heading', { name: /^Effectuez un virement de NGN 1.500,00 sur le compte ci-dessous$/ }).waitFor();
    await page.getByRole('button', { name: "J'ai effectué le virement" }).waitFor();
    await page.getByRole('link', { name: 'Changer de moyen de paiement' }).click();
    await page.getByRole('heading', { name: 'Choisissez un moyen de paiement' }).waitFor();
    await page.getByRole('link', { name: /Payer par virement/ }).waitFor();
    expect(new URL(page.url()).searchParams.get('lang')).toBe('fr');
    await page.reload();
    await page.getByRole('link', { name: /Payer par virement/ }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
  });

  it('MUL shows an EN/FR toggle that switches the language in place, keeping the account', async () => {
    const page = await b.newPage();
    await openPay(page, payFields(txnRef('mul'), { channels: 'TRANSFER', acquirer: 'MUL' }));
    const number = await transfer.waitForAccount(page);
    const toggle = page.getByRole('navigation', { name: 'Language' });
    await toggle.getByRole('link', { name: 'EN' }).waitFor();
    expect(await toggle.getByRole('link', { name: 'EN' }).getAttribute('aria-current')).toBe('true');

    const generated: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/virtualaccount/generate')) generated.push(r.url());
    });
    const url = page.url();
    await toggle.getByRole('link', { name: 'FR' }).click();
    await page.getByRole('heading', { name: /^Effectuez un virement de .* sur le compte ci-dessous$/ }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await transfer.accountNumber(page).textContent()).toBe(number);
    expect(await page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'FR' }).getAttribute('aria-current')).toBe('true');
    // In place: no new page, no new account; the URL now says the language.
    expect(new URL(page.url()).searchParams.get('lang')).toBe('fr');
    expect(new URL(page.url()).searchParams.get('p')).toBe(new URL(url).searchParams.get('p'));
    expect(generated).toEqual([]);
    await page.reload();
    await page.getByRole('heading', { name: /^Effectuez un virement de .* sur le compte ci-dessous$/ }).waitFor();
    await transfer.waitForAccount(page);

    await page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'EN' }).click();
    await page.getByRole('heading', { name: 'Transfer NGN 1,500.00 to the account below' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await transfer.accountNumber(page).textContent()).toBe(number);
    // Back in English, a reload stays English.
    await page.reload();
    await page.getByRole('heading', { name: 'Transfer NGN 1,500.00 to the account below' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
  });

  it('has no language toggle without MUL', async () => {
    const page = await b.newPage();
    await openPay(page, payFields(txnRef('no-toggle'), { channels: 'TRANSFER' }));
    await transfer.waitForAccount(page);
    expect(await page.getByRole('navigation', { name: 'Language' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Terms of use' }).count()).toBe(0);
  });

  it('ZIB links its terms of use, and the terms page renders', async () => {
    const page = await b.newPage();
    const ref = txnRef('zib');
    await openPay(page, payFields(ref, { channels: 'TRANSFER', acquirer: 'ZIB' }));
    await transfer.waitForAccount(page);
    const terms = page.getByRole('link', { name: 'Terms of use' });
    await Promise.all([page.waitForURL(/\/payment\/zib-disclaimer\?p=/), terms.click()]);
    const leftAt = Date.now();
    await page.getByRole('heading', { name: 'Terms of use', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'What the platform does' }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(8);
    // The route's stylesheet is applied: inline (the server rendered the route) or linked (the shell opened it).
    expect(
      await page.evaluate(() =>
        [...document.styleSheets].some((s) => /zib-Terms-.*\.css$/.test(s.href ?? (s.ownerNode as HTMLElement | null)?.dataset.href ?? '')),
      ),
    ).toBe(true);

    await page.getByRole('link', { name: 'Back to payment methods' }).click();
    await page.getByRole('link', { name: /Pay with Transfer/ }).click();
    await transfer.waitForAccount(page);
    // Following the terms link replaced the page; that is not leaving the payment.
    await sleep(Math.max(0, leftAt + 5_000 - Date.now()));
    expect((await sandboxPayment(ref)).payment?.cancellation).toBeNull();
  });
});

describe('pictures the server draws (row icons, the acquirer logo)', () => {
  const pictureModule = /-(?:[A-Za-z]+Icon|Logo)-[A-Z0-9]+\.js$/;

  it('keeps the served icons and logo through hydration without fetching their modules', async () => {
    const page = await b.newPage();
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (pictureModule.test(new URL(r.url()).pathname)) fetched.push(r.url());
    });
    await openPay(page, payFields(txnRef('drawn'), { channels: 'CARD,TRANSFER', acquirer: 'HALO' }));
    await whenHydrated(page.getByRole('link', { name: /Pay with Transfer/ }));
    expect(await page.locator('[data-oja-drawn^="icon-"] svg').count()).toBeGreaterThanOrEqual(2);
    await page.getByRole('img', { name: 'HALO' }).first().waitFor();
    expect(fetched).toEqual([]);
  });

  it('draws the icons itself when the list was never served (a deep link, then Change payment method)', async () => {
    const page = await b.newPage();
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (pictureModule.test(new URL(r.url()).pathname)) fetched.push(new URL(r.url()).pathname);
    });
    const fields = payFields(txnRef('drawn-later'), { channels: 'CARD,TRANSFER' });
    await openPay(page, fields);
    await whenHydrated(page.getByRole('link', { name: /Pay with Transfer/ }));
    await page.getByRole('link', { name: /Pay with Transfer/ }).click();
    await transfer.waitForAccount(page);
    await page.reload();
    await transfer.waitForAccount(page);
    fetched.length = 0;
    await page.getByRole('link', { name: 'Change payment method' }).click();
    await expect.poll(() => page.locator('[data-oja-drawn^="icon-"] svg').count()).toBeGreaterThanOrEqual(2);
    expect(fetched.some((f) => /TransferIcon/.test(f))).toBe(true);
  });
});
