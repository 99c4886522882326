// Accessibility beyond axe (WCAG 2.2 AA, docs/contributors/accessibility.md): the accessibility tree of every screen of
// the main flows through the real server and sandbox, read as a screen reader reads it (Playwright's aria snapshot).
// On each screen: what the payer must hear first (merchant and amount, then the screen's heading) comes before what
// they act on, every control has its role and name, none is unnamed; after each step the focus is where the next
// one begins; countdowns are read out at most once a minute, never each second; results are announced.
// The assertions name roles and the spec's texts in order, never wrappers or layout, so the screens' markup may
// change around them.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  MERCHANT_NAME,
  SANDBOX_OTP,
  SANDBOX_PIN,
  TEST_CARDS,
  card,
  checkoutBase,
  hideServerDate,
  holdStoreReturn,
  openPay,
  pauseClock,
  payFields,
  simulate,
  transfer,
  txnRef,
  useBrowser,
  whenHydrated,
} from './helpers';

const b = useBrowser();

/** One node of the accessibility tree, in reading order. */
interface AxNode {
  role: string;
  /** Its accessible name, or the text it holds when it has none ("paragraph: …"). */
  name: string;
  level?: number;
}

/** What a test expects of a node: its role, and its name exactly or by pattern (any name when omitted). */
type Expected = [role: string, name?: string | RegExp];

/** Roles a payer operates: each must have a name. */
const CONTROL_ROLES = new Set(['button', 'link', 'textbox', 'combobox', 'checkbox', 'radio', 'spinbutton', 'searchbox', 'slider', 'switch', 'tab']);
const AMOUNT = 'NGN 1,500.00';
const CANCEL = `Cancel payment and return to ${MERCHANT_NAME}`;
const METHODS = 'Choose a payment method';
/** A row of the method list (or of the alternatives), by its title (spec core §2): its description may follow. */
const row = (title: string): Expected => ['link', new RegExp(`^${title.replace(/[()+]/g, '\\$&')}(?:\\s|$)`)];

/** A YAML scalar of the snapshot as text: quoted ones unquoted. */
function scalar(s: string): string {
  const t = s.trim();
  if (t.startsWith('"')) return JSON.parse(t) as string;
  if (t.startsWith("'")) return t.slice(1, -1).replace(/''/g, "'");
  return t;
}

/** Playwright's aria snapshot (YAML, one node a line) as nodes in reading order; properties (/url) left out. */
function parseSnapshot(yaml: string): AxNode[] {
  const nodes: AxNode[] = [];
  for (const raw of yaml.split('\n')) {
    let line = raw.trim();
    if (!line.startsWith('- ')) continue;
    line = line.slice(2);
    // A node with a quoted name or a name pattern is itself quoted when its name holds YAML's own characters.
    if (/^'.*'(:.*)?$/.test(line) && !line.startsWith("'/")) {
      // Its closing quote: the first lone one ('' is a quote inside).
      let end = 1;
      while (end < line.length && !(line[end] === "'" && line[end + 1] !== "'")) end += line[end] === "'" ? 2 : 1;
      line = line.slice(1, end).replace(/''/g, "'") + line.slice(end + 1);
    }
    const m = /^([a-z]+)(?: "((?:[^"\\]|\\.)*)")?((?: \[[^\]]*\])*)(?::(.*))?$/.exec(line);
    if (!m) continue;
    const [, role, quoted, attrs, rest] = m;
    const level = /\[level=(\d)\]/.exec(attrs ?? '')?.[1];
    const name = quoted !== undefined ? (JSON.parse(`"${quoted}"`) as string) : rest ? scalar(rest) : '';
    nodes.push({ role: role!, name, ...(level ? { level: Number(level) } : {}) });
  }
  return nodes;
}

/** The tree of the checkout's card (its <main>), or of another part of the page. */
async function treeOf(scope: Locator): Promise<AxNode[]> {
  return parseSnapshot(await scope.ariaSnapshot());
}

const describeNodes = (nodes: AxNode[]) => nodes.map((n) => `${n.role}${n.level ? ` [level=${n.level}]` : ''} "${n.name}"`).join('\n');
const matches = (n: AxNode, [role, name]: Expected) =>
  n.role === role && (name === undefined || (typeof name === 'string' ? n.name === name : name.test(n.name)));

