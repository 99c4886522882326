// USSD end to end in REDIRECT mode (spec core §2, §4, §5, §7, §9 "USSD"): the bank rule, the code to dial with
// copy and tap-to-dial, the prompt sent to the phone, the sandbox's outcomes and what reaches the store, the 20 s
// status rhythm and the code's validity on Playwright's clock, failing status requests, keyboard only, axe.
import { SUCCESS_SHOWN_MS } from '@oja/sdk';
import { describe, expect, it } from 'vitest';
import type { APIResponse, Page, Request, Route } from 'playwright-core';
import {
  MERCHANT_NAME,
  RESULT_FIELDS,
  checkoutBase,
  expectAccessible,
  expectDeliveredOnce,
  hideServerDate,
  holdStoreReturn,
  openPay,
  pauseClock,
  payFields,
  sandboxPayment,
  settle,
  simulate,
  sleep,
  storeBase,
  storeResults,
  trackRequests,
  txnRef,
  useBrowser,
  watchResultScreens,
  whenHydrated,
} from './helpers';

const GENERATE_PATH = '/api/v1/ussd/generate';
const STATUS_PATH = '/api/v1/ussd/status';
/** The spec's status interval (core §9), ms. */
const STATUS_POLL_MS = 20_000;
/** The sandbox's code validity (channels/ussd/src/sandbox.ts) and the page's grace after it (constants.ts), ms. */
const VALIDITY_MS = 30 * 60_000;
const GRACE_MS = 2 * 60_000;
/** The result screen waits this long before returning an expired result, ms (spec core §4). */
const EXPIRED_WAIT_MS = 2_000;
const GTB = { name: 'Guaranty Trust Bank', cbnCode: '058' };
/** A GTBank payment code: *737*000*<payment reference>#. */
const GTB_CODE = /^\*737\*000\*\d{4}#$/;
const PHONE = '08031234567';

const b = useBrowser();

/** A status request as the page records it (codeOnPausedClock): sent and answered on its clock, its HTTP status (0: none). */
interface StatusCall {
  sent: number;
  answered?: number;
  status: number;
}

const pathOf = (r: Request) => new URL(r.url()).pathname;

/** A USSD-only payment: the lone channel opens by itself, on its bank list once the banks are in. */
async function openUssd(page: Page, label: string, extra: Record<string, string> = {}): Promise<string> {
  const ref = txnRef(label);
  expect(await openPay(page, payFields(ref, { channels: 'USSD', ...extra }))).toBe(200);
  expect(new URL(page.url()).pathname).toBe('/payment/ussd');
  await whenHydrated(bankSelect(page));
  return ref;
}

const bankSelect = (page: Page) => page.getByRole('combobox', { name: 'Choose your bank' });

/** Chooses a bank and presses Continue; answers the code shown to dial. */
async function chooseBank(page: Page, bank = GTB): Promise<string> {
  await bankSelect(page).selectOption(bank.cbnCode);
  await page.getByRole('button', { name: 'Continue' }).click();
  return dialCode(page);
}

/**
 * Chooses the bank, then waits until the first status answer (09) is in and the page has scheduled the next
 * request 20 s on, so that a fast-forward of the clock reaches that request.
 */
async function chooseBankAndWait(page: Page, bank = GTB): Promise<string> {
  const first = page.waitForResponse((r) => new URL(r.url()).pathname === STATUS_PATH);
  const code = await chooseBank(page, bank);
  await first;
  await sleep(200);
  return code;
}

async function dialCode(page: Page): Promise<string> {
  const code = page.getByTestId('ussd-code');
  await code.waitFor();
  return (await code.textContent()) ?? '';
}

/**
 * Sends the page's status requests with sandbox fault headers (x-sandbox-error-rate, x-sandbox-drop-rate): those
 * `faultsFor` gives the nth request (from 0). As hideServerDate does, it answers without the Date header, and a
 * request the sandbox drops is dropped for the page too. (The helpers' withFaultHeaders lets the request go on
 * past hideServerDate, whose clock it would then move.)
 */
async function statusFaults(page: Page, faultsFor: (n: number) => Record<string, string>): Promise<void> {
  let n = 0;
  await page.route(
    (url) => url.pathname === STATUS_PATH,
    async (route: Route) => {
      const headers = { ...route.request().headers(), ...faultsFor(n++) };
      let response: APIResponse;
      try {
        response = await route.fetch({ headers });
      } catch {
        return route.abort('connectionreset');
      }
      const answered = { ...response.headers() };
      delete answered.date;
      await route.fulfill({ response, headers: answered });
    },
  );
}

