// Card payments end to end (REDIRECT mode, through the real server and its sandbox): every test card of
// CONTRACT §4 to its result, wrong PIN, OTP and 3-D Secure codes, the OTP resend on Playwright's clock, one
// request per press of Pay, card data never in the clear, keyboard only, axe, French, and network failures.
import { describe, expect, inject, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import {
  MERCHANT_NAME,
  RESULT_FIELDS,
  TEST_CARDS,
  cancelToStore,
  card,
  checkoutBase,
  expectAccessible,
  expectDeliveredOnce,
  expectFailureView,
  futureExpiry,
  hideServerDate,
  openPay,
  pauseClock,
  payFields,
  sandboxPayment,
  storeResults,
  tabTo,
  txnRef,
  useBrowser,
  watchResultScreens,
  whenHydrated,
  withFaultHeaders,
} from './helpers';

const b = useBrowser();

/** A card-only payment, on its card entry (chosen from the method list's one row). */
async function openCard(page: Page, label: string, extra: Record<string, string> = {}): Promise<string> {
  const ref = txnRef(label);
  expect(await openPay(page, payFields(ref, { channels: 'CARD', ...extra }))).toBe(200);
  await card.choose(page);
  return ref;
}

const pathOf = (r: Request) => new URL(r.url()).pathname;

describe('the test cards of CONTRACT §4', () => {
  it.each([
    [
      '5061050254756707864 (PIN, then OTP)',
      TEST_CARDS.pinThenOtp,
      async (page: Page) => {
        await card.pin(page);
        await card.otp(page);
      },
    ],
    ['5060990580000217499 (PIN)', TEST_CARDS.pin, async (page: Page) => card.pin(page)],
    ['5123450000000008 (OTP)', TEST_CARDS.otp, async (page: Page) => card.otp(page)],
    ['4000000000002503 (3-D Secure challenge)', TEST_CARDS.threeDs, async (page: Page) => card.challenge(page)],
  ])('%s pays: Payment Successful, and 00 reaches the store once', async (_, number, steps) => {
    const page = await b.newPage();
    const seen = await watchResultScreens(page);
    const ref = txnRef('card-ok');
    await openPay(page, payFields(ref, { channels: 'CARD' }));
    // Only the card is offered: the list has its one row, a link.
    expect(await page.locator('[data-method]').count()).toBe(1);
    await card.choose(page);
    await card.enter(page, number);
    await steps(page);

    const result = await expectDeliveredOnce(page, ref, '00');
    expect(seen.map((s) => s.title)).toEqual(['Payment Successful']);
    expect(seen[0].text).toContain(`You're being redirected to ${MERCHANT_NAME}, please do not close this page.`);
    expect(Object.keys(result.fields).sort()).toEqual([...RESULT_FIELDS].sort());
    expect(result.fields).toMatchObject({ txnref: ref, resp: '00', amount: '150000', apprAmt: '150000', cardNum: '', mac: '' });
    expect(result.fields.payRef).not.toBe('');
    expect(await card.counters(ref)).toMatchObject({ binLookups: 1, charges: 1 });
  });

  // CARD and TRANSFER offered: the failure view lists the transfer (and the wallet) as alternatives. From it the
  // payer cancels (Z6 reaches the store, and nothing else did) or retries (a fresh card entry).
  it.each([
    [
      '5060990580000000390',
      '51',
      'cancel',
      TEST_CARDS.insufficientFunds,
      true,
      'Insufficient funds. Use a different card or try another payment method',
    ],
    [
      '5061830100001895',
      '91',
      'retry',
      TEST_CARDS.unableToProcess,
      true,
      'We were unable to process your transaction at this time. Please try again later',
    ],
    ['4000000000000002', 'Z8', 'cancel', TEST_CARDS.notAccepted, false, 'Your card is not accepted by this merchant'],
    [
      'an unknown Luhn-valid card',
      '14',
      'retry',
      '4111111111111111',
      false,
      'Your bank declined the transaction. Contact your bank or use a different card or payment method',
    ],
  ] as const)('%s fails with %s: the failure view, nothing to the store, then %s', async (_, code, then, number, pin, message) => {
    const page = await b.newPage();
    const ref = await openCard(page, `card-${code}`, { channels: 'CARD,TRANSFER' });
    await card.enter(page, number);
    if (pin) await card.pin(page);

    await expectFailureView(page, message);
    const alternatives = page.getByRole('list', { name: 'or select an alternative payment method' });
    await alternatives.getByRole('link', { name: /Pay with Transfer/ }).waitFor();
    expect(await alternatives.getByRole('link', { name: /Pay with Card/ }).count()).toBe(0);
    // Refused at the BIN lookup, the card is never charged.
    expect(await card.counters(ref)).toMatchObject({ binLookups: 1, charges: pin ? 1 : 0 });
    expect(await storeResults(ref)).toEqual([]);

    if (then === 'cancel') return cancelToStore(page, ref);
    await page.getByRole('button', { name: 'Retry payment' }).click();
    await whenHydrated(page.getByLabel('Card number'));
    expect(await page.getByLabel('Card number').inputValue()).toBe('');
    expect(new URL(page.url()).pathname).toBe('/payment/card');
    expect(await storeResults(ref)).toEqual([]);
  });
});

describe('wrong codes', () => {
  it('a wrong PIN is declined (55); Retry with the right PIN pays', async () => {
    const page = await b.newPage();
    const ref = await openCard(page, 'card-55');
    await card.enter(page, TEST_CARDS.pin);
    await card.pin(page, '2580');
    await expectFailureView(page, 'Your bank declined the transaction. Contact your bank or use a different card or payment method');
    expect(await storeResults(ref)).toEqual([]);

    await page.getByRole('button', { name: 'Retry payment' }).click();
    await whenHydrated(page.getByLabel('Card number'));
    expect(await page.getByLabel('Card number').inputValue()).toBe('');
    await card.enter(page, TEST_CARDS.pin);
    await card.pin(page);
    await expectDeliveredOnce(page, ref, '00');
    expect(await card.counters(ref)).toMatchObject({ binLookups: 2, charges: 2 });
  });

  it('a wrong OTP shows "Invalid OTP provided" and keeps the field usable; the right one pays', async () => {
    const page = await b.newPage();
    const ref = await openCard(page, 'card-t1');
    await card.enter(page, TEST_CARDS.otp);
    await card.otp(page, '654321');
    const field = page.getByLabel('OTP', { exact: true });
    await page.getByText('Invalid OTP provided', { exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Enter OTP' }).count()).toBe(1);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    // Cleared for the next try, and still usable.
    expect(await field.inputValue()).toBe('');
    expect(await field.isEditable()).toBe(true);
    expect(await storeResults(ref)).toEqual([]);

    await field.fill('123456');
    await page.getByTestId('otp-authorize').click();
    await expectDeliveredOnce(page, ref, '00');
    expect(await card.counters(ref)).toMatchObject({ charges: 1, otpFailures: 1 });
  });

  it('3-D Secure: the screen passes axe, a wrong code shows "Incorrect code. Try again.", the right one pays', async () => {
    const page = await b.newPage();
    const ref = await openCard(page, 'card-3ds-wrong');
    await card.enter(page, TEST_CARDS.threeDs);
    await page.getByRole('heading', { name: 'Verify with your bank' }).waitFor();
    const frame = page.frameLocator('[data-testid="issuer-frame"]');
    await frame.getByLabel(/Enter the code/).waitFor();
    await page.getByRole('link', { name: 'Back' }).waitFor();
    await expectAccessible(page, '3-D Secure');

    await card.challenge(page, '000000');
    await frame.getByText('Incorrect code. Try again.').waitFor();
    expect(await storeResults(ref)).toEqual([]);
    await card.challenge(page);
    await expectDeliveredOnce(page, ref, '00');
    expect(await card.counters(ref)).toMatchObject({ charges: 1, challenge: { failures: 1 } });
  });
});

describe('OTP resend on the clock', () => {
  it('counts down 60 s, then resends once (Code sent for 3 s) without a second charge', async () => {
    const page = await b.newPage();
    await page.clock.install();
    await hideServerDate(page);
    const ref = await openCard(page, 'card-resend');
    await card.enter(page, TEST_CARDS.otp);
    await page.getByRole('heading', { name: 'Enter OTP' }).waitFor();
    await pauseClock(page);
    const countdown = page.getByRole('timer');
    await expect.poll(() => countdown.textContent()).toMatch(/^Resend OTP in 00:5\d$/);
    const resend = page.getByRole('button', { name: 'Resend OTP' });
    expect(await resend.count()).toBe(0);

    await page.clock.fastForward(30_000);
    await expect.poll(() => countdown.textContent()).toMatch(/^Resend OTP in 00:[23]\d$/);
    await page.clock.fastForward(30_000);
    await resend.waitFor();
    expect(await countdown.count()).toBe(0);
    expect(await card.counters(ref)).toMatchObject({ otpSends: 1, payRequests: 1, charges: 1 });

    const answered = page.waitForResponse((r) => pathOf(r.request()) === '/api/v1/pay');
    await resend.click();
    expect((await (await answered).json()).responseCode).toBe('T0');
    const sent = page.getByRole('status').filter({ hasText: 'Code sent' });
    await sent.waitFor();
    expect(await resend.count()).toBe(0);
    expect(await card.counters(ref)).toMatchObject({ otpSends: 2, payRequests: 2, charges: 1 });
    await page.clock.runFor(2_500);
    expect(await sent.count()).toBe(1);
    await page.clock.runFor(600);
    await sent.waitFor({ state: 'detached' });
    await expect.poll(() => countdown.textContent()).toMatch(/^Resend OTP in 00:5\d$/);

    await page.clock.resume();
    await card.otp(page);
    await expectDeliveredOnce(page, ref, '00');
    expect(await card.counters(ref)).toMatchObject({ otpSends: 2, charges: 1 });
  });
});

describe('one request per payment', () => {
  it('a double-click and repeated Enter on Pay make one BIN lookup; repeated Authorize makes one payment', async () => {
    const page = await b.newPage();
    const sent: string[] = [];
    page.on('request', (r) => {
      if (pathOf(r).startsWith('/api/v1/')) sent.push(`${r.method()} ${pathOf(r)}`);
    });
    // Slow answers, so that every press lands while the request is in flight.
    await withFaultHeaders(page, '/api/v1/merchantbins', { 'x-sandbox-latency': '1200' });
    await withFaultHeaders(page, '/api/v1/pay', { 'x-sandbox-latency': '1200' });
    const ref = await openCard(page, 'card-once');
    await page.getByLabel('Card number').fill(TEST_CARDS.pin);
    await page.getByLabel('Expiry date').fill(futureExpiry());
    await page.getByLabel('CVV').fill('123');
    const pay = page.getByTestId('card-pay');
    await pay.dblclick();
    await page.getByLabel('CVV').press('Enter');
    await page.getByLabel('CVV').press('Enter');
    // A busy button is aria-disabled, not disabled: a click still reaches it.
    await pay.click({ force: true });
    await page.getByRole('button', { name: 'Processing…' }).waitFor();

    await whenHydrated(page.getByTestId('pin-pad'));
    for (const d of '1111') await page.getByRole('button', { name: `Digit ${d}`, exact: true }).click();
    const authorize = page.getByTestId('pin-authorize');
    await authorize.dblclick();
    await authorize.click({ force: true });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expectDeliveredOnce(page, ref, '00');

    expect(sent.filter((s) => s === 'POST /api/v1/merchantbins')).toHaveLength(1);
    expect(sent.filter((s) => s === 'POST /api/v1/pay')).toHaveLength(1);
    expect(await card.counters(ref)).toMatchObject({ binLookups: 1, payRequests: 1, charges: 1 });
  });
});

describe('card data', () => {
  it('never leaves the page in the clear: not in requests, storage, cookies, the console or the HTML', async () => {
    const page = await b.newPage();
    const pan = TEST_CARDS.pinThenOtp;
    const cvv = '947';
    const pin = '1111';
    const traffic: string[] = [];
    const sealed: Array<{ path: string; secureData: string; pinBlock: string }> = [];
    page.on('request', (r) => {
      traffic.push(`${r.method()} ${r.url()}\n${r.postData() ?? ''}`);
      const path = pathOf(r);
      if (path === '/api/v1/merchantbins' || path === '/api/v1/pay') {
        const body = JSON.parse(r.postData() ?? '{}');
        sealed.push({ path, secureData: body.secureData, pinBlock: body.pinBlock });
      }
    });
    page.on('response', async (r) => {
      if (!r.url().startsWith(checkoutBase()) || r.request().method() === 'OPTIONS') return;
      const type = r.request().resourceType();
      if (type === 'document' || type === 'fetch' || type === 'xhr') traffic.push(await r.text().catch(() => ''));
    });
    const consoleLines: string[] = [];
    page.on('console', (m) => consoleLines.push(m.text()));
    page.on('pageerror', (e) => consoleLines.push(String(e)));

    const snapshots: Array<[string, string]> = [];
    const snapshot = async (step: string) => {
      const { html, storage } = await page.evaluate(() => ({
        html: document.documentElement.outerHTML,
        storage: JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }),
      }));
      snapshots.push([`${step} HTML`, html], [`${step} storage`, storage]);
    };
    // The result screen is read from inside the page: the form POST to the store follows it at once.
    await page.exposeFunction('__ojaResultSnapshot', (html: string, storage: string) => {
      snapshots.push(['result HTML', html], ['result storage', storage]);
    });
    await page.addInitScript(() => {
      let done = false;
      new MutationObserver(() => {
        if (done || !document.getElementById('oja-result-title')) return;
        done = true;
        (window as unknown as { __ojaResultSnapshot(html: string, storage: string): void }).__ojaResultSnapshot(
          document.documentElement.outerHTML,
          JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }),
        );
      }).observe(document, { subtree: true, childList: true });
    });

    const ref = await openCard(page, 'card-secrets');
    await card.enter(page, pan, { cvv });
    await whenHydrated(page.getByTestId('pin-pad'));
    await snapshot('PIN');
    await card.pin(page, pin);
    await page.getByRole('heading', { name: 'Enter OTP' }).waitFor();
    await snapshot('OTP');
    await card.otp(page);
    await expectDeliveredOnce(page, ref, '00');
    expect(snapshots.map(([name]) => name)).toEqual(['PIN HTML', 'PIN storage', 'OTP HTML', 'OTP storage', 'result HTML', 'result storage']);
    expect(snapshots[4][1]).toContain('Payment Successful');
    snapshots.push(['cookies', JSON.stringify(await page.context().cookies())]);

    // The card went out sealed: base64 RSA-OAEP blobs of the 2048-bit key, fresh for each call.
    expect(sealed.map((s) => s.path)).toEqual(['/api/v1/merchantbins', '/api/v1/pay']);
    const blobs = sealed.flatMap((s) => [s.secureData, s.pinBlock]).filter(Boolean);
    expect(blobs).toHaveLength(3);
    expect(sealed[0].pinBlock).toBe('');
    for (const blob of blobs) {
      expect(blob).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      expect(Buffer.from(blob, 'base64')).toHaveLength(256);
    }
    expect(new Set(blobs).size).toBe(3);

    // Everything seen, with the blobs (raw and URL-encoded) and the browser's user agent taken out.
    const ua = await page.evaluate(() => navigator.userAgent);
    const scrub = (text: string) => {
      let out = text.split(ua).join('');
      for (const blob of blobs) out = out.split(blob).join('').split(encodeURIComponent(blob)).join('');
      return out;
    };
    // The number with any grouping (spaces, '+' or %20 in URLs, dashes) removed.
    const ungrouped = (text: string) => text.replace(/%20|\+|\s|-/g, '');
    // CVV and PIN as a value of their own, not inside a longer token.
    const alone = (digits: string) => new RegExp(`(^|[^0-9A-Za-z])${digits}([^0-9A-Za-z]|$)`);
    const where: Array<[string, string]> = [
      ...traffic.map((t, i): [string, string] => [`traffic #${i}`, t]),
      ...snapshots,
      ['console', consoleLines.join('\n')],
    ];
    expect(where.length).toBeGreaterThan(10);
    for (const [name, raw] of where) {
      const text = scrub(raw);
      expect(ungrouped(text).includes(pan), `card number in ${name}`).toBe(false);
      expect(alone(cvv).test(text), `CVV in ${name}`).toBe(false);
      expect(alone(pin).test(text), `PIN in ${name}`).toBe(false);
    }
  });
});