/** The expected nodes are all in the tree, in this order (anything else may come between them). */
function expectInOrder(nodes: AxNode[], expected: Expected[], what: string): void {
  let at = 0;
  for (const e of expected) {
    const found = nodes.findIndex((n, i) => i >= at && matches(n, e));
    if (found < 0) throw new Error(`${what}: no ${e[0]} "${e[1] ?? ''}" after position ${at} in the tree:\n${describeNodes(nodes)}`);
    at = found + 1;
  }
}

/** Controls without an accessible name. */
const unnamed = (nodes: AxNode[]) => nodes.filter((n) => CONTROL_ROLES.has(n.role) && !n.name.trim());

/**
 * A payment screen read in order: the merchant and the amount (the header), then the screen's level-1 heading
 * before any control, then the expected nodes; the cancel button after the screen; no control unnamed. Answers the
 * tree.
 */
async function expectScreen(page: Page, heading: string | RegExp, expected: Expected[], what: string, { header = true } = {}): Promise<AxNode[]> {
  const nodes = await treeOf(page.locator('main'));
  expect(unnamed(nodes), `unnamed controls on ${what}`).toEqual([]);
  const h1 = nodes.findIndex((n) => matches(n, ['heading', heading]) && n.level === 1);
  expect(h1, `${what}: a level-1 heading ${heading}:\n${describeNodes(nodes)}`).toBeGreaterThanOrEqual(0);
  const firstControl = nodes.findIndex((n) => CONTROL_ROLES.has(n.role));
  if (firstControl >= 0) expect(h1, `${what}: the heading before the first control`).toBeLessThan(firstControl);
  if (header) {
    expectInOrder(
      nodes,
      [
        ['paragraph', MERCHANT_NAME],
        ['text', new RegExp(`Amount: ${AMOUNT}`)],
        ['heading', heading],
      ],
      `${what}: header first`,
    );
  }
  expectInOrder(nodes.slice(h1), expected, what);
  return nodes;
}

/**
 * Whether Chromium's own accessibility tree (what a screen reader gets, through CDP) exposes a node of this role and
 * name: Playwright's snapshot does not model aria-modal, which takes the page behind a dialog out of that tree.
 */
async function readableInBrowser(page: Page, role: string, name: string): Promise<boolean> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: Array<{ ignored: boolean; role?: { value: string }; name?: { value: string } }>;
    };
    // An inert node is ignored, or left out with its name.
    return nodes.some((n) => !n.ignored && n.role?.value === role && n.name?.value === name);
  } finally {
    await cdp.detach();
  }
}

/** What has the focus, as the accessibility tree names it (null: the body, i.e. nowhere). */
async function focused(page: Page): Promise<AxNode | null> {
  const somewhere = await page.evaluate(() => !!document.activeElement && document.activeElement !== document.body);
  if (!somewhere) return null;
  return parseSnapshot(await page.locator('*:focus').ariaSnapshot())[0] ?? null;
}

/** The focus is on (or comes to) this node. */
async function expectFocus(page: Page, expected: Expected, what: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const f = await focused(page);
        return f && matches(f, expected) ? 'there' : `${f ? `${f.role} "${f.name}"` : 'the body'}`;
      },
      { message: `focus after ${what}` },
    )
    .toBe('there');
}

/** A result screen: its heading has the focus, and is inside a status or alert region (announced either way). */
async function expectResultAnnounced(page: Page, title: string): Promise<void> {
  await expectFocus(page, ['heading', title], `the ${title} result`);
  const inRegion = await page
    .getByRole('heading', { name: title, level: 1 })
    .evaluate((h) => !!h.closest('[role="status"], [role="alert"], [aria-live="polite"], [aria-live="assertive"]'));
  expect(inRegion, `${title} in a live region`).toBe(true);
}

/** What a live region said: its role and its text after a change. */
interface Announcement {
  role: string;
  text: string;
  /** The page's clock, ms. */
  at: number;
}

/**
 * Records, from inside the page, every change of a live region's text as a screen reader hears it: the nearest
 * ancestor with aria-live, or with a live role (status, alert, log; timer and marquee are off), decides. Read with
 * the answer's `said()`, which empties the record.
 */
