import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { defineChannel } from '../plugin';
import { setLocale } from '../state/actions';
import { CheckoutHarness, testCheckout } from '@oja/testing';
import { loadStylesheet, preloadScreen } from './lazyScreen';

/** A screen with state of its own: a count the payer raises. */
function CountingScreen() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      count {count}
    </button>
  );
}

const counting = defineChannel({
  id: 'counting',
  code: 'COUNTING',
  path: '/payment/counting',
  isAvailable: () => true,
  row: { icon: () => null, title: 'counting.title', description: 'counting.title' },
  screen: async () => ({ default: CountingScreen }),
  messages: { en: { counting: { title: 'Pay by counting' } }, fr: { counting: { title: 'Payer en comptant' } } },
});

describe('lazily loaded screens', () => {
  it('keep their state when the page re-renders after they loaded (no remount)', async () => {
    const checkout = testCheckout({ channels: [counting] });
    render(<CheckoutHarness checkout={checkout} path="/payment-methods" />);
    fireEvent.click(screen.getByRole('link', { name: /Pay by counting/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'count 0' }));
    expect(screen.getByRole('button', { name: 'count 1' })).toBeTruthy();
    await act(async () => setLocale(checkout, 'fr'));
    // The whole page re-rendered in French, the screen with it.
    expect(await screen.findByText(/propulsé par/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'count 1' })).toBeTruthy();
  });
});

describe('parts needed later', () => {
  it('are fetched once the page is idle, so a result shows at once, without a loading pass', async () => {
    const checkout = testCheckout();
    render(<CheckoutHarness checkout={checkout} path="/payment-methods" />);
    // Idle time passes: the result screen and the cancel dialog arrive.
    await act(async () => {
      await new Promise((r) => setTimeout(r, 1_000));
    });
    await act(async () => {
      checkout.state.result = { responseCode: 'XS1' };
    });
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Transaction Expired' })).toBeTruthy();
  });
});

describe('preloadScreen', () => {
  // The page data names only the parts with a stylesheet (core/src/server/integrity.ts screenCss).
  it('loads the module alone for a part the page data names no stylesheet for', async () => {
    const before = document.querySelectorAll('link').length;
    let loads = 0;
    const loader = async () => {
      loads += 1;
      return { default: CountingScreen };
    };
    await preloadScreen('unstyled-part', loader, { screenCss: { 'other-part': '/assets/other.css' } });
    expect(loads).toBe(1);
    expect(document.querySelectorAll('link').length).toBe(before);
  });
});

describe('loadStylesheet', () => {
  /** A document whose head loads nothing: the test fires load and error itself. */
  const doc = document.implementation.createHTMLDocument('styles');
  // Its head is a detached element: what is appended there is in no document, so nothing loads.
  Object.defineProperty(doc, 'head', { value: document.createElement('head') });

  it('inserts a stylesheet with its integrity (a changed one is refused) and resolves when it is in', async () => {
    const loaded = loadStylesheet('/assets/screen-x.css', { integrity: 'sha256-abc', doc });
    const link = doc.head.querySelector<HTMLLinkElement>('link[href="/assets/screen-x.css"]')!;
    expect(link.rel).toBe('stylesheet');
    expect(link.integrity).toBe('sha256-abc');
    expect(link.crossOrigin).toBe('anonymous');
    link.dispatchEvent(new Event('load'));
    await loaded;
  });

  it('resolves on an error too (an integrity mismatch): a screen without styles beats no screen', async () => {
    const loaded = loadStylesheet('/assets/screen-y.css', { doc });
    const link = doc.head.querySelector<HTMLLinkElement>('link[href="/assets/screen-y.css"]')!;
    expect(link.getAttribute('integrity')).toBeNull();
    link.dispatchEvent(new Event('error'));
    await loaded;
  });

  it('resolves at once, fetching nothing, for a stylesheet the server put inline', async () => {
    const page = document.implementation.createHTMLDocument('inline');
    const style = page.createElement('style');
    style.dataset.href = '/assets/screen-z.css';
    page.head.appendChild(style);
    await loadStylesheet('/assets/screen-z.css', { doc: page });
    expect(page.querySelector('link')).toBeNull();
  });
});
