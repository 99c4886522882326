import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { click, pass, testCheckout } from '@oja/testing';
import type { TestCheckoutOptions } from '@oja/testing';
import { App } from '../shell/App';
import { CODE_ALREADY_PAID } from '../codes';
import { cardFixture } from '@oja/testing';
import { merchantReturnUrl } from './AlreadyPaid';

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

async function renderPaid(o: TestCheckoutOptions = {}, referrer?: string) {
  const c = testCheckout({ channels: [cardFixture], ...o, env: { session: '', ...o.env }, props: { responseCode: CODE_ALREADY_PAID, ...o.props } });
  const location = memoryLocation({ path: '/payment-methods' });
  render(<App checkout={c} referrer={referrer} locationHook={location.hook} searchHook={location.searchHook} />);
  await pass();
  return c;
}

describe('Already paid page', () => {
  it('says the payment is paid, naming the merchant and the reference, with no method, amount or cancel', async () => {
    await renderPaid({ props: { merchantName: 'Oja Demo Store', merchantTransactionReference: 'ORDER-7', siteOrigin: 'https://shop.test' } });
    expect(screen.getByRole('heading', { level: 1, name: 'This payment has already been paid' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(
      'Oja Demo Store has already received this payment (reference ORDER-7). Nothing more has been charged.',
    );
    expect(screen.queryByText('Choose a payment method')).toBeNull();
    expect(screen.queryByTestId('cancel-payment')).toBeNull();
    expect(screen.queryByLabelText(/^Amount/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Return to Oja Demo Store' }).getAttribute('href')).toBe('https://shop.test/');
  });

  it('in French', async () => {
    await renderPaid({
      env: { locale: 'fr' },
      props: { merchantName: 'Boutique', merchantTransactionReference: 'R-1', siteOrigin: 'https://shop.test' },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Ce paiement a déjà été effectué' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Revenir à Boutique' })).toBeTruthy();
  });

  it('INLINE: posts INITIALIZED, never COMPLETED, and points to the overlay close control', async () => {
    const parent = stubParent();
    await renderPaid({ props: { displayMode: 'INLINE', merchantName: 'Shop', siteOrigin: 'https://shop.test' } });
    await pass(10_000);
    const types = parent.postMessage.mock.calls.map(([m]) => (m as { messageType: string }).messageType);
    expect(types).toEqual(['INITIALIZED']);
    expect(screen.getByText('You can close this checkout to return to Shop.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('POPUP: a button closes the window', async () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    await renderPaid({ props: { displayMode: 'POPUP', merchantName: 'Shop', siteOrigin: 'https://shop.test' } });
    await click(screen.getByRole('button', { name: 'Close this window' }));
    expect(close).toHaveBeenCalledTimes(1);
  });
});

describe('merchantReturnUrl', () => {
  it("prefers the merchant's own page the payer came from, else the merchant's site", () => {
    expect(merchantReturnUrl('https://shop.test', 'https://shop.test/cart?x=1')).toBe('https://shop.test/cart?x=1');
    expect(merchantReturnUrl('https://shop.test', 'https://elsewhere.test/')).toBe('https://shop.test/');
    expect(merchantReturnUrl('https://shop.test')).toBe('https://shop.test/');
    expect(merchantReturnUrl('', 'https://shop.test/')).toBeUndefined();
    expect(merchantReturnUrl('javascript:alert(1)')).toBeUndefined();
  });
});