async function recordAnnouncements(page: Page): Promise<{ said(): Promise<Announcement[]> }> {
  await page.addInitScript(() => {
    const said: Announcement[] = [];
    const last = new WeakMap<Element, string>();
    (window as unknown as { __ojaSaid: Announcement[] }).__ojaSaid = said;
    const regionOf = (node: Node | null): Element | null => {
      for (let el = node instanceof Element ? node : (node?.parentElement ?? null); el; el = el.parentElement) {
        const live = el.getAttribute('aria-live');
        if (live) return live === 'off' ? null : el;
        const role = el.getAttribute('role');
        if (role === 'status' || role === 'alert' || role === 'log') return el;
        if (role === 'timer' || role === 'marquee') return null;
      }
      return null;
    };
    const start = () =>
      new MutationObserver((records) => {
        for (const r of records) {
          const region = regionOf(r.target);
          if (!region?.isConnected) continue;
          const text = (region.textContent ?? '').replace(/\s+/g, ' ').trim();
          if (last.get(region) === text) continue;
          last.set(region, text);
          if (text) said.push({ role: region.getAttribute('role') ?? '', text, at: Date.now() });
        }
      }).observe(document.documentElement, { subtree: true, childList: true, characterData: true });
    if (document.documentElement) start();
    else addEventListener('DOMContentLoaded', start);
  });
  return { said: () => page.evaluate(() => (window as unknown as { __ojaSaid: Announcement[] }).__ojaSaid.splice(0)) };
}

/** Runs the page's (paused) clock second by second, letting the page render each second as a payer's would. */
async function runSeconds(page: Page, seconds: number): Promise<void> {
  for (let i = 0; i < seconds; i += 1) await page.clock.runFor(1_000);
}

async function openMethods(page: Page, label: string, extra: Record<string, string> = {}): Promise<string> {
  const ref = txnRef(label);
  expect(await openPay(page, payFields(ref, { channels: 'CARD,TRANSFER,QR,USSD', ...extra }))).toBe(200);
  await whenHydrated(page.getByRole('heading', { name: METHODS }));
  return ref;
}

describe('the method list and a card payment: entry, PIN, OTP, success', () => {
  it('reads each screen in order, names every control, and moves the focus to where each step begins', async () => {
    const page = await b.newPage();
    await holdStoreReturn(page);
    await openMethods(page, 'tree-card');
    await expectScreen(
      page,
      METHODS,
      [['list', METHODS], row('Pay with Card'), row('Pay with Transfer'), row('Pay with QR'), row('Pay with USSD (17+ banks)'), ['button', CANCEL]],
      'the method list',
    );

    await card.choose(page);
    await expectFocus(page, ['heading', 'Enter your card details'], 'choosing Card');
    await expectScreen(
      page,
      'Enter your card details',
      [
        ['textbox', 'Card number'],
        ['textbox', 'Expiry date'],
        ['textbox', 'CVV'],
        ['button', `Pay ${AMOUNT}`],
        ['link', 'Change payment method'],
        ['button', CANCEL],
      ],
      'the card entry',
    );

    await card.enter(page, TEST_CARDS.pinThenOtp);
    await expectFocus(page, ['heading', 'Enter your card PIN'], 'Pay');
    const pin = await expectScreen(
      page,
      'Enter your card PIN',
      [
        ['status', '0 of 4 digits entered'],
        ['group', 'PIN pad'],
        ['button', 'Clear'],
        ['button', 'Delete'],
        ['button', 'Authorize'],
        ['link', 'Change payment method'],
      ],
      'the PIN pad',
    );
    // Ten digits, shuffled, each named by its digit.
    const digits = pin.filter((n) => n.role === 'button' && /^Digit \d$/.test(n.name)).map((n) => n.name.slice(-1));
    expect(digits.sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);

    await card.pin(page, SANDBOX_PIN);
    await page.getByRole('heading', { name: 'Enter OTP' }).waitFor();
    await expectFocus(page, ['heading', 'Enter OTP'], 'Authorize on the PIN pad');
    await expectScreen(
      page,
      'Enter OTP',
      [
        ['textbox', 'OTP'],
        ['button', 'Authorize'],
        ['timer', /^Resend OTP in 0\d:\d\d$/],
        ['link', 'Change payment method'],
      ],
      'the OTP step',
    );

    await page.getByLabel('OTP', { exact: true }).fill(SANDBOX_OTP);
    await page.getByTestId('otp-authorize').click();
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await expectResultAnnounced(page, 'Payment Successful');
    const success = await expectScreen(page, 'Payment Successful', [], 'the 00 result');
    // Paid: nothing is left to cancel (spec core §2).
    expect(success.some((n) => matches(n, ['button', CANCEL]))).toBe(false);
  });

  it('reads the OTP resend countdown out once, when the resend is ready, not each second', async () => {
    const page = await b.newPage();
    const announced = await recordAnnouncements(page);
    await page.clock.install();
    await hideServerDate(page);
    await openPay(page, payFields(txnRef('tree-otp-clock'), { channels: 'CARD' }));
    await card.choose(page);
    await card.enter(page, TEST_CARDS.otp);
    await page.getByRole('heading', { name: 'Enter OTP' }).waitFor();
    await pauseClock(page);
    await announced.said();
    await runSeconds(page, 62);
    await page.getByRole('button', { name: 'Resend OTP' }).waitFor();
    expect((await announced.said()).map((a) => a.text)).toEqual(['You can now resend the OTP.']);
  });
});

