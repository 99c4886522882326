// Shared helpers of the browser end-to-end tests: Chromium driven through the real built server and sandbox
// (started by scripts/test/e2e-global-setup.ts).
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page, Request, Route } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { CHROMIUM_ARGS } from '../scripts/bin/chromium.mjs';

export const MERCHANT_CODE = 'MX_DEMO';
export const MERCHANT_NAME = 'Oja Demo Store';
/** The CONTRACT §3 fields of a result. */
export const RESULT_FIELDS = ['payRef', 'txnref', 'amount', 'apprAmt', 'resp', 'desc', 'retRef', 'cardNum', 'mac', 'bpResp', 'bpTrxnRef', 'rechPin'];
/** How long a locator waits for the page, ms. */
export const UI_TIMEOUT_MS = 15_000;

export const checkoutBase = (): string => inject('checkoutBase');
export const storeBase = (): string => inject('storeBase');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: [...CHROMIUM_ARGS] });
}

/**
 * One browser per test file, a fresh context per test: call at the top of a file. newPage() opens a page in
 * a new context, closed after the test.
 */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  /** What each page printed or threw, for a failed test's report. */
  const logs = new Map<Page, string[]>();
  /** CSP violations each page reported (Chromium logs every one on the console, frames' included). */
  const cspViolations = new Map<Page, string[]>();
  /** Violations a test provokes on purpose (a frame refused by frame-ancestors), by pattern. */
  const allowedCsp: RegExp[] = [];
  /** The checks of the checkout's modules against the import map of the page that loaded them (unmapped). */
  const moduleChecks: Promise<string | null>[] = [];
  afterEach(async (ctx) => {
    // Done means 0 CSP violations in every browser test (README "Security"); a test that provokes one says so.
    const unexpected = [...cspViolations.values()].flat().filter((v) => !allowedCsp.some((re) => re.test(v)));
    cspViolations.clear();
    allowedCsp.length = 0;
    // Every module a checkout page loads has its integrity in that page's import map (README "Security").
    const unmapped = (await Promise.all(moduleChecks.splice(0))).filter((m): m is string => m !== null);
    if (ctx.task.result?.state !== 'fail' && (unexpected.length || unmapped.length)) {
      logs.clear();
      await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
      if (unexpected.length) throw new Error(`CSP violations in this test:\n${unexpected.join('\n')}`);
      throw new Error(`modules loaded without their integrity in the page's import map:\n${[...new Set(unmapped)].join('\n')}`);
    }
    if (ctx.task.result?.state === 'fail') {
      for (const [page, log] of logs) {
        const text = await page
          .locator('body')
          .innerText({ timeout: 1_000 })
          .catch(() => '(closed)');
        console.error(`--- page ${page.url()}\n${text.slice(0, 2_000)}\n--- its console\n${log.slice(-30).join('\n')}`);
      }
    }
    logs.clear();
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    browser: () => browser,
    /** This test provokes CSP violations matching the pattern on purpose (e.g. a frame its ancestors refuse). */
    allowCspViolations(pattern: RegExp): void {
      allowedCsp.push(pattern);
    },
    async newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
      const context = await browser.newContext({ viewport: { width: 800, height: 900 }, ...options });
      context.setDefaultTimeout(UI_TIMEOUT_MS);
      context.on('page', (page) => {
        const log: string[] = [];
        logs.set(page, log);
        const csp: string[] = [];
        cspViolations.set(page, csp);
        page.on('console', (m) => {
          log.push(`${m.type()}: ${m.text()}`);
          if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
        });
        page.on('pageerror', (e) => log.push(`pageerror: ${e.message}`));
        watchModules(page, moduleChecks);
      });
      contexts.push(context);
      return context;
    },
    async newPage(options: BrowserContextOptions = {}): Promise<Page> {
      return (await this.newContext(options)).newPage();
    },
  };
}

/**
 * Checks each module the checkout's pages load (their frames' too) against the import map of the document that
 * loaded it: one promise per module, answering its path when the map lacks it. A document without an import map
 * (the sandbox's pages, a merchant's page loading the SDK) is not checked.
 */