describe('card data in URLs', () => {
  it('no request of a 3-D Secure card payment, frames included, carries card data in its URL', async () => {
    const page = await b.newPage();
    const urls: string[] = [];
    const sealed: string[] = [];
    page.on('request', (r) => {
      urls.push(r.url());
      const body = r.postData();
      if (body && r.headers()['content-type']?.includes('application/json')) {
        const { secureData, pinBlock } = JSON.parse(body) as Record<string, unknown>;
        for (const blob of [secureData, pinBlock]) if (typeof blob === 'string' && blob) sealed.push(blob);
      }
    });
    // The most requests a card payment makes: BIN lookup, device data collection, payment, the issuer's page
    // and its form, status checks, the authentication, the result to the store.
    const ref = await openCard(page, 'card-urls');
    await card.enter(page, TEST_CARDS.threeDs);
    await card.challenge(page);
    await expectDeliveredOnce(page, ref, '00');

    const paths = urls.map((u) => new URL(u).pathname);
    for (const step of [
      '/api/v1/merchantbins',
      '/api/v1/pay',
      '/3ds/challenge',
      '/api/v1/payments/cardinalCallBackStatus',
      '/api/v1/pay/authenticateCardinal',
      '/return',
    ]) {
      expect(paths, step).toContain(step);
    }
    // The issuer's page comes from the sandbox's second origin, as an issuer's does from its own (CONTRACT §5).
    expect(urls.filter((u) => new URL(u).pathname === '/3ds/challenge').map((u) => new URL(u).origin)).toEqual(
      expect.arrayContaining([inject('outsideBase')]),
    );
    // The card went out sealed, in bodies (BIN lookup, payment, authentication), and never in a URL.
    expect(sealed.length).toBeGreaterThanOrEqual(3);
    const leaks = urls.filter(
      (u) => /secureData|pinBlock/i.test(u) || sealed.some((blob) => u.includes(blob) || u.includes(encodeURIComponent(blob))),
    );
    expect(leaks).toEqual([]);
    expect(urls.filter((u) => u.includes(TEST_CARDS.threeDs))).toEqual([]);
  });
});

