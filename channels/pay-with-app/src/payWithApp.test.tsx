import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { availableChannels, App, createAsyncSlot, HttpError, missingKeys, setServerOffset, validateChannel } from '@oja/core';
import type { Visits } from '@oja/core';
import { callContext, fakeHttp, sampleProps, testCheckout, specMarkets } from '@oja/testing';
import type { FakeRoute } from '@oja/testing';
import { formatHms } from '@oja/core/primitives';
import payWithApp from './index';
import { messages } from './messages';
import { screenMessages } from './screenMessages';
import { NotConfiguredError, checkStatus, fetchToken, generateCode, parseCode, safeDeepLink, settingsFrom } from './api';
import { canConfirm, chooseDevice } from './state';
import type { PwaState } from './state';
import { pwaVisit } from './visit';
import { waitMore } from './TransactionStatus';
import {
  CODE_VALIDITY_MS,
  DEFAULT_TOKEN_PATH,
  GENERATE_PATH,
  MAX_STATUS_EXTENSIONS,
  STATUS_EXTENSION_MS,
  STATUS_PATH,
  STATUS_POLL_MS,
  STATUS_RETRY_MS,
  STATUS_WAIT_MS,
} from './constants';
import { retry } from '@oja/core/attempt';
import { visitOf } from '@oja/core/visit';

const SETTINGS = { clientId: 'client-1', clientSecret: 's3cret' };
const TOKEN = { access_token: 'token-abcdef123456', token_type: 'bearer', expires_in: 3600 };
const LINKS = {
  ALPHA: 'https://alpha.example/pay?ref=12345',
  BETA: 'betabank://pay?ref=12345',
  EVIL: 'javascript:alert(1)',
};
const CODE = {
  responseCode: '00',
  reference: '12345',
  deepLinks: LINKS,
  institutions: [
    { code: 'ALPHA', name: 'Alpha Bank' },
    { code: 'BETA', name: 'Beta Bank' },
    { code: 'EVIL', name: 'Evil Bank' },
  ],
};
const OFFERED = { nonCardOptions: [{ providerCode: 'PAY_WITH_APP', enabled: true }], paymentChannels: ['CARD', 'PAY_WITH_APP'] };

describe('pay-with-app plugin', () => {
  it('is a valid channel on its route, polling every 5 s and retrying after 5 s', () => {
    expect(validateChannel(payWithApp)).toEqual([]);
    expect(payWithApp.path).toBe('/payment/pay-with-app');
    expect(payWithApp.status).toMatchObject({ intervalMs: 5_000, retryMs: 5_000 });
    expect([STATUS_POLL_MS, STATUS_RETRY_MS, CODE_VALIDITY_MS, STATUS_WAIT_MS, STATUS_EXTENSION_MS, MAX_STATUS_EXTENSIONS]).toEqual([
      5_000, 5_000, 900_000, 300_000, 300_000, 1,
    ]);
  });

  it('is available when the merchant offers PAY_WITH_APP, kept from UGX payments by the spec market rules', () => {
    expect(payWithApp.isAvailable(sampleProps(OFFERED))).toBe(true);
    expect(payWithApp.isAvailable(sampleProps({ nonCardOptions: [{ providerCode: 'PAY_WITH_APP', enabled: false }] }))).toBe(false);
    expect(payWithApp.isAvailable(sampleProps({ nonCardOptions: [], paymentChannels: ['CARD', 'PAY_WITH_APP'] }))).toBe(true);
    expect(payWithApp.isAvailable(sampleProps())).toBe(false);
    // Offered by its own rule, but core's market rule keeps it from UGX payments.
    expect(availableChannels([payWithApp], sampleProps({ ...OFFERED, currencyCode: '800' }), undefined, specMarkets)).toEqual([]);
  });

  it('has every string in en and fr', () => {
    for (const bundle of [messages, screenMessages]) {
      expect(missingKeys(bundle.en, bundle.fr)).toEqual([]);
      expect(missingKeys(bundle.fr, bundle.en)).toEqual([]);
    }
    expect(screenMessages.en['pay-with-app'].code.expired).toBe('The code is not longer valid');
    expect(screenMessages.en['pay-with-app'].deepLink.expired).toBe('The link is not longer valid. TimeOut');
  });
});