function watchModules(page: Page, checks: Promise<string | null>[]): void {
  const origin = new URL(checkoutBase()).origin;
  const maps = new WeakMap<object, Promise<Set<string> | null>>();
  page.on('response', (r) => {
    const req = r.request();
    const url = new URL(r.url());
    if (url.origin !== origin) return;
    const frame = req.frame();
    if (req.resourceType() === 'document') {
      const map = r
        .text()
        .then((html) => {
          const json = /<script type="importmap">(.*?)<\/script>/s.exec(html)?.[1];
          return json ? new Set(Object.keys((JSON.parse(json) as { integrity?: Record<string, string> }).integrity ?? {})) : null;
        })
        .catch(() => null);
      maps.set(frame, map);
    } else if (req.resourceType() === 'script' && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) {
      const map = maps.get(frame);
      if (map) checks.push(map.then((m) => (m && !m.has(url.pathname) ? `${url.pathname} (page ${frame.url()})` : null)));
    }
  });
}

/** A fresh merchant transaction reference. */
export function txnRef(label: string): string {
  return `E2E-${label}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}

/** A valid pay request (CONTRACT §2) for the demo merchant, returning to the store. */
export function payFields(ref: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    merchant_code: MERCHANT_CODE,
    pay_item_id: 'Default_Payable_MX_DEMO',
    txn_ref: ref,
    amount: '150000',
    currency: '566',
    site_redirect_url: `${storeBase()}/return`,
    cust_email: 'ada@example.com',
    cust_name: 'Ada Obi',
    ...extra,
  };
}

export function payUrl(fields: Record<string, string>): string {
  return `${checkoutBase()}/pay?${new URLSearchParams(fields)}`;
}

/** GET /pay with the fields; answers the checkout's HTTP status. */
export async function openPay(page: Page, fields: Record<string, string>): Promise<number> {
  const res = await page.goto(payUrl(fields));
  return res?.status() ?? 0;
}

/** Submits a form POST of these fields from the page as it is (no script of the page needed, as a plain form). */
export function submitForm(page: Page, action: string, fields: Record<string, string>): Promise<void> {
  return page.evaluate(
    ({ action, fields }) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = action;
      for (const [name, value] of Object.entries(fields))
        form.append(Object.assign(document.createElement('input'), { type: 'hidden', name, value }));
      document.body.append(form);
      form.submit();
    },
    { action, fields },
  );
}

/** Starts a payment the way a merchant page does: a form POST from the store's origin. */
export async function postPayFromStore(page: Page, fields: Record<string, string>): Promise<void> {
  await page.goto(`${storeBase()}/`);
  await Promise.all([page.waitForURL(`${checkoutBase()}/**`), submitForm(page, `${checkoutBase()}/pay`, fields)]);
}

/** A merchant's own form posted from its page (the store's origin) to a checkout path; answers the checkout's response. */
export async function postFromMerchantPage(page: Page, path: string, fields: Record<string, string>) {
  await page.goto(`${storeBase()}/`);
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'POST'),
    submitForm(page, `${checkoutBase()}${path}`, fields),
  ]);
  await page.waitForURL(`${checkoutBase()}${path}`);
  return response;
}

/** Starts a payment from the store's product page with its own form; answers the store's txn_ref. */
export async function startFromStore(page: Page, choice: { channels?: string; acquirer?: string; lang?: string } = {}): Promise<string> {
  await page.goto(`${storeBase()}/`);
  if (choice.channels !== undefined) await page.locator('#channels').selectOption(choice.channels);
  if (choice.acquirer !== undefined) await page.locator('#acquirer').selectOption(choice.acquirer);
  if (choice.lang !== undefined) await page.locator('#lang').selectOption(choice.lang);
  const ref = await page.locator('input[name="txn_ref"]').inputValue();
  await Promise.all([page.waitForURL(`${checkoutBase()}/**`), page.getByRole('button', { name: /^Pay NGN/ }).click()]);
  return ref;
}