describe('keyboard only', () => {
  it('pays with a PIN card using Tab, typing and Enter, the focus visible at every stop', async () => {
    const page = await b.newPage();
    const ref = txnRef('card-keys');
    await openPay(page, payFields(ref, { channels: 'CARD' }));
    await whenHydrated(page.getByRole('link', { name: /Pay with Card/ }));
    await page.bringToFront();
    await page.getByRole('button', { name: 'Demo settings' }).waitFor();

    await tabTo(page, (f) => f.name.startsWith('Pay with Card'));
    await page.keyboard.press('Enter');
    await whenHydrated(page.getByLabel('Card number'));
    await tabTo(page, (f) => f.field === 'cardnumber');
    await page.keyboard.type(TEST_CARDS.pin);
    await tabTo(page, (f) => f.field === 'exp-date');
    await page.keyboard.type(futureExpiry().replace('/', ''));
    await tabTo(page, (f) => f.field === 'cvc');
    await page.keyboard.type('123');
    expect(await page.getByLabel('Card number').inputValue()).toBe('5060 9905 8000 0217 499');
    expect(await page.getByLabel('Expiry date').inputValue()).toBe(futureExpiry().replace('/', ' / '));
    await page.keyboard.press('Enter');

    await whenHydrated(page.getByTestId('pin-pad'));
    await tabTo(page, (f) => /^Digit \d$/.test(f.name));
    await page.keyboard.type('1111');
    await page.getByRole('status').filter({ hasText: '4 of 4 digits entered' }).waitFor();
    await tabTo(page, (f) => f.name === 'Authorize');
    await page.keyboard.press('Enter');
    await expectDeliveredOnce(page, ref, '00');
  });
});