describe('a transfer', () => {
  it('reads the account, then the wait; the focus goes to the wait after "I have transferred"', async () => {
    const page = await b.newPage();
    const ref = txnRef('tree-transfer');
    await openPay(page, payFields(ref, { channels: 'TRANSFER' }));
    await transfer.waitForAccount(page);
    await expectScreen(
      page,
      `Transfer ${AMOUNT} to the account below`,
      [
        ['group', 'Account number'],
        ['button', 'Copy Account number'],
        ['term', 'Bank'],
        ['term', 'Beneficiary'],
        ['button', 'I have transferred'],
        ['link', 'Change payment method'],
        ['button', CANCEL],
      ],
      'the transfer account',
    );

    await page.getByRole('button', { name: 'I have transferred' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Confirming your transfer' }).waitFor();
    await expectFocus(page, ['heading', 'Confirming your transfer'], '"I have transferred"');
    await expectScreen(
      page,
      'Confirming your transfer',
      [
        ['timer', /^Time left: \d\d:\d\d$/],
        ['text', /^About \d+ minutes? left$/],
        ['link', 'Change payment method'],
        ['button', CANCEL],
      ],
      'the transfer wait',
    );
    // The heading is in the status region: the new step is announced as it appears.
    expectInOrder(await treeOf(page.locator('main')), [['status'], ['heading', 'Confirming your transfer']], 'the wait announced');
  });

  it('reads the countdown out once a minute, never each second', async () => {
    const page = await b.newPage();
    const announced = await recordAnnouncements(page);
    await page.clock.install();
    await hideServerDate(page);
    await openPay(page, payFields(txnRef('tree-transfer-clock'), { channels: 'TRANSFER' }));
    await transfer.waitForAccount(page);
    await transfer.transferred(page);
    await page.getByRole('timer').filter({ hasText: '10:00' }).waitFor();
    await pauseClock(page);
    await announced.said();
    const timer = page.getByRole('timer');
    const before = await timer.textContent();
    await runSeconds(page, 150);
    // The clock on screen moved every second…
    expect(await timer.textContent()).not.toBe(before);
    const said = await announced.said();
    // …but what was read out is the minutes left, once a minute: 10 → 9 → 8 (150 s cross two or three minute marks).
    expect(
      said.every((a) => /^About \d+ minutes? left$/.test(a.text)),
      JSON.stringify(said),
    ).toBe(true);
    expect(said.length).toBeGreaterThanOrEqual(2);
    expect(said.length).toBeLessThanOrEqual(3);
    for (let i = 1; i < said.length; i += 1) expect(said[i]!.at - said[i - 1]!.at).toBeGreaterThanOrEqual(59_000);
  });
});

describe('USSD and QR', () => {
  it("USSD: the bank choice, then the code's screen with the focus on its heading", async () => {
    const page = await b.newPage();
    await openPay(page, payFields(txnRef('tree-ussd'), { channels: 'USSD' }));
    const banks = await whenHydrated(page.getByRole('combobox', { name: 'Choose your bank' }));
    await expectScreen(
      page,
      `Pay ${AMOUNT} with USSD`,
      [
        ['combobox', 'Choose your bank'],
        ['button', 'Continue'],
        ['link', 'Change payment method'],
        ['button', CANCEL],
      ],
      'the bank choice',
    );
    await banks.selectOption('058');
    await page.getByRole('button', { name: 'Continue' }).click();
    const heading = `Dial the code to pay ${AMOUNT}`;
    await page.getByRole('heading', { name: heading }).waitFor();
    await expectFocus(page, ['heading', heading], 'Continue');
    await expectScreen(
      page,
      heading,
      [
        ['timer', /^Time left: \d\d:\d\d$/],
        ['group', 'USSD code'],
        ['button', 'Copy USSD code'],
        ['link', /^Dial \*737\*000\*\d{4}#$/],
        ['list', 'How to pay'],
        ['button', 'Change bank'],
        ['link', 'Change payment method'],
        ['button', CANCEL],
      ],
      "the code's screen",
    );
  });

  it('QR: the code to scan, named with the amount and merchant, then the wait', async () => {
    const page = await b.newPage();
    await openMethods(page, 'tree-qr');
    await (await whenHydrated(page.getByRole('link', { name: /^Pay with QR/ }))).click();
    await page.getByRole('img', { name: /^QR code to pay/ }).waitFor();
    await expectFocus(page, ['heading', 'Scan with your bank app'], 'choosing QR');
    await expectScreen(
      page,
      'Scan with your bank app',
      [
        ['img', `QR code to pay ${AMOUNT} to ${MERCHANT_NAME}`],
        ['timer', /^Time left: \d\d:\d\d$/],
        ['status', 'Confirming transaction status'],
        ['link', 'Change payment method'],
        ['button', CANCEL],
      ],
      'the QR screen',
    );
  });
});

describe('failure, cancel and the results', () => {
  it('the failure view: announced, the reason before Retry, then the alternatives', async () => {
    const page = await b.newPage();
    await openMethods(page, 'tree-failed');
    await card.choose(page);
    await card.enter(page, TEST_CARDS.notAccepted);
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    await expectResultAnnounced(page, 'Payment Failed');
    await expectScreen(
      page,
      'Payment Failed',
      [
        ['paragraph', 'Transaction Failed'],
        ['paragraph', 'Your card is not accepted by this merchant'],
        ['button', 'Retry payment'],
        row('Pay with Transfer'),
        row('Pay with QR'),
        row('Pay with USSD (17+ banks)'),
        ['button', CANCEL],
      ],
      'the failure view',
    );
    await page.getByRole('button', { name: 'Retry payment' }).click();
    await expectFocus(page, ['heading', 'Enter your card details'], 'Retry');
  });

  it('the cancel dialog: its title first, the focus on its action; then Payment Cancelled (Z6), announced', async () => {
    const page = await b.newPage();
    const ref = txnRef('tree-cancel');
    await openPay(page, payFields(ref, { channels: 'TRANSFER', display_mode: 'INLINE' }));
    await transfer.waitForAccount(page);
    expect(await readableInBrowser(page, 'button', CANCEL)).toBe(true);
    await page.getByTestId('cancel-payment').click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Payment?' });
    await dialog.waitFor();
    const nodes = await treeOf(dialog);
    expect(unnamed(nodes)).toEqual([]);
    expect(nodes[0], describeNodes(nodes)).toEqual({ role: 'dialog', name: 'Cancel Payment?' });
    // The heading is read before any control of the dialog.
    expect(nodes.findIndex((n) => n.role === 'heading')).toBeLessThan(nodes.findIndex((n) => CONTROL_ROLES.has(n.role)));
    expectInOrder(
      nodes,
      [
        ['heading', 'Cancel Payment?'],
        ['button', 'Cancel Payment'],
        ['button', 'I have done a Transfer'],
      ],
      'the cancel dialog',
    );
    await expectFocus(page, ['button', 'Cancel Payment'], 'opening the dialog');
    // Behind the modal dialog, the page is out of the browser's own tree (aria-modal): the cancel button is not read.
    expect(await readableInBrowser(page, 'button', CANCEL)).toBe(false);

    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Payment Cancelled' }).waitFor();
    await expectResultAnnounced(page, 'Payment Cancelled');
    await expectScreen(page, 'Payment Cancelled', [['paragraph', `We are taking you back to ${MERCHANT_NAME}...`]], 'the Z6 result');
  });

  it('Transaction Expired (XS1): announced, read after the header', async () => {
    const page = await b.newPage();
    const ref = txnRef('tree-expired');
    await openPay(page, payFields(ref, { channels: 'TRANSFER', display_mode: 'INLINE' }));
    await transfer.waitForAccount(page);
    await simulate(ref, 'expired');
    await page.getByRole('button', { name: 'I have transferred' }).click();
    await page.getByRole('heading', { name: 'Transaction Expired' }).waitFor();
    await expectResultAnnounced(page, 'Transaction Expired');
    const nodes = await expectScreen(page, 'Transaction Expired', [['paragraph', `We are taking you back to ${MERCHANT_NAME}...`]], 'the XS1 result');
    // Expired: no Retry, no alternatives (spec core §2); the sandbox's own button aside.
    expect(nodes.filter((n) => CONTROL_ROLES.has(n.role) && n.name !== 'Demo settings')).toEqual([]);
  });
});

describe('the gates and the revenue page', () => {
  const REWARD = { tuc_reward_percentage: '5', tuc_reward_description: 'Earn 5% back in Oja points' };
  const ESCROW = { escrow_fee: '25', cancellation_period: '3', refund_duration: '7', cust_mobile_no: '08012345678' };

  it('cashback: its heading, field and choices in order; the method list heading has the focus once skipped', async () => {
    const page = await b.newPage();
    await openPay(page, payFields(txnRef('tree-cashback'), { channels: 'CARD,TRANSFER', ...REWARD }));
    await whenHydrated(page.getByLabel('Phone number or loyalty cash ID'));
    await expectScreen(
      page,
      'Congratulations! You Qualify for Cashback',
      [
        ['paragraph', 'Earn 5% back in Oja points'],
        ['textbox', 'Phone number or loyalty cash ID'],
        ['button', 'Continue to payment'],
        ['button', 'Skip this instead'],
        ['button', CANCEL],
      ],
      'the cashback gate',
    );
    await page.getByRole('button', { name: 'Skip this instead' }).click();
    await expectFocus(page, ['heading', METHODS], 'Skip');
  });

  it('escrow: the terms (who is paid, how much) before the agreement; the method list heading has the focus after Continue', async () => {
    const page = await b.newPage();
    await openPay(page, payFields(txnRef('tree-escrow'), { channels: 'CARD,TRANSFER', ...ESCROW }));
    const agree = await whenHydrated(page.getByRole('checkbox', { name: /escrow fee is non-refundable/ }));
    // The header is hidden on this gate (companion §2): the terms say who is paid and how much.
    await expectScreen(
      page,
      'Escrow payment',
      [
        ['term', 'Paid to'],
        ['definition', MERCHANT_NAME],
        ['term', 'Amount'],
        ['definition', AMOUNT],
        ['term', 'Escrow fee'],
        ['textbox', 'E-mail address'],
        ['textbox', 'Phone number'],
        ['checkbox', /escrow fee is non-refundable/],
        ['button', 'Continue to payment'],
      ],
      'the escrow gate',
      { header: false },
    );
    await agree.check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expectFocus(page, ['heading', METHODS], 'Continue');
  });

  it('the revenue form, its success page and a paid bill: heading first, every control named', async () => {
    const page = await b.newPage();
    await page.goto(`${checkoutBase()}/revpay?ref=RVP-0001`);
    await page.getByRole('heading', { level: 1, name: 'Transaction details' }).waitFor();
    await expectScreen(
      page,
      'Transaction details',
      [
        // The bill's facts are text (issue 34): terms and their values, never read-only boxes.
        ['term', 'Agency name'],
        ['term', 'Billing reference'],
        ['definition', 'RVP-0001'],
        ['term', 'Amount due'],
        ['textbox', 'Phone Number'],
        ['textbox', 'Email'],
        ['textbox', 'Amount (NGN)'],
        ['button', 'Proceed to payment'],
      ],
      'the revenue form',
      { header: false },
    );
    // The side panel is a named complementary region after the form.
    expectInOrder(
      await treeOf(page.locator('body')),
      [
        ['form', 'Transaction details'],
        ['complementary', 'Helpful information'],
      ],
      'the revenue page',
    );

    // Paid by card: Payment Completed! (companion §2 "Revenue screens"), its heading first, its controls named.
    await page.getByLabel('Phone Number').fill('08012345678');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Amount (NGN)').fill('25000');
    await page.getByRole('button', { name: 'Proceed to payment' }).click();
    await card.choose(page);
    await card.enter(page, TEST_CARDS.otp);
    await card.otp(page);
    await page.waitForURL((u) => u.pathname === '/revpay-success');
    await page.getByRole('heading', { level: 1, name: 'Payment Completed!' }).waitFor();
    await whenHydrated(page.getByRole('button', { name: 'Download receipt' }));
    await expectScreen(
      page,
      'Payment Completed!',
      [
        ['paragraph', 'Your payment was successful'],
        ['button', /^Copy/],
        ['button', 'Download receipt'],
      ],
      'the revenue success page',
      { header: false },
    );

    await page.goto(`${checkoutBase()}/revpay?ref=RVP-PAID`);
    await page.getByRole('heading', { level: 1, name: 'Payment Completed!' }).waitFor();
    await expectScreen(page, 'Payment Completed!', [['paragraph', /RVP-PAID has been fully paid/]], 'a paid bill', { header: false });
  });
});
