import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { CheckoutHarness, fakeHttp, pass, testCheckout } from '@oja/testing';
import type { TestCheckoutOptions } from '@oja/testing';
import type { Checkout } from '../state/checkout';
import { complete } from '../state/actions';
import { retry } from '../state/attemptActions';
import { MESSAGE_KEY } from '../state/completion';
import { SUCCESS_SHOWN_MS } from '@oja/sdk';
import { defineChannel } from '../plugin';
import { App } from './App';
import { DELIVERY_CLAIM_ATTEMPTS, TOKEN_SIGN_IN_PATH } from './delivery';
import { CHANNEL_STARTED_PATH, DELIVERY_PATH, SESSION_OPENED_PATH } from '../state/actions';
import { HttpError } from '../http';
import { cardFixture, transferFixture } from '@oja/testing';
import { FIXTURE_DONE_PATH, fixturePage } from '@oja/testing';
// Loaded on demand by the shell; loaded here first so it renders within a fake-timer tick.
import '../ui/ResultScreen';

const set = (fn: () => void) => act(async () => fn());

const CONTRACT_FIELDS = ['payRef', 'txnref', 'amount', 'apprAmt', 'resp', 'desc', 'retRef', 'cardNum', 'mac', 'bpResp', 'bpTrxnRef', 'rechPin'];

let submit: ReturnType<typeof vi.spyOn>;
const restore: Array<() => void> = [];

beforeEach(() => {
  vi.useFakeTimers();
  submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  while (restore.length) restore.pop()!();
  sessionStorage.clear();
  document.body.innerHTML = '';
});

/** Frames the checkout: window.parent becomes a stub that records what it is sent. */
function stubParent() {
  const parent = { postMessage: vi.fn() };
  const original = Object.getOwnPropertyDescriptor(window, 'parent')!;
  Object.defineProperty(window, 'parent', { value: parent, configurable: true, writable: true });
  restore.push(() => Object.defineProperty(window, 'parent', original));
  return parent;
}

/** Opens the checkout as a popup: window.opener becomes a stub. */
function stubOpener() {
  const opener = { postMessage: vi.fn() };
  vi.spyOn(window, 'opener', 'get').mockReturnValue(opener);
  return opener;
}

async function renderCheckout(o: TestCheckoutOptions = {}) {
  const c = testCheckout({ channels: [cardFixture, transferFixture], channel: 'card', ...o });
  const view = render(<CheckoutHarness checkout={c} path="/payment/card" />);
  await pass();
  return { c, view };
}

const submittedForm = (i = 0) => submit.mock.contexts[i] as HTMLFormElement;
const formFields = (form: HTMLFormElement) => Object.fromEntries([...form.querySelectorAll('input')].map((el) => [el.name, el.value]));
const messages = (target: { postMessage: ReturnType<typeof vi.fn> }, type: string) =>
  target.postMessage.mock.calls.filter(([m]) => (m as { messageType: string }).messageType === type);