/**
 * Every key of the PIN pad (Clear and Delete too) is one grid cell of the same size, at least 44 px; Clear and Delete
 * (the 10th and 12th keys) are lighter than the digits: regular weight, no border drawn.
 */
async function expectEvenPad(page: Page): Promise<void> {
  const keys = page.getByTestId('pin-pad').getByRole('button');
  const looks = await keys.evaluateAll((all) =>
    all.map((k) => {
      const s = getComputedStyle(k);
      return { weight: Number(s.fontWeight), border: s.borderTopColor };
    }),
  );
  for (const [i, look] of looks.entries()) {
    const edits = i === 9 || i === 11;
    expect(look.weight, `key ${i}`).toBe(edits ? 400 : 600);
    expect(look.border === 'rgba(0, 0, 0, 0)', `key ${i}'s border`).toBe(edits);
  }
  const boxes = await keys.evaluateAll((all) => all.map((k) => k.getBoundingClientRect()));
  expect(boxes).toHaveLength(12);
  for (const box of boxes) {
    expect(Math.round(box.width)).toBe(Math.round(boxes[0]!.width));
    expect(Math.round(box.height)).toBe(Math.round(boxes[0]!.height));
  }
  expect(boxes[0]!.height).toBeGreaterThanOrEqual(44);
  expect(boxes[0]!.width).toBeGreaterThanOrEqual(44);
}

