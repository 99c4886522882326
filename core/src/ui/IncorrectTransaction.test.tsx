import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { CheckoutHarness, click, pass, testCheckout } from '@oja/testing';
import type { TestCheckoutOptions } from '@oja/testing';
import { MESSAGE_KEY } from '../state/completion';
import { App } from '../shell/App';
import { cardFixture, transferFixture } from '@oja/testing';

const BODY =
  'Some of the payment details entered appear to be incorrect. Please review the information provided and try again. If you require assistance, kindly contact your merchant.';
const CONTRACT_FIELDS = ['payRef', 'txnref', 'amount', 'apprAmt', 'resp', 'desc', 'retRef', 'cardNum', 'mac', 'bpResp', 'bpTrxnRef', 'rechPin'];

const restore: Array<() => void> = [];
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  while (restore.length) restore.pop()!();
  sessionStorage.clear();
});

function stubParent() {
  const parent = { postMessage: vi.fn() };
  const original = Object.getOwnPropertyDescriptor(window, 'parent')!;
  Object.defineProperty(window, 'parent', { value: parent, configurable: true, writable: true });
  restore.push(() => Object.defineProperty(window, 'parent', original));
  return parent;
}

async function renderRefused(o: TestCheckoutOptions = {}, referrer?: string) {
  // The screen is a lazy part: loaded here first, so that a cold import's time never decides what one turn shows.
  await import('./IncorrectTransaction');
  const c = testCheckout({ channels: [cardFixture, transferFixture], ...o, props: { responseCode: 'Z1', ...o.props } });
  const location = memoryLocation({ path: '/payment-methods?p=test-session' });
  render(<App checkout={c} referrer={referrer} locationHook={location.hook} searchHook={location.searchHook} />);
  await pass();
  return c;
}

const completedCalls = (parent: { postMessage: ReturnType<typeof vi.fn> }) =>
  parent.postMessage.mock.calls.filter(([m]) => (m as { messageType: string }).messageType === 'COMPLETED');

describe('Incorrect Transaction screen', () => {
  it('shows when the initial properties carry a code other than 00, with its exact text', async () => {
    await renderRefused();
    expect(screen.getByRole('heading', { name: 'Incorrect Transaction' })).toBeTruthy();
    expect(screen.getByText(BODY)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(BODY);
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
  });

  it('offers no payment method and no cancel', async () => {
    await renderRefused();
    expect(screen.queryByRole('heading', { name: 'Choose a payment method' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Pay with/ })).toBeNull();
    expect(screen.queryByTestId('cancel-payment')).toBeNull();
  });

  it('shows even on a channel route', async () => {
    const c = testCheckout({ channels: [cardFixture], props: { responseCode: 'Z1' } });
    render(<CheckoutHarness checkout={c} path="/payment/card" />);
    await pass();
    expect(screen.queryByText('Card screen')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Incorrect Transaction' })).toBeTruthy();
  });

  it('is not shown for 00', async () => {
    render(<CheckoutHarness checkout={testCheckout({ channels: [cardFixture] })} />);
    await pass();
    expect(screen.queryByRole('heading', { name: 'Incorrect Transaction' })).toBeNull();
  });

  it('INLINE: Go Back sends COMPLETED to the declared origin, once', async () => {
    const parent = stubParent();
    await renderRefused({ props: { displayMode: 'INLINE' } });
    const button = screen.getByRole('button', { name: 'Go Back' });
    await click(button);
    await click(button);
    const completed = completedCalls(parent);
    expect(completed).toHaveLength(1);
    const [message, origin] = completed[0] as [{ key: string; messageType: string; data: Record<string, string> }, string];
    expect(origin).toBe('http://127.0.0.1:4401');
    expect(message.key).toBe(MESSAGE_KEY);
    expect(message.data).toMatchObject({ resp: 'Z1', txnref: 'TXN-0001' });
    expect(Object.keys(message.data).sort()).toEqual([...CONTRACT_FIELDS].sort());
    for (const [, o] of parent.postMessage.mock.calls) expect(o).toBe('http://127.0.0.1:4401');
  });

  it('POPUP: Go Back tells the opener', async () => {
    const opener = { postMessage: vi.fn() };
    vi.spyOn(window, 'opener', 'get').mockReturnValue(opener);
    await renderRefused({ props: { displayMode: 'POPUP' } });
    await click(screen.getByRole('button', { name: 'Go Back' }));
    expect(completedCalls(opener)).toHaveLength(1);
  });

  it('REDIRECT: Go Back is a link to the referrer', async () => {
    const parent = stubParent();
    await renderRefused({ props: { displayMode: 'REDIRECT' } }, 'https://shop.example/cart');
    const link = screen.getByRole('link', { name: 'Go Back' });
    expect(link.getAttribute('href')).toBe('https://shop.example/cart');
    expect(completedCalls(parent)).toHaveLength(0);
  });

  it('REDIRECT without a referrer: Go Back goes back in history', async () => {
    const back = vi.spyOn(history, 'back').mockImplementation(() => {});
    await renderRefused({ props: { displayMode: 'REDIRECT' } });
    await click(screen.getByRole('button', { name: 'Go Back' }));
    expect(back).toHaveBeenCalledTimes(1);
  });
});