describe('REDIRECT delivery', () => {
  it('shows the receipt SUCCESS_SHOWN_MS, then POSTs the result form to the redirect url exactly once on 00', async () => {
    const { c } = await renderCheckout();
    await set(() => complete(c, '00', { paymentReference: 'PR-9', responseDescription: 'Approved', amount: 150000 }));
    await pass(SUCCESS_SHOWN_MS - 1);
    expect(submit).not.toHaveBeenCalled();
    const receipt = screen.getByTestId('receipt');
    expect(receipt.textContent).toContain('NGN 1,500.00');
    expect(receipt.textContent).toContain('PR-9');
    await pass(1);
    expect(submit).toHaveBeenCalledTimes(1);
    const form = submittedForm();
    expect(form.getAttribute('method')?.toUpperCase()).toBe('POST');
    expect(form.getAttribute('action')).toBe('http://127.0.0.1:4401/return');
    const fields = formFields(form);
    expect(Object.keys(fields).sort()).toEqual([...CONTRACT_FIELDS].sort());
    expect(fields).toMatchObject({
      resp: '00',
      txnref: 'TXN-0001',
      payRef: 'PR-9',
      desc: 'Approved',
      amount: '150000',
      apprAmt: '150000',
      cardNum: '',
      mac: '',
    });
    expect(c.state.delivered).toBe(true);
    await pass(60_000);
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('the payer may return at once: the same one delivery', async () => {
    const { c } = await renderCheckout();
    await set(() => complete(c, '00', { paymentReference: 'PR-9' }));
    await set(() => screen.getByRole('button', { name: /^Return to .* now$/ }).click());
    await pass();
    expect(submit).toHaveBeenCalledTimes(1);
    await pass(SUCCESS_SHOWN_MS);
    expect(submit).toHaveBeenCalledTimes(1);
  });

  describe('once per session, across tabs and instances (DELIVERY_PATH)', () => {
    const session = { env: { session: 'S'.repeat(24), pageId: 'page-1' } };
    const answer = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

    it('asks the server first, and delivers when it says this page is the one', async () => {
      const fetchMock = vi.fn(() => answer({ deliver: true }));
      vi.stubGlobal('fetch', fetchMock);
      restore.push(() => vi.unstubAllGlobals());
      await renderCheckout({ ...session, result: { responseCode: '00' } });
      await pass(SUCCESS_SHOWN_MS);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe(`${DELIVERY_PATH}?p=${'S'.repeat(24)}&page=page-1&code=00&channel=card&polls=0`);
      expect(init.method).toBe('POST');
      expect(submit).toHaveBeenCalledTimes(1);
    });

    it('another page sent it: nothing is sent, and the page says the merchant has it', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(() => answer({ deliver: false })),
      );
      restore.push(() => vi.unstubAllGlobals());
      const { c } = await renderCheckout({ ...session, result: { responseCode: '00' } });
      await pass(SUCCESS_SHOWN_MS);
      expect(submit).not.toHaveBeenCalled();
      expect(c.state.deliveredElsewhere).toBe(true);
      expect(screen.getByText(/already has this result from another page/)).toBeTruthy();
    });

    it('a server that cannot be asked: tried again with backoff, then the page delivers anyway', async () => {
      const fetchMock = vi.fn(() => answer({}, 503));
      vi.stubGlobal('fetch', fetchMock);
      restore.push(() => vi.unstubAllGlobals());
      await renderCheckout({ ...session, result: { responseCode: '00' } });
      await pass(SUCCESS_SHOWN_MS);
      await pass(10_000);
      expect(fetchMock).toHaveBeenCalledTimes(DELIVERY_CLAIM_ATTEMPTS);
      expect(submit).toHaveBeenCalledTimes(1);
    });
  });

  it('delivers a result the page starts with', async () => {
    await renderCheckout({ result: { responseCode: '00' } });
    await pass(SUCCESS_SHOWN_MS);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(formFields(submittedForm()).resp).toBe('00');
  });

  it('does not deliver again after a reload of the same payment', async () => {
    const first = await renderCheckout({ result: { responseCode: '00' } });
    first.view.unmount();
    await renderCheckout({ result: { responseCode: '00' } });
    await pass(10_000);
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('waits 2 s before delivering XS1', async () => {
    const { c } = await renderCheckout();
    await set(() => complete(c, 'XS1'));
    await pass(1_999);
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Transaction Expired' })).toBeTruthy();
    await pass(1);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(formFields(submittedForm())).toMatchObject({ resp: 'XS1', amount: '0', apprAmt: '0' });
  });

  it('waits 2 s before delivering Z6', async () => {
    const { c } = await renderCheckout();
    await set(() => complete(c, 'Z6'));
    await pass(1_999);
    expect(submit).not.toHaveBeenCalled();
    await pass(1);
    expect(formFields(submittedForm()).resp).toBe('Z6');
  });

  it.each(['51', 'Z8', '09', '', 'T1'])('delivers nothing for %j', async (code) => {
    const { c } = await renderCheckout();
    await set(() => complete(c, code));
    await pass(60_000);
    expect(submit).not.toHaveBeenCalled();
    expect(c.state.delivered).toBe(false);
  });

  it('a retry within the 2 s leaves nothing to deliver', async () => {
    const { c } = await renderCheckout();
    await set(() => complete(c, 'XS1'));
    await pass(1_000);
    await set(() => retry(c));
    await pass(60_000);
    expect(submit).not.toHaveBeenCalled();
  });

  it('refuses a redirect url that is not http(s)', async () => {
    await renderCheckout({ props: { siteRedirectUrl: 'javascript:alert(1)' }, result: { responseCode: '00' } });
    await pass(10_000);
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends no window message in REDIRECT mode', async () => {
    const parent = stubParent();
    await renderCheckout({ result: { responseCode: '00' } });
    await pass(10_000);
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  describe("a payment a page of the checkout opened, with the page's completion path as its redirect", () => {
    /** The whole-page navigations the checkout starts. */
    const navigations = () => {
      const assign = vi.fn();
      const original = Object.getOwnPropertyDescriptor(window, 'location')!;
      Object.defineProperty(window, 'location', { value: { origin: location.origin, assign }, configurable: true });
      restore.push(() => Object.defineProperty(window, 'location', original));
      return assign;
    };

    async function payThroughPage(code: string, siteRedirectUrl = `${location.origin}${FIXTURE_DONE_PATH}`) {
      const assign = navigations();
      const c = testCheckout({ channels: [cardFixture], pages: [fixturePage], props: { siteRedirectUrl } });
      const memory = memoryLocation({ path: '/payment/card?p=test-session', record: true });
      render(<App checkout={c} locationHook={memory.hook} searchHook={memory.searchHook} />);
      await pass();
      await set(() => complete(c, code));
      await pass(10_000);
      return assign;
    }

    it('on 00 goes to that page, with the session, instead of posting the result', async () => {
      const assign = await payThroughPage('00');
      expect(assign.mock.calls).toEqual([[`${FIXTURE_DONE_PATH}?p=test-session`]]);
      expect(submit).not.toHaveBeenCalled();
    });

    it('delivers a cancellation to that URL as to any merchant (REDIRECT: the form POST)', async () => {
      const assign = await payThroughPage('Z6');
      expect(assign).not.toHaveBeenCalled();
      expect(submit).toHaveBeenCalledTimes(1);
      expect(submittedForm().action).toBe(`${location.origin}${FIXTURE_DONE_PATH}`);
    });

    it('leaves a payment to a merchant whose URL has the same path on another origin unchanged', async () => {
      const assign = await payThroughPage('00', `https://shop.example${FIXTURE_DONE_PATH}`);
      expect(assign).not.toHaveBeenCalled();
      expect(submit).toHaveBeenCalledTimes(1);
      expect(submittedForm().action).toBe(`https://shop.example${FIXTURE_DONE_PATH}`);
    });
  });
});

describe('INLINE and POPUP delivery', () => {
  it('sends INITIALIZED to the declared origin once on load', async () => {
    const parent = stubParent();
    const { view } = await renderCheckout({ props: { displayMode: 'INLINE' } });
    expect(parent.postMessage).toHaveBeenCalledTimes(1);
    expect(parent.postMessage).toHaveBeenCalledWith({ key: MESSAGE_KEY, messageType: 'INITIALIZED', data: {} }, 'http://127.0.0.1:4401');
    // A reload of the same payment says nothing more.
    view.unmount();
    await renderCheckout({ props: { displayMode: 'INLINE' } });
    await pass(10_000);
    expect(messages(parent, 'INITIALIZED')).toHaveLength(1);
  });

  it('sends INITIALIZED again when the merchant opens the same payment anew (a new checkout session)', async () => {
    const parent = stubParent();
    const { view } = await renderCheckout({ props: { displayMode: 'INLINE' } });
    view.unmount();
    await renderCheckout({ props: { displayMode: 'INLINE' }, env: { session: 'another-session' } });
    expect(messages(parent, 'INITIALIZED')).toHaveLength(2);
  });

  it('sends COMPLETED with the result fields to the declared origin exactly once', async () => {
    const parent = stubParent();
    const { c } = await renderCheckout({ props: { displayMode: 'INLINE' } });
    await set(() => complete(c, '00', { paymentReference: 'PR-1', responseDescription: 'Approved' }));
    await pass();
    const completed = messages(parent, 'COMPLETED');
    expect(completed).toHaveLength(1);
    const [message, origin] = completed[0] as [{ key: string; messageType: string; data: Record<string, string> }, string];
    expect(origin).toBe('http://127.0.0.1:4401');
    expect(message.key).toBe(MESSAGE_KEY);
    expect(Object.keys(message.data).sort()).toEqual([...CONTRACT_FIELDS].sort());
    expect(message.data).toMatchObject({ resp: '00', payRef: 'PR-1', desc: 'Approved', txnref: 'TXN-0001', amount: '150000' });
    await pass(60_000);
    expect(messages(parent, 'COMPLETED')).toHaveLength(1);
    expect(submit).not.toHaveBeenCalled();
  });

  it('never posts to another origin than the declared one', async () => {
    const parent = stubParent();
    const { c } = await renderCheckout({ props: { displayMode: 'INLINE' } });
    await set(() => complete(c, '00'));
    await pass(10_000);
    for (const [, origin] of parent.postMessage.mock.calls) expect(origin).toBe('http://127.0.0.1:4401');
  });

  it('sends nothing when the declared origin is unknown', async () => {
    const parent = stubParent();
    const { c } = await renderCheckout({ props: { displayMode: 'INLINE', siteOrigin: '' } });
    await set(() => complete(c, '00'));
    await pass(10_000);
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('waits 2 s before sending an expired result', async () => {
    const parent = stubParent();
    const { c } = await renderCheckout({ props: { displayMode: 'INLINE' } });
    await set(() => complete(c, 'XS1'));
    await pass(1_999);
    expect(messages(parent, 'COMPLETED')).toHaveLength(0);
    await pass(1);
    expect(messages(parent, 'COMPLETED')).toHaveLength(1);
    expect((messages(parent, 'COMPLETED')[0][0] as { data: { resp: string } }).data.resp).toBe('XS1');
  });

  it('sends nothing for a failed code', async () => {
    const parent = stubParent();
    const { c } = await renderCheckout({ props: { displayMode: 'INLINE' } });
    await set(() => complete(c, '51'));
    await pass(60_000);
    expect(messages(parent, 'COMPLETED')).toHaveLength(0);
  });

  it('POPUP: tells the opener', async () => {
    const opener = stubOpener();
    const { c } = await renderCheckout({ props: { displayMode: 'POPUP' } });
    expect(messages(opener, 'INITIALIZED')).toHaveLength(1);
    await set(() => complete(c, '00'));
    await pass();
    expect(messages(opener, 'COMPLETED')).toHaveLength(1);
    expect(opener.postMessage.mock.calls.every(([, origin]) => origin === 'http://127.0.0.1:4401')).toBe(true);
  });
});

function stubBeacon() {
  const beacon = vi.fn((_url: string) => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
  restore.push(() => delete (navigator as unknown as Record<string, unknown>).sendBeacon);
  return beacon;
}

describe('leaving mid-payment', () => {
  const leave = () => act(async () => void window.dispatchEvent(new Event('pagehide')));
  /** The leave beacons sent (the page also says it opened). */
  const leaves = (beacon: ReturnType<typeof stubBeacon>) =>
    (beacon.mock.calls as unknown as string[][]).filter(([url]) => url.startsWith('/session/leave'));

  it('tells the server the payer left', async () => {
    const beacon = stubBeacon();
    await renderCheckout();
    await leave();
    expect(beacon).toHaveBeenCalledWith('/session/leave?p=test-session');
  });

  it('names the page that left, when the server named it', async () => {
    const beacon = stubBeacon();
    await renderCheckout({ env: { pageId: 'page-2' } });
    await leave();
    expect(beacon).toHaveBeenCalledWith('/session/leave?p=test-session&page=page-2');
  });

  it.each(['00', '09', 'XS1'])('says nothing once the transaction is complete (%s)', async (code) => {
    const beacon = stubBeacon();
    const { c } = await renderCheckout();
    await set(() => complete(c, code));
    await leave();
    expect(leaves(beacon)).toEqual([]);
  });

  it('says nothing for an Incorrect Transaction', async () => {
    const beacon = stubBeacon();
    await renderCheckout({ props: { responseCode: 'Z1' } });
    await leave();
    expect(beacon).not.toHaveBeenCalled();
  });

  it('tells the server once, as it hydrates, that the page opened (the session then keeps its full time)', async () => {
    const beacon = stubBeacon();
    await renderCheckout();
    expect(beacon.mock.calls.filter(([url]) => url.startsWith(SESSION_OPENED_PATH))).toEqual([['/session/opened?p=test-session']]);
  });

  it("tells the server the channel whose screen opened (the operators' count of payments started)", async () => {
    const beacon = stubBeacon();
    await renderCheckout();
    expect(beacon.mock.calls.filter(([url]) => url.startsWith(CHANNEL_STARTED_PATH))).toEqual([['/session/channel?p=test-session&channel=card']]);
  });
});

describe('access-token sign-in', () => {
  const walletWithToken = defineChannel({
    id: 'token-wallet',
    code: 'WALLET',
    path: '/payment/wallet',
    isAvailable: () => true,
    acceptsAccessToken: true,
    screen: async () => ({ default: () => <p>Wallet screen</p> }),
    messages: { en: {}, fr: {} },
  });

  const signIn = (accept: boolean) =>
    fakeHttp({
      [`POST ${TOKEN_SIGN_IN_PATH}`]: () => {
        if (!accept) throw new HttpError('HTTP 403', 'http', 403);
        return { responseCode: '00', user: { firstName: 'Ada' } };
      },
    });

  async function renderWithToken(props: TestCheckoutOptions['props'], http = signIn(true)): Promise<Checkout> {
    const c = testCheckout({ channels: [cardFixture, walletWithToken], http, props });
    render(<CheckoutHarness checkout={c} />);
    await pass();
    await pass();
    return c;
  }

  it('authenticates the token, then opens the channel that accepts it', async () => {
    const c = await renderWithToken({ accessToken: 'sandbox-access-token', accessTokenType: 'Bearer' });
    expect(c.state.channel).toBe('token-wallet');
    expect(c.state.tokenSignIn).toMatchObject({ user: { firstName: 'Ada' } });
    expect(screen.getByText('Wallet screen')).toBeTruthy();
  });

  it('stays on the method list when the token is refused', async () => {
    const c = await renderWithToken({ accessToken: 'bad-token', accessTokenType: 'Bearer' }, signIn(false));
    expect(c.state.channel).toBeNull();
    expect(screen.getByRole('heading', { name: 'Choose a payment method' })).toBeTruthy();
  });

  it('stays on the method list without a token type', async () => {
    const http = signIn(true);
    const c = await renderWithToken({ accessToken: 'sandbox-access-token' }, http);
    expect(http.calls).toHaveLength(0);
    expect(c.state.channel).toBeNull();
    expect(screen.getByRole('heading', { name: 'Choose a payment method' })).toBeTruthy();
  });
});