/** happy-dom's own controls on its window (not in the DOM's types). */
const viewport = (): { setViewport(v: { width: number; height: number }): void } => Reflect.get(window, 'happyDOM');

describe('pay-with-app api', () => {
  it('needs a client id and secret, and a token path on the API base', () => {
    expect(() => settingsFrom(undefined)).toThrow(NotConfiguredError);
    expect(() => settingsFrom({ clientId: 'x' })).toThrow(NotConfiguredError);
    expect(() => settingsFrom({ clientId: ' ', clientSecret: 'y' })).toThrow(NotConfiguredError);
    expect(settingsFrom(SETTINGS)).toEqual({ ...SETTINGS, tokenPath: DEFAULT_TOKEN_PATH });
    expect(settingsFrom({ ...SETTINGS, tokenPath: '/identity/oauth/token' }).tokenPath).toBe('/identity/oauth/token');
    for (const tokenPath of ['https://evil.example/token', '//evil.example/token', '/a/../token', 'passport/oauth/token', '/t?x=1']) {
      expect(() => settingsFrom({ ...SETTINGS, tokenPath }), tokenPath).toThrow(NotConfiguredError);
    }
  });

  it('asks for a client-credentials token with basic authentication and a form body', async () => {
    const http = fakeHttp({ [`POST ${DEFAULT_TOKEN_PATH}`]: () => TOKEN });
    await expect(fetchToken(callContext(sampleProps(), http), settingsFrom(SETTINGS))).resolves.toBe(TOKEN.access_token);
    const [call] = http.calls;
    expect(call.body).toBe('grant_type=client_credentials&scope=profile');
    expect(call.opts?.headers).toEqual({ authorization: `Basic ${btoa('client-1:s3cret')}`, 'content-type': 'application/x-www-form-urlencoded' });
  });

  it.each([
    [{}],
    [{ access_token: '' }],
    [{ access_token: 'short' }],
    [{ access_token: 'token with spaces in it' }],
    [{ access_token: 'token-abcdef123456', token_type: 'mac' }],
  ])('refuses a token answer that is not one: %j', async (answer) => {
    const http = fakeHttp({ [`POST ${DEFAULT_TOKEN_PATH}`]: () => answer });
    await expect(fetchToken(callContext(sampleProps(), http), settingsFrom(SETTINGS))).rejects.toMatchObject({ code: 'invalid' });
  });

  it('asks for the institutions with the bearer token and the payment, keeping only links a page may open', async () => {
    const props = sampleProps({ checkoutAmount: 151000 });
    const http = fakeHttp({ [`POST ${GENERATE_PATH}`]: () => CODE });
    const code = await generateCode(callContext(props, http), 'tok');
    expect(http.calls[0].opts?.headers).toEqual({ authorization: 'Bearer tok' });
    expect(http.calls[0].body).toEqual({
      amount: 151000,
      bankCode: 'ISW',
      createTransaction: true,
      currencyCode: '566',
      merchantCode: 'MX_DEMO',
      payableCode: props.payableCode,
      paymentId: props.paymentId,
      transactionReference: props.merchantTransactionReference,
    });
    expect(code).toEqual({
      reference: '12345',
      institutions: [
        { id: 'ALPHA', name: 'Alpha Bank', deepLink: LINKS.ALPHA },
        { id: 'BETA', name: 'Beta Bank', deepLink: LINKS.BETA },
        { id: 'EVIL', name: 'Evil Bank', deepLink: null },
      ],
    });
  });

  it('reads institution names from a list or a map, the id standing in for a missing one', () => {
    expect(parseCode({ reference: 54321, deepLinks: { A: 'https://a.example' }, institutions: { A: 'Bank A' } })).toEqual({
      reference: '54321',
      institutions: [{ id: 'A', name: 'Bank A', deepLink: 'https://a.example' }],
    });
    expect(parseCode({ reference: '54321', deepLinks: { A: 'https://a.example' } }).institutions[0].name).toBe('A');
    expect(parseCode({ reference: '54321', institutions: [{ id: 'B', name: 'Bank B' }] }).institutions).toEqual([
      { id: 'B', name: 'Bank B', deepLink: null },
    ]);
  });

  it.each([
    [{ reference: '1234', deepLinks: LINKS }],
    [{ reference: '123456', deepLinks: LINKS }],
    [{ reference: '12a45', deepLinks: LINKS }],
    [{ reference: '12345', deepLinks: {} }],
    [{ reference: '12345', deepLinks: LINKS, responseCode: '96' }],
  ])('refuses an institutions answer without a five-digit code or an institution: %j', (answer) => {
    expect(() => parseCode(answer)).toThrow(HttpError);
  });

  it.each([
    ['https://bank.example/pay?ref=1', true],
    ['http://bank.example/pay', true],
    ['bankapp://pay?ref=12345', true],
    ['my-bank.app+v2://open', true],
    ['intent://pay#Intent;scheme=bank;end', true],
    ['javascript:alert(1)', false],
    ['JavaScript:alert(1)', false],
    [' javascript:alert(1)', false],
    ['java\tscript:alert(1)', false],
    ['java\nscript:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['vbscript:msgbox(1)', false],
    ['file:///etc/passwd', false],
    ['blob:https://x.example/1', false],
    ['https://', false],
    ['http:', false],
    ['/relative/path', false],
    ['//bank.example/pay', false],
    ['1bank://pay', false],
    ['', false],
    [`https://bank.example/${'a'.repeat(2_100)}`, false],
    [42, false],
    [null, false],
  ])('checks a deep link before it goes in an href: %j → %s', (url, ok) => {
    expect(safeDeepLink(url)).toBe(ok ? url : null);
  });

  it('checks the status with the token of the visit in progress, and not without one', async () => {
    const props = sampleProps();
    const http = fakeHttp({ [`GET ${STATUS_PATH}`]: () => ({ responseCode: '09' }) });
    const checkout = testCheckout({ channels: [payWithApp], http, props });
    const visit = visitOf(checkout.visits, pwaVisit);
    const ctx = { ...callContext(props, http), visits: checkout.visits, visit };
    await expect(checkStatus({ ...ctx, visit: undefined })).rejects.toMatchObject({ code: 'invalid' });
    await expect(checkStatus(ctx)).rejects.toMatchObject({ code: 'invalid' });
    expect(http.calls).toEqual([]);
    visit.state.start.response = { token: 'tok-1', code: { reference: '12345', institutions: [] } };
    await expect(checkStatus(ctx)).resolves.toEqual({ code: '09', response: { responseCode: '09' } });
    expect(http.calls[0].opts).toMatchObject({
      params: { merchantCode: 'MX_DEMO', transactionReference: props.merchantTransactionReference },
      headers: { authorization: 'Bearer tok-1' },
    });
    // Retry ends the visit: its token goes with it.
    retry(checkout);
    expect(tokenFor(checkout.visits)).toBeNull();
    expect(visit.ended).toBe(true);
    await expect(checkStatus(ctx)).rejects.toMatchObject({ code: 'invalid' });
  });
});

/** The bearer token of the section's open visit, if any. */
const tokenFor = (visits: Visits) => visits.peek(pwaVisit)?.state.start.response?.token ?? null;

describe('pay-with-app device and countdown texts', () => {
  it('is mobile up to a 480 px wide viewport, web from 481 px', () => {
    const at = (width: number) => (query: string) => ({ matches: width <= Number(/max-width: (\d+)px/.exec(query)?.[1]) });
    expect(chooseDevice(at(360))).toBe('mobile');
    expect(chooseDevice(at(480))).toBe('mobile');
    expect(chooseDevice(at(481))).toBe('web');
    expect(chooseDevice(at(1280))).toBe('web');
    expect(chooseDevice(undefined)).toBe('web');
    viewport().setViewport({ width: 480, height: 800 });
    expect(chooseDevice()).toBe('mobile');
    viewport().setViewport({ width: 481, height: 800 });
    expect(chooseDevice()).toBe('web');
    viewport().setViewport({ width: 1024, height: 768 });
  });

  it("shows the code's validity with core's formatHms", () => {
    expect(formatHms(CODE_VALIDITY_MS)).toBe('00h 15m 00s');
    expect(formatHms(CODE_VALIDITY_MS - 1_000)).toBe('00h 14m 59s');
    expect(formatHms(61_000)).toBe('00h 01m 01s');
    expect(formatHms(0)).toBe('00h 00m 00s');
  });

  it('lets the payer wait 5 more minutes once, from now', () => {
    const state: PwaState = { start: createAsyncSlot(), device: null, codeDeadline: null, statusDeadline: 1, extensions: 0, approvalStarted: false };
    vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    setServerOffset(0);
    waitMore(state);
    expect(state).toMatchObject({ extensions: 1, statusDeadline: 1_000_000 + STATUS_EXTENSION_MS });
    waitMore(state);
    expect(state).toMatchObject({ extensions: 1, statusDeadline: 1_000_000 + STATUS_EXTENSION_MS });
  });
});

describe('pay-with-app screens', () => {
  beforeAll(async () => {
    // The lazily loaded screen and the shell's later parts, ready before the clock is faked.
    await import('./Screen');
    await import('../../../core/src/ui/ResultScreen');
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    setServerOffset(0);
    sessionStorage.clear();
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    viewport().setViewport({ width: 1024, height: 768 });
  });

  interface MountOptions {
    status?: FakeRoute;
    token?: FakeRoute;
    generate?: FakeRoute;
    settings?: Record<string, string> | null;
    width?: number;
    path?: string;
  }
  function mount(o: MountOptions = {}) {
    if (o.width) viewport().setViewport({ width: o.width, height: 800 });
    const http = fakeHttp({
      [`POST ${DEFAULT_TOKEN_PATH}`]: o.token ?? (() => TOKEN),
      [`POST ${GENERATE_PATH}`]: o.generate ?? (() => CODE),
      [`GET ${STATUS_PATH}`]: o.status ?? (() => ({ responseCode: '09' })),
    });
    const checkout = testCheckout({
      channels: [payWithApp],
      http,
      props: { ...OFFERED, displayMode: 'POPUP' },
      env: o.settings === null ? {} : { channelSettings: { 'pay-with-app': o.settings ?? SETTINGS } },
    });
    const location = memoryLocation({ path: `${o.path ?? '/payment/pay-with-app'}?p=${checkout.state.env.session}`, record: true });
    render(<App checkout={checkout} locationHook={location.hook} searchHook={location.searchHook} />);
    const path = () => location.history.at(-1)!.split('?')[0];
    return { http, checkout, path };
  }
  /** Lets promises, lazy imports and renders settle without moving the fake clock. */
  const flush = async () => {
    for (let i = 0; i < 25; i++)
      await act(async () => {
        await new Promise((r) => setImmediate(r));
      });
  };
  const advance = async (ms: number) => {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
    await flush();
  };
  const click = async (el: Element) => {
    await act(async () => {
      fireEvent.click(el);
    });
    await advance(0);
  };
  const count = (http: ReturnType<typeof fakeHttp>, key: string) => http.calls.filter((c) => c.key === key).length;
  const statusCalls = (http: ReturnType<typeof fakeHttp>) => count(http, `GET ${STATUS_PATH}`);

  it('on the web: token, institutions, then the five-digit code with its 15 minutes, the steps and the eligible banks', async () => {
    const { http, path } = mount();
    expect(screen.getByText('Loading…')).toBeTruthy();
    await flush();
    expect(http.calls.map((c) => c.key)).toEqual([`POST ${DEFAULT_TOKEN_PATH}`, `POST ${GENERATE_PATH}`]);
    expect(path()).toBe('/payment/pay-with-app/five-digit-code/web');
    expect(screen.getByRole('heading', { level: 1, name: 'Pay with App' })).toBeTruthy();
    expect(screen.getByTestId('pwa-code').textContent).toBe('12345');
    expect(screen.getByRole('button', { name: 'Copy five-digit code' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('00h 15m 00s');
    const steps = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(steps).toEqual([
      'Log in to your mobile banking app',
      'Choose Pay with App',
      'Input the code above',
      'Come back here and confirm your payment',
    ]);
    expect(screen.queryByRole('button', { name: 'Go back' })).toBeNull();
    await advance(1_000);
    expect(screen.getByRole('timer').textContent).toBe('00h 14m 59s');
    expect(statusCalls(http)).toBe(0);

    const opener = screen.getByRole('button', { name: 'See eligible banks' });
    opener.focus();
    await click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Eligible banks' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Alpha Bank', 'Beta Bank', 'Evil Bank']);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    await act(async () => {
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('confirms on the status page: polls every 5 s, one request at a time, until a final code completes the payment', async () => {
    let code = '09';
    const { http, checkout, path } = mount({ status: () => ({ responseCode: code, amount: 150000 }) });
    await flush();
    await click(screen.getByRole('button', { name: 'Confirm payment' }));
    expect(path()).toBe('/payment/pay-with-app/transaction-status');
    expect(screen.getByRole('heading', { name: 'Please hold on while we confirm your transaction' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('05:00');
    expect(statusCalls(http)).toBe(1);
    expect(http.calls.at(-1)!.opts?.headers).toEqual({ authorization: `Bearer ${TOKEN.access_token}` });
    await advance(STATUS_POLL_MS - 1);
    expect(statusCalls(http)).toBe(1);
    await advance(1);
    expect(statusCalls(http)).toBe(2);
    await advance(STATUS_POLL_MS);
    expect(statusCalls(http)).toBe(3);
    expect(screen.getByRole('timer').textContent).toBe('04:50');
    code = '00';
    await advance(STATUS_POLL_MS);
    expect(checkout.state.result).toMatchObject({ responseCode: '00', amount: 150000 });
    await advance(STATUS_POLL_MS * 3);
    expect(statusCalls(http)).toBe(4);
  });

  it('waits 5 more minutes once when asked, then completes as expired (XS1)', async () => {
    const { checkout } = mount({ path: '/payment/pay-with-app/transaction-status' });
    await flush();
    expect(screen.getByRole('timer').textContent).toBe('05:00');
    await advance(STATUS_WAIT_MS - 1_000);
    expect(screen.queryByText(/We couldn't confirm your transaction/)).toBeNull();
    await advance(1_000);
    expect(screen.getByText("We couldn't confirm your transaction within the given period. What would you like to do?")).toBeTruthy();
    expect(checkout.state.result).toBeNull();
    // Still asking while the payer decides.
    await click(screen.getByRole('button', { name: 'Wait additional 5 Minutes' }));
    expect(screen.queryByRole('button', { name: 'Wait additional 5 Minutes' })).toBeNull();
    expect(screen.getByRole('timer').textContent).toBe('05:00');
    expect(document.activeElement?.tagName).toBe('H1');
    await advance(STATUS_EXTENSION_MS - 1_000);
    expect(checkout.state.result).toBeNull();
    await advance(1_000);
    expect(checkout.state.result?.responseCode).toBe('XS1');
    expect(screen.queryByRole('button', { name: 'Wait additional 5 Minutes' })).toBeNull();
  });

  it('says the code is no longer valid after 15 minutes, with Go back to the method list', async () => {
    const { path } = mount();
    await flush();
    await advance(CODE_VALIDITY_MS - 1_000);
    expect(screen.getByRole('timer').textContent).toBe('00h 00m 01s');
    await advance(1_000);
    expect(screen.getByRole('heading', { level: 1, name: 'The code is not longer valid' })).toBeTruthy();
    expect(screen.queryByTestId('pwa-code')).toBeNull();
    await click(screen.getByRole('link', { name: 'Go back' }));
    expect(path()).toBe('/payment-methods');
    expect(screen.getByRole('heading', { name: 'Choose a payment method' })).toBeTruthy();
  });

  it('on a phone: the deep links, a checked Launch app, Enter code manually and Go back', async () => {
    const { http, path, checkout } = mount({ width: 480 });
    await flush();
    expect(path()).toBe('/payment/pay-with-app/deeplink/mobile');
    const select = screen.getByRole('combobox', { name: 'Select your bank' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Choose a bank', 'Alpha Bank', 'Beta Bank', 'Evil Bank']);
    expect((screen.getByTestId('pwa-launch') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Select your bank to launch its app.')).toBeTruthy();

    await act(async () => {
      fireEvent.change(select, { target: { value: 'ALPHA' } });
    });
    const launch = screen.getByRole('link', { name: 'Launch app' });
    expect(launch.getAttribute('href')).toBe(LINKS.ALPHA);
    expect(launch.getAttribute('target')).toBe('_blank');
    expect(launch.getAttribute('rel')).toBe('noopener noreferrer');
    await act(async () => {
      fireEvent.change(select, { target: { value: 'BETA' } });
    });
    expect(screen.getByRole('link', { name: 'Launch app' }).getAttribute('href')).toBe(LINKS.BETA);
    expect(screen.getByRole('link', { name: 'Launch app' }).getAttribute('target')).toBeNull();
    await act(async () => {
      fireEvent.change(select, { target: { value: 'EVIL' } });
    });
    expect(screen.queryByRole('link', { name: 'Launch app' })).toBeNull();
    expect((screen.getByTestId('pwa-launch') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("This bank's app cannot be opened from here. Enter the code manually instead.")).toBeTruthy();
    expect(document.querySelector('a[href^="javascript:"]')).toBeNull();

    await click(screen.getByRole('button', { name: 'Enter code manually' }));
    expect(path()).toBe('/payment/pay-with-app/five-digit-code/mobile');
    expect(screen.getByTestId('pwa-code').textContent).toBe('12345');
    await click(screen.getByRole('button', { name: 'Go back' }));
    expect(path()).toBe('/payment/pay-with-app/deeplink/mobile');
    // The same visit: no new token or code.
    expect(count(http, `POST ${GENERATE_PATH}`)).toBe(1);

    expect(tokenFor(checkout.visits)).toBe(TOKEN.access_token);
    await click(screen.getByRole('link', { name: 'Change payment method' }));
    expect(path()).toBe('/payment-methods');
    // Leaving the section drops the token and the institutions.
    expect(tokenFor(checkout.visits)).toBeNull();
  });

  it('says the link is no longer valid once the code expires on the deep-link page', async () => {
    mount({ width: 400 });
    await flush();
    screen.getByRole('combobox', { name: 'Select your bank' });
    await advance(CODE_VALIDITY_MS);
    expect(screen.getByRole('heading', { level: 1, name: 'The link is not longer valid. TimeOut' })).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go back' })).toBeTruthy();
  });

  it('Confirm transaction is unavailable, with its reason, until nothing was launched; it does nothing then', async () => {
    const { path, http } = mount({ width: 400 });
    await flush();
    const confirm = screen.getByRole('button', { name: 'Confirm transaction' });
    // Focusable (aria-disabled, not disabled): keyboard and screen reader users reach it and hear why.
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    const reason = document.getElementById(confirm.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toBe('Launch your bank app, or enter the code manually, and approve the payment first.');
    await click(confirm);
    expect(path()).toBe('/payment/pay-with-app/deeplink/mobile');
    expect(statusCalls(http)).toBe(0);
  });

  it('Confirm transaction opens the status page once the payer launched a bank app', async () => {
    const { path, http } = mount({ width: 400 });
    await flush();
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Select your bank' }), { target: { value: 'ALPHA' } });
    });
    const launch = screen.getByRole('link', { name: 'Launch app' });
    // The link opens a new tab; happy-dom would navigate: the click's default is not what is tested.
    launch.addEventListener('click', (e) => e.preventDefault());
    await click(launch);
    const confirm = screen.getByRole('button', { name: 'Confirm transaction' });
    expect(confirm.getAttribute('aria-disabled')).toBeNull();
    expect(confirm.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText('Launch your bank app, or enter the code manually, and approve the payment first.')).toBeNull();
    await click(confirm);
    expect(path()).toBe('/payment/pay-with-app/transaction-status');
    expect(statusCalls(http)).toBe(1);
  });

  it('Confirm transaction is live back from the code page: the payer has seen the code', async () => {
    const { path } = mount({ width: 400 });
    await flush();
    await click(screen.getByRole('button', { name: 'Enter code manually' }));
    await click(screen.getByRole('button', { name: 'Go back' }));
    expect(path()).toBe('/payment/pay-with-app/deeplink/mobile');
    await click(screen.getByRole('button', { name: 'Confirm transaction' }));
    expect(path()).toBe('/payment/pay-with-app/transaction-status');
  });

  it('canConfirm: only once an app was launched or the code shown', () => {
    expect(canConfirm({ approvalStarted: false })).toBe(false);
    expect(canConfirm({ approvalStarted: true })).toBe(true);
  });

  it('says so when the token call fails, and Try again starts afresh', async () => {
    let fail = true;
    const { http, path } = mount({
      token: () => {
        if (fail) throw new HttpError('HTTP 401', 'http', 401);
        return TOKEN;
      },
    });
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('We could not start Pay with App. Something went wrong. Please try again.');
    expect(screen.getByRole('heading', { level: 1, name: 'Pay with App' })).toBeTruthy();
    expect(count(http, `POST ${GENERATE_PATH}`)).toBe(0);
    fail = false;
    await click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByTestId('pwa-code').textContent).toBe('12345');
    expect(path()).toBe('/payment/pay-with-app/five-digit-code/web');
  });

  it('says the connection failed when the institutions call cannot reach the server', async () => {
    mount({
      generate: () => {
        throw new HttpError('Network error', 'network');
      },
    });
    await flush();
    expect(screen.getByRole('alert').textContent).toBe(
      'We could not start Pay with App. We could not reach the payment service. Check your connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change payment method' })).toBeTruthy();
  });

  it('without client settings says Pay with App is not set up, asks nothing and offers only another method', async () => {
    const { http } = mount({ settings: null });
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Pay with App is not set up for this checkout yet. Please choose another payment method.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Change payment method' })).toBeTruthy();
    expect(http.calls).toEqual([]);
  });

  it('a declined payment completes as failed with its code', async () => {
    const { checkout } = mount({ path: '/payment/pay-with-app/transaction-status', status: () => ({ responseCode: '05' }) });
    await advance(0);
    expect(checkout.state.result?.responseCode).toBe('05');
    expect(screen.getByText('Payment Failed')).toBeTruthy();
  });

  it('backs off after failed status requests (5 s, then 10 s, with jitter) and tells the payer', async () => {
    // Jitter at its middle (a quarter more): retries after 6.25 s, then 12.5 s.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { http } = mount({
      path: '/payment/pay-with-app/transaction-status',
      status: () => {
        throw new HttpError('HTTP 500', 'http', 500);
      },
    });
    await flush();
    await advance(0);
    expect(statusCalls(http)).toBe(1);
    await advance(6_249);
    expect(statusCalls(http)).toBe(1);
    await advance(1);
    expect(statusCalls(http)).toBe(2);
    expect(screen.getByText(/trouble confirming your payment/)).toBeTruthy();
    await advance(12_499);
    expect(statusCalls(http)).toBe(2);
    await advance(1);
    expect(statusCalls(http)).toBe(3);
  });

  it('an unknown page of the section goes on to the device page', async () => {
    const { path } = mount({ path: '/payment/pay-with-app/somewhere' });
    await flush();
    expect(path()).toBe('/payment/pay-with-app/five-digit-code/web');
  });
});
