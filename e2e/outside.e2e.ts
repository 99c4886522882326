// Outside sources (issue 10): the card's 3-D Secure pages and the device-fingerprint script come from the
// sandbox's second origin (CONTRACT §5), allowed by the page's policy only on payments that can use the card;
// every violation is reported to the checkout, which logs it.
import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  TEST_CARDS,
  card,
  checkoutBase,
  cspDirective,
  expectDeliveredOnce,
  pagePolicy,
  openPay,
  payFields,
  sandboxPayment,
  txnRef,
  useBrowser,
  whenHydrated,
} from './helpers';

const b = useBrowser();
const outsideBase = () => inject('outsideBase');
/** The merchant's Cybersource ids, as the sandbox's pay-page answers them (sandbox fields). */
const CYBERSOURCE = { cybersource_org_id: 'oja-sandbox-org', cybersource_merchant_id: 'oja_demo' };

/** Every URL the page (and its frames) requests, as it goes. */
function requests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}

describe("the card's 3-D Secure pages on the sandbox's second origin", () => {
  it('collects device data, then the challenge, both framed from the second origin, and pays, with 0 CSP violations', async () => {
    const page = await b.newPage();
    const urls = requests(page);
    const ref = txnRef('outside-3ds');
    await openPay(page, payFields(ref, { channels: 'CARD' }));
    await card.choose(page);
    await card.enter(page, TEST_CARDS.threeDs);
    await page
      .frameLocator('[data-testid="issuer-frame"]')
      .getByLabel(/Enter the code/)
      .waitFor();
    expect(new URL((await page.getByTestId('issuer-frame').getAttribute('src')) ?? '').origin).toBe(outsideBase());
    await card.challenge(page);
    await expectDeliveredOnce(page, ref, '00');

    const at = (path: string) => urls.filter((u) => new URL(u).pathname === path).map((u) => new URL(u).origin);
    expect(at('/3ds/collect')).toEqual([outsideBase()]);
    expect(at('/3ds/challenge').length).toBeGreaterThanOrEqual(2);
    expect(new Set(at('/3ds/challenge'))).toEqual(new Set([outsideBase()]));
    const { payment } = await sandboxPayment(ref);
    expect(payment?.channels.card).toMatchObject({ collect: { ranAt: expect.any(Number) }, challenge: { completedAt: expect.any(Number) } });
  });
});

describe('a source only on the pages of a payment that can use its channel', () => {
  it("names the second origin in a card payment's policy (frames, script), and nowhere in a transfer-only one", async () => {
    const withCard = await pagePolicy(payFields(txnRef('outside-card'), { channels: 'CARD,TRANSFER' }));
    expect(cspDirective(withCard, 'frame-src')).toContain(outsideBase());
    expect(cspDirective(withCard, 'script-src')).toContain(outsideBase());
    const withoutCard = await pagePolicy(payFields(txnRef('outside-transfer'), { channels: 'TRANSFER' }));
    expect(withoutCard).toContain('frame-src');
    expect(withoutCard).not.toContain(outsideBase());
  });

  it('names it on no page outside a payment: an incorrect transaction, the home page', async () => {
    expect(await pagePolicy(payFields(txnRef('outside-bad'), { amount: 'x' }))).not.toContain(outsideBase());
    expect((await fetch(`${checkoutBase()}/`)).headers.get('content-security-policy')).not.toContain(outsideBase());
  });
});

describe('the device-fingerprint script (companion §7)', () => {
  const fingerprintRequests = (urls: string[]) => urls.filter((u) => new URL(u).pathname === '/fp/tags.js');

  it('loads with the card screen, never on the method list, keyed by the ids and the payment, and runs under its integrity', async () => {
    const page = await b.newPage();
    const urls = requests(page);
    const ref = txnRef('outside-fp');
    await openPay(page, payFields(ref, { channels: 'CARD,TRANSFER', ...CYBERSOURCE }));
    await whenHydrated(page.getByRole('link', { name: /Pay with Card/ }));
    expect(fingerprintRequests(urls)).toEqual([]);
    await card.choose(page);
    await expect.poll(() => page.evaluate(() => (window as { ojaSandboxFingerprint?: boolean }).ojaSandboxFingerprint ?? false)).toBe(true);
    const { payment } = await sandboxPayment(ref);
    const [src] = fingerprintRequests(urls);
    const url = new URL(src);
    expect(url.origin).toBe(outsideBase());
    expect(url.searchParams.get('org_id')).toBe(CYBERSOURCE.cybersource_org_id);
    expect(url.searchParams.get('session_id')).toBe(`${CYBERSOURCE.cybersource_merchant_id}${payment!.paymentId}`);
    expect(payment?.channels.card).toMatchObject({ fingerprint: { orgId: CYBERSOURCE.cybersource_org_id } });
    expect(await page.locator('script[src*="/fp/tags.js"]').getAttribute('integrity')).toMatch(/^sha256-/);
  });

  it('does not load on a card payment without the ids', async () => {
    const page = await b.newPage();
    const urls = requests(page);
    await openPay(page, payFields(txnRef('outside-nofp'), { channels: 'CARD,TRANSFER' }));
    await card.choose(page);
    await card.enter(page, TEST_CARDS.pin);
    await card.pin(page);
    await page.waitForURL(/\/return$/);
    expect(fingerprintRequests(urls)).toEqual([]);
    expect(await page.evaluate(() => 'ojaSandboxFingerprint' in window)).toBe(false);
  });
});

describe('violation reports', () => {
  it('reach the checkout, which logs one line for each, without the query', async () => {
    const page = await b.newPage();
    b.allowCspViolations(/127\.0\.0\.1:9\/blocked\.png/);
    await openPay(page, payFields(txnRef('outside-report'), { channels: 'CARD,TRANSFER' }));
    await whenHydrated(page.getByRole('link', { name: /Pay with Card/ }));
    // An image over plain http from another origin: img-src allows 'self', data: and https: only.
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.alt = '';
      img.src = 'http://127.0.0.1:9/blocked.png?card=5061050254756707864';
      document.body.append(img);
    });
    const logged = () =>
      fs
        .readFileSync(inject('serverLog'), 'utf8')
        .split('\n')
        .filter((l) => l.includes('blocked.png'));
    await expect.poll(logged, { timeout: 20_000 }).not.toEqual([]);
    const line = JSON.parse(logged()[0]);
    expect(line).toMatchObject({ event: 'csp-violation', directive: 'img-src', blocked: 'http://127.0.0.1:9/blocked.png' });
    expect(line.document).toMatch(new RegExp(`^${checkoutBase()}/payment`));
    expect(logged().join('\n')).not.toContain('5061050254756707864');
  });
});