export interface StoreResult {
  at: number;
  fields: Record<string, string>;
}

/** The results the store's return page received for a transaction reference. */
export async function storeResults(ref: string): Promise<StoreResult[]> {
  const res = await fetch(`${storeBase()}/results.json`);
  const all = (await res.json()) as StoreResult[];
  return all.filter((r) => r.fields.txnref === ref);
}

/** Settles a pending payment in the sandbox (CONTRACT §4), of the shared e2e server or of the checkout at `base`. */
export async function simulate(ref: string, outcome: 'success' | 'failed' | 'expired', base = checkoutBase()): Promise<void> {
  const res = await fetch(`${base}/sandbox/simulate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ merchant_code: MERCHANT_CODE, txn_ref: ref, outcome }),
  });
  expect(res.status, `simulate ${outcome} for ${ref}`).toBe(200);
}

export interface SandboxPaymentView {
  paymentId: string;
  outcome: { value: string; at: number } | null;
  cancellation: { reason: string; at: number } | null;
  calls: Array<{ path: string; at: number; endedAt?: number }>;
  channels: Record<string, Record<string, unknown>>;
}

/** GET /sandbox/payments for a transaction reference: its status and, when it exists, the payment. */
export async function sandboxPayment(ref: string): Promise<{ status: number; payment?: SandboxPaymentView }> {
  const res = await fetch(`${checkoutBase()}/sandbox/payments?${new URLSearchParams({ merchant_code: MERCHANT_CODE, txn_ref: ref })}`);
  const body = await res.json();
  return res.ok ? { status: res.status, payment: body as SandboxPaymentView } : { status: res.status };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** No serious or critical WCAG 2 A/AA violation on the page as it is now. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // Only violations are read: skipping the details of passes makes each run faster.
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map(
    (v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('\n')}`,
  );
  expect(report, `axe on ${what}`).toEqual([]);
  expect(await smallTargets(page), `targets under ${MIN_TARGET_PX} px on ${what}`).toEqual([]);
}

/** The guide's minimum target, CSS px, both ways. */
export const MIN_TARGET_PX = 44;

/**
 * The checkout's visible controls (in its own document) smaller than MIN_TARGET_PX either way, described. A link
 * inside running text is exempt (WCAG 2.5.8's inline exception); so are the sandbox's pages in frames.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="tab"]',
    );
    const small: string[] = [];
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height || getComputedStyle(el).visibility === 'hidden') continue;
      // A native checkbox or radio counts with its label, which is the target a payer taps.
      const label = (el as HTMLInputElement).labels?.[0]?.getBoundingClientRect();
      const w = Math.max(box.width, label?.width ?? 0);
      const h = Math.max(box.height, label?.height ?? 0);
      const inline = el.tagName === 'A' && getComputedStyle(el).display === 'inline' && el.parentElement?.closest('p, li, span');
      if ((w < min - 0.5 || h < min - 0.5) && !inline) {
        small.push(
          `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40)}" ${Math.round(w)}x${Math.round(h)}`,
        );
      }
    }
    return small;
  }, MIN_TARGET_PX);
}

/**
 * For tests on Playwright's clock: the page's time runs ahead of the server's, and the checkout corrects its
 * clock from every API answer's Date header (core/src/clock.ts). Hiding that header keeps the page on its own
 * (fake) clock, as if the server's clock moved with it.
 */
export async function hideServerDate(page: Page): Promise<void> {
  await page.route(`${checkoutBase()}/api/**`, async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers.date;
    await route.fulfill({ response, headers });
  });
}

export interface SeenResult {
  /** The result screen's title. */
  title: string;
  /** The whole card's text then. */
  text: string;
  cancelButton: boolean;
}

/**
 * Records every result screen the page shows, reported from inside the page: a REDIRECT result is followed
 * at once by the form POST to the store, during which Playwright's locators wait for the navigation.
 */