describe('axe finds no serious or critical violation', () => {
  it('on the card entry with its messages, the PIN pad and the OTP screen (with its message)', async () => {
    const page = await b.newPage();
    const ref = await openCard(page, 'card-a11y');
    // The accepted brands' marks come in their chunk of their own, each drawn (under the page's CSP).
    const accepted = page.getByRole('list', { name: 'Accepted cards' });
    await expect.poll(() => accepted.locator('svg[data-brand-mark]').count()).toBe(await accepted.getByRole('listitem').count());
    await page.getByTestId('card-pay').click();
    for (const message of ['Provide card number', 'Provide card expiry', 'Provide card CVV']) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    // The first field to fix has the focus.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('cardnumber');
    expect(await page.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'card entry with validation messages');

    await card.enter(page, TEST_CARDS.pinThenOtp);
    await whenHydrated(page.getByTestId('pin-pad'));
    await page.getByTestId('pin-authorize').click();
    await page.getByText('Provide card Pin', { exact: true }).waitFor();
    await expectEvenPad(page);
    await expectAccessible(page, 'PIN pad with its message');
    await card.pin(page);

    await card.otp(page, '111111');
    await page.getByText('Invalid OTP provided', { exact: true }).waitFor();
    await expectAccessible(page, 'OTP with its message');
    await card.otp(page);
    await expectDeliveredOnce(page, ref, '00');
  });
});