describe('USSD: choosing the bank', () => {
  it('without a bank: says so, sends nothing; then by keyboard only the code is generated', async () => {
    const page = await b.newPage();
    const generates: string[] = [];
    page.on('request', (r) => {
      if (pathOf(r) === GENERATE_PATH) generates.push(r.postData() ?? '');
    });
    await openUssd(page, 'ussd-no-bank');
    await page.getByRole('heading', { level: 1, name: 'Pay NGN 1,500.00 with USSD' }).waitFor();
    const options = await bankSelect(page).locator('option').allTextContents();
    expect(options[0]).toBe('Select a bank');
    expect(options.length - 1).toBeGreaterThanOrEqual(17);
    expect(options).toContain(GTB.name);

    await page.getByRole('button', { name: 'Continue' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Select your bank to continue.');
    expect(await bankSelect(page).getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => bankSelect(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page, 'the bank list with its error');
    await sleep(300);
    expect(generates).toEqual([]);

    // The focus is on the dropdown: the first bank by arrow key, then Continue by Tab and Enter.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => bankSelect(page).inputValue()).not.toBe('');
    await alert.waitFor({ state: 'detached' });
    const chosen = await bankSelect(page).inputValue();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await dialCode(page);
    expect(generates.map((body) => JSON.parse(body).bankCode)).toEqual([chosen]);
  });

  it('lists the USSD row in the method list (en and fr) and cancels with the USSD wording', async () => {
    const page = await b.newPage();
    const ref = txnRef('ussd-row');
    await openPay(page, payFields(ref, { channels: 'CARD,USSD', lang: 'fr' }));
    // The French title is short enough for one line at 360 px; the banks' count leads its description (issue 34).
    await page.getByRole('link', { name: /Payer par USSD\s*17\+ banques : composez un code court/ }).waitFor();
    const row = await whenHydrated(page.getByRole('link', { name: /Payer par USSD/ }));
    await row.click();
    await whenHydrated(page.getByRole('combobox', { name: 'Choisissez votre banque' }));
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByText('Sélectionnez votre banque pour continuer.').waitFor();

    await page.getByTestId('cancel-payment').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Si vous avez composé le code et approuvé le paiement, veuillez ne pas annuler ni cliquer sur le bouton retour').waitFor();
    // The dialog's own close control (×) has the same name: the USSD wording's button is the last.
    await dialog.getByRole('button', { name: 'Fermer' }).last().click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${checkoutBase()}/pay?${new URLSearchParams(payFields(txnRef('ussd-row-en'), { channels: 'CARD,USSD' }))}`);
    await page.getByRole('link', { name: /Pay with USSD \(17\+ banks\)/ }).waitFor();
    expect(await storeResults(ref)).toEqual([]);
  });
});

describe('USSD: paying', () => {
  it('shows the code with copy and tap-to-dial, and a simulated success returns 00 to the store once', async () => {
    const context = await b.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: checkoutBase() });
    const page = await context.newPage();
    // The page learns of the approval at its next status request, 20 s later.
    await page.clock.install();
    const seen = await watchResultScreens(page);
    const ref = await openUssd(page, 'ussd-ok');
    const firstStatus = page.waitForResponse((r) => pathOf(r.request()) === STATUS_PATH);
    const code = await chooseBank(page);
    expect(code).toMatch(GTB_CODE);
    expect((await (await firstStatus).json()).responseCode).toBe('09');

    await page.getByRole('heading', { level: 1, name: 'Dial the code to pay NGN 1,500.00' }).waitFor();
    expect(await page.getByRole('link', { name: `Dial ${code}` }).getAttribute('href')).toBe(`tel:${code.replace('#', '%23')}`);
    await page.getByText('Dial the code on the phone number linked to your Guaranty Trust Bank account.').waitFor();
    expect(await page.getByRole('timer').textContent()).toBe('30:00');
    await page.getByRole('button', { name: 'Copy USSD code' }).click();
    await page.getByRole('button', { name: 'Copy USSD code' }).getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await expectAccessible(page, 'the code to dial');
    const { payment } = await sandboxPayment(ref);
    expect(payment?.channels.ussd).toMatchObject({ bankCode: GTB.cbnCode, pushes: 0 });

    const simulated = page.waitForResponse((r) => r.url() === `${checkoutBase()}/sandbox/simulate`);
    await page.getByRole('button', { name: 'Simulate success' }).click();
    expect((await simulated).status()).toBe(200);
    await page.clock.fastForward(STATUS_POLL_MS);

    const result = await expectDeliveredOnce(page, ref, '00');
    expect(seen.map((r) => r.title)).toEqual(['Payment Successful']);
    expect(seen[0].text).toContain(`You're being redirected to ${MERCHANT_NAME}, please do not close this page.`);
    expect(Object.keys(result.fields).sort()).toEqual([...RESULT_FIELDS].sort());
    expect(result.fields).toMatchObject({
      txnref: ref,
      resp: '00',
      amount: '150000',
      apprAmt: '150000',
      cardNum: '',
      mac: '',
      desc: 'Approved by Financial Institution',
    });
    expect(result.fields.payRef).toMatch(/^OJA\|USSD\|/);
    expect(result.fields.retRef).not.toBe('');
  });

  it('a bank without a code of its own gets the default code; "Change bank" goes back with the bank kept', async () => {
    const page = await b.newPage();
    const ref = await openUssd(page, 'ussd-default');
    const providus = await chooseBank(page, { name: 'Providus Bank', cbnCode: '101' });
    expect(providus).toMatch(/^\*322\*101\*\d{4}#$/);
    await page.getByRole('button', { name: 'Change bank' }).click();
    await expect.poll(() => bankSelect(page).inputValue()).toBe('101');
    // The payer approves meanwhile: back on the list nothing asks; the next code is refused (a paid payment stays
    // paid) and the approval completes the payment.
    await simulate(ref, 'success');
    await sleep(500);
    expect(await storeResults(ref)).toEqual([]);
    await bankSelect(page).selectOption(GTB.cbnCode);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectDeliveredOnce(page, ref, '00');
    // One payment, one reference; the refused code recorded nothing.
    const { payment } = await sandboxPayment(ref);
    expect(payment?.channels.ussd).toMatchObject({ bankCode: '101', generation: 1 });
    expect(providus.endsWith(`*${payment?.channels.ussd.reference}#`)).toBe(true);
  });

  it('a declined payment shows the failure view, sends nothing to the store, and Retry payment gives a fresh code', async () => {
    const page = await b.newPage();
    await page.clock.install();
    const ref = await openUssd(page, 'ussd-failed');
    const first = await chooseBankAndWait(page);
    await simulate(ref, 'failed');
    await page.clock.fastForward(STATUS_POLL_MS);
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    await page.getByText('Your bank or provider declined the payment. Try again, or choose another payment method').waitFor();
    await page.clock.runFor(EXPIRED_WAIT_MS + 1_000);
    await sleep(300);
    expect(new URL(page.url()).origin).toBe(checkoutBase());
    expect(await storeResults(ref)).toEqual([]);

    await page.getByRole('button', { name: 'Retry payment' }).click();
    await whenHydrated(bankSelect(page));
    expect(await bankSelect(page).inputValue()).toBe('');
    const second = await chooseBank(page);
    expect(second).toMatch(GTB_CODE);
    expect(second).not.toBe(first);
    expect((await sandboxPayment(ref)).payment).toMatchObject({ outcome: null, channels: { ussd: { generation: 2 } } });
    expect(await storeResults(ref)).toEqual([]);
  });

  it('an expired payment shows Transaction Expired and returns XS1 to the store once', async () => {
    const page = await b.newPage();
    await page.clock.install();
    const ref = await openUssd(page, 'ussd-expired');
    await chooseBankAndWait(page);
    await simulate(ref, 'expired');
    await page.clock.fastForward(STATUS_POLL_MS);
    await page.getByRole('heading', { name: 'Transaction Expired' }).waitFor();
    expect(await page.getByRole('button', { name: 'Retry payment' }).count()).toBe(0);
    expect(await storeResults(ref)).toEqual([]);
    await page.clock.runFor(EXPIRED_WAIT_MS);
    const result = await expectDeliveredOnce(page, ref, 'XS1');
    expect(result.fields).toMatchObject({ txnref: ref, resp: 'XS1', amount: '0', apprAmt: '0' });
  });

  it('with the payer\'s number: the prompt sent to the phone, Retry sends it again, "USSD push not received?" shows the code', async () => {
    const page = await b.newPage();
    await page.clock.install();
    const ref = await openUssd(page, 'ussd-push', { cust_mobile_no: PHONE });
    await bankSelect(page).selectOption(GTB.cbnCode);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Approve the prompt on your phone' }).waitFor();
    await page.getByText(`We have sent a USSD prompt to ${PHONE}. Enter your Guaranty Trust Bank PIN on it to pay NGN 1,500.00.`).waitFor();
    await expectAccessible(page, 'the prompt sent to the phone');

    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('We have sent the prompt again.').waitFor();
    expect((await sandboxPayment(ref)).payment?.channels.ussd).toMatchObject({ pushes: 2 });

    await page.getByRole('button', { name: 'USSD push not received?' }).click();
    expect(await dialCode(page)).toMatch(GTB_CODE);
    await simulate(ref, 'success');
    await page.clock.fastForward(STATUS_POLL_MS);
    await expectDeliveredOnce(page, ref, '00');
  });
});

describe('USSD timers and faults', () => {
  /**
   * A USSD payment on its code screen with the page's clock paused just before Continue. The page itself records
   * each status request's sending and answer on its own clock (statusWaits): exact, where Playwright's request
   * events can arrive after the test has moved the clock on.
   */
  async function codeOnPausedClock(page: Page, label: string, faultsFor?: (n: number) => Record<string, string>) {
    await page.clock.install();
    await hideServerDate(page);
    if (faultsFor) await statusFaults(page, faultsFor);
    await page.addInitScript((path) => {
      const w = window as unknown as { __ojaStatus: StatusCall[] };
      const send = window.fetch;
      w.__ojaStatus = [];
      window.fetch = (input, init) => {
        if (!String(input instanceof Request ? input.url : input).includes(path)) return send(input, init);
        const call: StatusCall = { sent: Date.now(), status: 0 };
        w.__ojaStatus.push(call);
        const answered = () => {
          call.answered = Date.now();
        };
        // Answered once the body is read (the client reads it as JSON), or when the request fails.
        return send(input, init).then(
          (res) => {
            call.status = res.status;
            const json = res.json.bind(res);
            res.json = () => json().finally(answered);
            return res;
          },
          (e) => {
            answered();
            throw e;
          },
        );
      };
    }, STATUS_PATH);
    const t = await trackRequests(page, STATUS_PATH);
    const ref = await openUssd(page, label);
    await bankSelect(page).selectOption(GTB.cbnCode);
    await pauseClock(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await dialCode(page);
    await settle(page, t);
    return { t, ref };
  }

  /** The status requests as the page recorded them. */
  const statusCalls = (page: Page) => page.evaluate(() => (window as unknown as { __ojaStatus: StatusCall[] }).__ojaStatus);

  /** On the page's clock, the wait from each status answer to the next request, ms. */
  async function statusWaits(page: Page): Promise<number[]> {
    const calls = await statusCalls(page);
    return calls.slice(1).map((c, i) => c.sent - calls[i].answered!);
  }

  /** How each status request ended: 'ok', 'error' (an HTTP error) or 'dropped' (no answer). */
  async function statusOutcomes(page: Page): Promise<string[]> {
    return (await statusCalls(page)).map((c) => (c.status === 200 ? 'ok' : c.status ? 'error' : 'dropped'));
  }

  /** Moves the page's clock one second at a time, each answer in before it moves on. */
  async function runSeconds(page: Page, t: { elapsedMs: number; inFlight: number }, seconds: number, until?: () => boolean) {
    for (let s = 0; s < seconds && !until?.(); s += 1) {
      t.elapsedMs += 1_000;
      await page.clock.runFor(1_000);
      await settle(page, t);
    }
  }

  it('asks for the status every 20 s, never two at once; the code counts down and the payment expires after it', async () => {
    const page = await b.newPage();
    const { t, ref } = await codeOnPausedClock(page, 'ussd-poll');
    // The first request waits for the (paused) clock's next turn.
    expect(t.sent).toEqual([]);
    expect(await page.getByRole('timer').textContent()).toBe('30:00');

    await runSeconds(page, t, 60);
    expect(t.sent).toHaveLength(3);
    expect(await statusWaits(page)).toEqual([STATUS_POLL_MS, STATUS_POLL_MS]);
    // Request to request: the interval, plus the second at most that the test's clock moves while one is answered.
    for (const gap of t.sent.slice(1).map((at, i) => at - t.sent[i])) expect(gap).toBeLessThanOrEqual(STATUS_POLL_MS + 2_000);
    expect(t.maxInFlight).toBe(1);
    expect(await page.getByRole('timer').textContent()).toBe('29:00');
    const calls = (await sandboxPayment(ref)).payment!.calls.filter((c) => c.path === STATUS_PATH);
    expect(calls).toHaveLength(3);
    for (let i = 1; i < calls.length; i += 1) expect(calls[i].at).toBeGreaterThanOrEqual(calls[i - 1].endedAt!);

    // The sandbox's clock is the real one, so only the page's own deadline ends this payment.
    await page.clock.fastForward(VALIDITY_MS - 60_000);
    await page.getByText('This code is no longer valid. If you approved the payment in time, we are still confirming it.').waitFor();
    expect(await page.getByRole('timer').textContent()).toBe('00:00');
    await page.clock.fastForward(GRACE_MS - 1_000);
    expect(await page.getByRole('heading', { name: 'Transaction Expired' }).count()).toBe(0);
    await page.clock.fastForward(1_000);
    await page.clock.runFor(500);
    await page.getByRole('heading', { name: 'Transaction Expired' }).waitFor();
    expect(await storeResults(ref)).toEqual([]);
    await Promise.all([page.waitForURL(`${storeBase()}/return`), page.clock.runFor(EXPIRED_WAIT_MS)]);
    await expectDeliveredOnce(page, ref, 'XS1');
  });

  it('failing and dropped status requests: the gaps grow, one request at a time, and the payment completes once', async () => {
    const page = await b.newPage();
    // The first three requests fail for sure (500, 500, dropped), then a third of them at random.
    const forced: Array<Record<string, string>> = [{ 'x-sandbox-error-rate': '1' }, { 'x-sandbox-error-rate': '1' }, { 'x-sandbox-drop-rate': '1' }];
    const faultsFor = (n: number) => forced[n] ?? { 'x-sandbox-error-rate': '0.2', 'x-sandbox-drop-rate': '0.15' };
    const seen = await watchResultScreens(page);
    // The result screen stays until the test lets the page go to the store.
    const release = await holdStoreReturn(page);
    const { t, ref } = await codeOnPausedClock(page, 'ussd-faults', faultsFor);
    // Two failures in a row: the payer is told, while the page keeps trying.
    await runSeconds(page, t, 120, () => t.sent.length >= 3);
    await page.getByText('We are having trouble confirming your payment. We will keep trying.').waitFor();
    await runSeconds(page, t, 150, () => t.sent.length >= 4);
    await settle(page, t);
    expect((await statusOutcomes(page)).slice(0, 3)).toEqual(['error', 'error', 'dropped']);
    // After the nth failure in a row the wait is base × 2^(n-1), plus up to half of it again (jitter).
    const [g1, g2, g3] = await statusWaits(page);
    const within = (gap: number, low: number) => {
      expect(gap).toBeGreaterThanOrEqual(low);
      expect(gap).toBeLessThanOrEqual(1.5 * low);
    };
    within(g1, STATUS_POLL_MS);
    within(g2, 2 * STATUS_POLL_MS);
    within(g3, 4 * STATUS_POLL_MS);

    await simulate(ref, 'success');
    // Long enough for an answer through the random faults: each failure only doubles the wait, up to 8 intervals.
    await runSeconds(page, t, 25 * 60, () => seen.length > 0);
    expect(seen.map((r) => r.title)).toEqual(['Payment Successful']);
    await settle(page, t);
    // Read on the checkout's page, before it leaves for the store. Every wait as the answers before it call for:
    // the interval after an answer, the backoff after failures.
    const gaps = await statusWaits(page);
    const outcomes = await statusOutcomes(page);
    expect(gaps.length).toBe(outcomes.length - 1);
    expect(outcomes.at(-1)).toBe('ok');
    let failures = 0;
    gaps.forEach((gap, i) => {
      failures = outcomes[i] === 'ok' ? 0 : failures + 1;
      const low = STATUS_POLL_MS * Math.min(2 ** Math.max(0, failures - 1), 8);
      const why = `gap ${i} after ${outcomes.slice(0, i + 1).join(',')}`;
      if (!failures) expect(gap, why).toBe(STATUS_POLL_MS);
      else {
        expect(gap, why).toBeGreaterThanOrEqual(low);
        expect(gap, why).toBeLessThanOrEqual(1.5 * low);
      }
    });
    release();
    // The return to the store goes on the page's (paused) clock, after the receipt's time.
    await Promise.all([page.waitForURL(`${storeBase()}/return`), page.clock.runFor(SUCCESS_SHOWN_MS + 1_000)]);
    await expectDeliveredOnce(page, ref, '00');
    expect(t.maxInFlight).toBe(1);
    const calls = (await sandboxPayment(ref)).payment!.calls.filter((c) => c.path === STATUS_PATH);
    for (let i = 1; i < calls.length; i += 1) expect(calls[i].at).toBeGreaterThanOrEqual(calls[i - 1].endedAt!);
  });
});