export async function watchResultScreens(page: Page): Promise<SeenResult[]> {
  const seen: SeenResult[] = [];
  await page.exposeFunction('__ojaResultSeen', (r: SeenResult) => void seen.push(r));
  await page.addInitScript(() => {
    let last = '';
    const report = () => {
      const title = document.getElementById('oja-result-title')?.textContent ?? '';
      if (!title || title === last) return;
      last = title;
      (window as unknown as { __ojaResultSeen(r: SeenResult): void }).__ojaResultSeen({
        title,
        text: document.querySelector('main')?.textContent ?? '',
        cancelButton: !!document.querySelector('[data-testid="cancel-payment"]'),
      });
    };
    new MutationObserver(report).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return seen;
}

/**
 * Holds the form POST to the store's return page until released, so the page that posts it stays (and
 * shows its result screen) as long as the test needs.
 */
export async function holdStoreReturn(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(`${storeBase()}/return`, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/**
 * Waits until React has hydrated the element: the server renders a channel's first screen complete, but a
 * click on it before its lazily loaded code has hydrated it is dropped by React.
 */
export async function whenHydrated(locator: Locator): Promise<Locator> {
  await locator.waitFor();
  // The checkout marks its document once hydrated (core/src/shell/PageEffects.tsx); the locator may be in a frame.
  await expect.poll(() => locator.evaluate((el) => el.ownerDocument.documentElement.dataset.hydrated), { timeout: UI_TIMEOUT_MS }).toBe('true');
  return locator;
}

/** Screens of the transfer channel. */
/** The checkout's page, or its frame in INLINE mode. */
type Screen = Pick<Page, 'getByTestId' | 'getByRole'>;

export const transfer = {
  accountNumber: (page: Screen) => page.getByTestId('account-number'),
  /** The account number, once the account screen is shown and hydrated. */
  async waitForAccount(page: Screen): Promise<string> {
    const el = page.getByTestId('account-number');
    await el.waitFor();
    await whenHydrated(page.getByRole('button', { name: /I have transferred|J'ai effectué le virement/ }));
    return (await el.textContent()) ?? '';
  },
  async transferred(page: Screen): Promise<void> {
    await page.getByRole('button', { name: 'I have transferred' }).click();
    await page.getByRole('heading', { name: 'Confirming your transfer' }).waitFor();
  },
};

/** The sandbox's test cards (CONTRACT §4). */
export const TEST_CARDS = {
  /** Verve: PIN, then OTP, then 00. */
  pinThenOtp: '5061050254756707864',
  /** Verve: PIN, then 00. */
  pin: '5060990580000217499',
  /** Mastercard: OTP, then 00. */
  otp: '5123450000000008',
  /** Visa: the 3-D Secure challenge page, then 00. */
  threeDs: '4000000000002503',
  /** Verve: PIN, then 51. */
  insufficientFunds: '5060990580000000390',
  /** Verve: PIN, then 91. */
  unableToProcess: '5061830100001895',
  /** Visa: Z8 at once. */
  notAccepted: '4000000000000002',
} as const;
export const SANDBOX_PIN = '1111';
export const SANDBOX_OTP = '123456';
export const SANDBOX_CHALLENGE_CODE = '123456';

/** An expiry date the card entry accepts: December, two years from now (MM/YY). */
export function futureExpiry(): string {
  return `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
}

/** The sandbox's counters of a card payment (channels/card/src/sandbox.ts CardRecord). */
export interface CardCounters {
  binLookups: number;
  payRequests: number;
  charges: number;
  otpSends: number;
  otpFailures: number;
  challenge: { failures: number; completedAt: number | null } | null;
}

/** Screens of the card channel. */
export const card = {
  /** From the method list: the "Pay with Card" row, then the card entry once hydrated. */
  async choose(page: Page): Promise<void> {
    await (await whenHydrated(page.getByRole('link', { name: /Pay with Card/ }))).click();
    await whenHydrated(page.getByLabel('Card number'));
  },
  /** Types a card on the (hydrated) entry and presses Pay. */
  async enter(page: Page, number: string, { expiry = futureExpiry(), cvv = '123' } = {}): Promise<void> {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry date').fill(expiry);
    await page.getByLabel('CVV').fill(cvv);
    await page.getByTestId('card-pay').click();
  },
  /** Taps the PIN on the shuffled pad and presses Authorize. */
  async pin(page: Page, pin = SANDBOX_PIN): Promise<void> {
    await whenHydrated(page.getByTestId('pin-pad'));
    for (const d of pin) await page.getByRole('button', { name: `Digit ${d}`, exact: true }).click();
    await page.getByTestId('pin-authorize').click();
  },
  /** Types the OTP and presses Authorize. */
  async otp(page: Page, code = SANDBOX_OTP): Promise<void> {
    await page.getByRole('heading', { name: 'Enter OTP' }).waitFor();
    await page.getByLabel('OTP', { exact: true }).fill(code);
    await page.getByTestId('otp-authorize').click();
  },
  /** Answers the issuer's 3-D Secure challenge page, in its frame. */
  async challenge(page: Page, code = SANDBOX_CHALLENGE_CODE): Promise<void> {
    const frame = page.frameLocator('[data-testid="issuer-frame"]');
    await frame.getByLabel(/Enter the code/).fill(code);
    await frame.getByRole('button', { name: 'Submit' }).click();
  },
  /** The sandbox's view of the card payment. */
  async counters(ref: string): Promise<CardCounters> {
    const { payment } = await sandboxPayment(ref);
    return payment?.channels.card as unknown as CardCounters;
  },
};

/** The page lands on the store's return page with this code, and the store received exactly that, once. */
export async function expectDeliveredOnce(page: Page, ref: string, resp: string): Promise<StoreResult> {
  await page.waitForURL(`${storeBase()}/return`);
  await expect.poll(() => page.locator('h1').getAttribute('data-resp')).toBe(resp);
  // Long enough for a second delivery, were there one.
  await sleep(300);
  const results = await storeResults(ref);
  expect(results.map((r) => r.fields.resp)).toEqual([resp]);
  return results[0];
}

/**
 * A merchant's own form posted to a checkout path is accepted (200, nothing refused) and paid with the PIN card; the
 * result comes back to the return URL once, 00 for the whole amount.
 */
export async function payPostedFormByPinCard(page: Page, path: string, fields: Record<string, string>): Promise<void> {
  const response = await postFromMerchantPage(page, path, fields);
  expect(response.status()).toBe(200);
  expect(response.headers()['x-oja-refused-field']).toBeUndefined();
  await card.choose(page);
  await card.enter(page, TEST_CARDS.pin);
  await card.pin(page);
  const result = await expectDeliveredOnce(page, fields.txn_ref, '00');
  expect(result.fields).toMatchObject({ txnref: fields.txn_ref, resp: '00', amount: fields.amount });
}

/** The failure view (spec core §2 "Result screen"): its titles, the code's message and Retry. */
export async function expectFailureView(page: Page, message: string): Promise<void> {
  await page.getByRole('heading', { name: 'Payment Failed', level: 1 }).waitFor();
  await page.getByTestId('failure-title').getByText('Transaction Failed', { exact: true }).waitFor();
  await page.getByText(message, { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Retry payment' }).waitFor();
}

/** Cancel payment, confirmed in the dialog: Payment Cancelled, then Z6 to the store once. */
export async function cancelToStore(page: Page, ref: string): Promise<void> {
  await page.getByTestId('cancel-payment').click();
  await page.getByRole('dialog', { name: 'Cancel Payment?' }).getByRole('button', { name: 'Cancel Payment', exact: true }).click();
  await page.getByRole('heading', { name: 'Payment Cancelled' }).waitFor();
  await expectDeliveredOnce(page, ref, 'Z6');
}

/**
 * Adds sandbox fault headers (core/src/sandbox: x-sandbox-error-rate, x-sandbox-drop-rate, x-sandbox-latency) to
 * this page's requests to one API path, the first `times` of them (default 1; Infinity for all).
 */
export async function withFaultHeaders(page: Page, path: string, headers: Record<string, string>, times = 1): Promise<void> {
  let left = times;
  await page.route(
    (url) => url.pathname === path,
    async (route: Route) => {
      if (left <= 0) return route.continue();
      left -= 1;
      await route.continue({ headers: { ...route.request().headers(), ...headers } });
    },
  );
}

/** Requests seen: when each was sent (`elapsedMs`, which the test advances with its clock), and how many were ever in flight at once. */
export interface RequestTrack {
  sent: number[];
  inFlight: number;
  maxInFlight: number;
  /** Set by the test as it moves the page's clock; recorded with each request. */
  elapsedMs: number;
  /** Wall-clock time of each request, ms (for tests on the real clock). */
  sentAt: number[];
}

/** What the page itself counts of the tracked requests (trackRequests): how many it sent, how many it has not read the answer of. */
interface PageFetches {
  sent: number;
  unread: number;
}

/**
 * Counts the page's requests to an API path, and how many were ever in flight at once. The page counts them too
 * (settle waits on both): Playwright reports a request to the test a little after the page sent it, and the
 * page reads an answer a little after Playwright saw it end, both in real time, which a loaded machine stretches.
 */
export async function trackRequests(page: Page, path: string): Promise<RequestTrack> {
  const matches = (r: Request) => new URL(r.url()).pathname === path;
  const t: RequestTrack = { sent: [], inFlight: 0, maxInFlight: 0, elapsedMs: 0, sentAt: [] };
  page.on('request', (r) => {
    if (!matches(r)) return;
    t.sent.push(t.elapsedMs);
    t.sentAt.push(Date.now());
    t.inFlight += 1;
    t.maxInFlight = Math.max(t.maxInFlight, t.inFlight);
  });
  const done = (r: Request) => {
    if (matches(r)) t.inFlight -= 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  await page.addInitScript((tracked) => {
    const counts: PageFetches = { sent: 0, unread: 0 };
    (window as unknown as { __ojaTracked: PageFetches }).__ojaTracked = counts;
    const send = window.fetch;
    window.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      if (url.pathname !== tracked) return send(input, init);
      counts.sent += 1;
      counts.unread += 1;
      let read = false;
      const onRead = () => {
        if (read) return;
        read = true;
        counts.unread -= 1;
      };
      return send(input, init).then(
        (res) => {
          // Read once its body is (the client reads every answer's), or when the request fails.
          for (const k of ['json', 'text', 'arrayBuffer', 'blob'] as const) {
            const body = (res[k] as () => Promise<unknown>).bind(res);
            (res as unknown as Record<string, () => Promise<unknown>>)[k] = () => body().finally(onRead);
          }
          return res;
        },
        (e) => {
          onRead();
          throw e;
        },
      );
    };
  }, path);
  return t;
}

/**
 * Waits (in real time) until no tracked request is in flight, the test has heard of every request the page sent,
 * and the page has read every answer: the rest of its handling (scheduling the next request) runs in that same
 * task, so it is done before the test's next step reaches the page.
 */
export async function settle(page: Page, t: { inFlight: number; sent?: number[] }): Promise<void> {
  for (let i = 0; i < 500 && t.inFlight > 0; i += 1) await sleep(20);
  expect(t.inFlight).toBe(0);
  await expect
    .poll(
      async () => {
        const counts = await page.evaluate(() => (window as unknown as { __ojaTracked?: PageFetches }).__ojaTracked ?? null);
        // Another page (the store's, after the checkout returned to it) tracks nothing.
        return counts === null || (counts.unread === 0 && (t.sent === undefined || counts.sent === t.sent.length));
      },
      { timeout: UI_TIMEOUT_MS, interval: 20 },
    )
    .toBe(true);
}

/** What the countdown (role="timer") showed, and the text around it, at one change of the page. */
export interface TimerView {
  timer: string;
  text: string;
}

/**
 * Records, from inside the page, the countdown and the text around it at every change of the page's content, so a
 * state that lasts one render (between two of the test's reads) is seen too. Read with `views()`, which empties
 * the record.
 */
export async function watchTimer(page: Page): Promise<{ views(): Promise<TimerView[]> }> {
  await page.evaluate(() => {
    const w = window as unknown as { __ojaTimerViews: TimerView[] };
    w.__ojaTimerViews = [];
    new MutationObserver(() => {
      const timer = document.querySelector('[role="timer"]');
      if (timer) w.__ojaTimerViews.push({ timer: timer.textContent ?? '', text: document.querySelector('main')?.textContent ?? '' });
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return {
    views: () => page.evaluate(() => (window as unknown as { __ojaTimerViews: TimerView[] }).__ojaTimerViews.splice(0)),
  };
}

/**
 * Pauses the page's running fake clock a second ahead of its time, and answers where it stopped. Reading the
 * page's time and pausing are two round trips: on a loaded machine more than that second may pass between them,
 * and Playwright refuses to pause in the past (the clock, stopped by then, is read again).
 */
export async function pauseClock(page: Page, aheadMs = 1_000): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    const at = (await page.evaluate(() => Date.now())) + aheadMs;
    try {
      await page.clock.pauseAt(at);
      return at;
    } catch (e) {
      if (attempt >= 3 || !String(e).includes('Cannot fast-forward to the past')) throw e;
    }
  }
}

/** What has the focus, and whether a focus indicator is drawn around it. */
export function focusedControl(page: Page): Promise<{ name: string; field: string; visible: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: '', field: '', visible: false };
    const cs = getComputedStyle(el);
    const ring = (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0) || cs.boxShadow !== 'none';
    return {
      name: (el.getAttribute('aria-label') || el.textContent || '').trim(),
      field: el.getAttribute('name') ?? '',
      visible: el.matches(':focus-visible') && ring,
    };
  });
}

/**
 * Tabs until the focus matches (or stays where it is when it already does and `here` is set: a dialog's first
 * control), checking the focus indicator at every stop.
 */
export async function tabTo(page: Page, what: (f: { name: string; field: string }) => boolean, max = 20, here = false): Promise<void> {
  if (here && what(await focusedControl(page))) return;
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const f = await focusedControl(page);
    expect(f.visible, `focus indicator on "${f.name || f.field}"`).toBe(true);
    if (what(f)) return;
  }
  throw new Error('the focus never got there');
}

/** The Content-Security-Policy of the page a pay request answers. */
export async function pagePolicy(fields: Record<string, string>): Promise<string> {
  const res = await fetch(`${checkoutBase()}/pay?${new URLSearchParams(fields)}`);
  await res.text();
  return res.headers.get('content-security-policy') ?? '';
}

/** One directive of a policy, as written ('' when absent). */
export const cspDirective = (csp: string, name: string): string =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

/**
 * A screen's one way back a step (core's BackLink; docs/decisions.md "One way back per screen"): the only control of
 * its name, above the screen's heading; the foot keeps only what leaves the flow ("Change payment method", at most
 * once, and the shell's cancel, last).
 */
export async function expectOneWayBack(page: Page, name: string): Promise<Locator> {
  const back = page.getByRole('button', { name, exact: true });
  expect(await back.count()).toBe(1);
  const heading = page.getByRole('heading', { level: 1 });
  const [b, h] = await Promise.all([back.boundingBox(), heading.boundingBox()]);
  expect(b!.y + b!.height).toBeLessThanOrEqual(h!.y);
  expect(await page.getByRole('link', { name: 'Change payment method' }).count()).toBeLessThanOrEqual(1);
  const cancel = page.getByTestId('cancel-payment');
  if (await cancel.count()) {
    const c = (await cancel.boundingBox())!;
    for (const exit of await page.getByRole('link', { name: 'Change payment method' }).all()) expect((await exit.boundingBox())!.y).toBeLessThan(c.y);
  }
  return back;
}