describe('in French', () => {
  it('a card payment reads in French from the method list to the failure view', async () => {
    const page = await b.newPage();
    const ref = txnRef('card-fr');
    await openPay(page, payFields(ref, { channels: 'CARD', lang: 'fr' }));
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await (await whenHydrated(page.getByRole('link', { name: /Payer par carte/ }))).click();
    await page.getByRole('heading', { name: 'Saisissez les informations de votre carte' }).waitFor();
    const number = await whenHydrated(page.getByLabel('Numéro de carte'));
    await page.getByRole('button', { name: /^Payer / }).click();
    await page.getByText('Indiquez le numéro de carte', { exact: true }).waitFor();
    await page.getByText("Indiquez la date d'expiration de la carte", { exact: true }).waitFor();
    await page.getByText('Indiquez le CVV de la carte', { exact: true }).waitFor();

    await number.fill(TEST_CARDS.insufficientFunds);
    await page.getByLabel("Date d'expiration").fill(futureExpiry());
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: /^Payer / }).click();
    await page.getByRole('heading', { name: 'Saisissez le code PIN de votre carte' }).waitFor();
    await whenHydrated(page.getByTestId('pin-pad'));
    // The longest labels ("Tout effacer") in a phone's width still leave the keys even.
    await page.setViewportSize({ width: 360, height: 760 });
    await expectEvenPad(page);
    for (const d of '1111') await page.getByRole('button', { name: `Chiffre ${d}`, exact: true }).click();
    await page.getByRole('button', { name: 'Valider' }).click();

    await page.getByRole('heading', { name: 'Échec du paiement', level: 1 }).waitFor();
    await page.getByTestId('failure-title').getByText('Échec de la transaction', { exact: true }).waitFor();
    await page.getByText('Fonds insuffisants. Utilisez une autre carte ou essayez un autre moyen de paiement', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Réessayer le paiement' }).waitFor();
    await page.getByRole('button', { name: `Annuler le paiement et revenir à ${MERCHANT_NAME}` }).waitFor();
    expect(await storeResults(ref)).toEqual([]);
  });
});

describe('network failures', () => {
  it('a failed BIN lookup (HTTP 500) shows the failure view; Retry pays', async () => {
    const page = await b.newPage();
    await withFaultHeaders(page, '/api/v1/merchantbins', { 'x-sandbox-error-rate': '1' });
    const ref = await openCard(page, 'card-500');
    await card.enter(page, TEST_CARDS.pin);
    // The generic failure view (spec core §8): no code-specific title or message.
    await page.getByRole('heading', { name: 'Payment Failed', level: 1 }).waitFor();
    await page.getByTestId('failure-title').getByText('Oops, something went wrong...', { exact: true }).waitFor();
    await page.getByText('Something went wrong. Please try again.', { exact: true }).waitFor();
    expect(await page.getByText('Transaction Failed', { exact: true }).count()).toBe(0);
    await expectAccessible(page, 'the generic failure view');
    expect(await storeResults(ref)).toEqual([]);

    await page.getByRole('button', { name: 'Retry payment' }).click();
    await whenHydrated(page.getByLabel('Card number'));
    await card.enter(page, TEST_CARDS.pin);
    await card.pin(page);
    await expectDeliveredOnce(page, ref, '00');
    const { payment } = await sandboxPayment(ref);
    expect(payment!.calls.filter((c) => c.path === '/api/v1/merchantbins')).toHaveLength(2);
    expect(await card.counters(ref)).toMatchObject({ charges: 1 });
  });

  it('an OTP that cannot reach the server says so on the OTP screen; sending it again pays', async () => {
    const page = await b.newPage();
    let failed = false;
    await page.route(
      (url) => url.pathname === '/api/v1/pay/authenticateToken',
      async (route) => {
        if (failed) return route.continue();
        failed = true;
        await route.abort('internetdisconnected');
      },
    );
    const ref = await openCard(page, 'card-offline');
    await card.enter(page, TEST_CARDS.otp);
    await card.otp(page);
    await page.getByText('Something went wrong. Please try again.', { exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Enter OTP' }).count()).toBe(1);
    expect(await storeResults(ref)).toEqual([]);

    await card.otp(page);
    await expectDeliveredOnce(page, ref, '00');
    expect(await card.counters(ref)).toMatchObject({ charges: 1 });
  });
});
