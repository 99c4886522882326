import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { bootCheckout } from '@oja/core';
import { renderPageScreen } from './renderOutside';
import { fixturePage, plainBranding } from '@oja/testing';

const assets = { js: '/assets/main.js', css: [], screens: {} };
const data = { ref: 'REF-0001', email: 'ada@example.com', amount: 250_000 };

/** Puts the server's page in this document, as the browser receives it (its body: the root and the data). */
async function serve(locale: 'en' | 'fr' = 'en') {
  const html = await renderPageScreen({ page: fixturePage, locale, path: '/refpay-done', data, title: 'refpay.done.title', assets });
  document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
}

afterEach(() => {
  document.body.innerHTML = '';
  delete document.documentElement.dataset.hydrated;
});

describe("a page's screen (PagePlugin.screen), hydrated by core's boot", () => {
  it("takes over the server's HTML without a mismatch, and then answers the payer", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await serve();
    const served = document.getElementById('oja-root')!.innerHTML;
    await act(() => bootCheckout({ channels: [], brandings: [plainBranding], pages: [fixturePage] }));
    expect(document.documentElement.dataset.hydrated).toBe('true');
    expect(document.getElementById('oja-root')!.innerHTML).toBe(served);
    expect(error).not.toHaveBeenCalled();
    // Only a hydrated button does anything.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Show the receipt details' }));
    });
    expect(screen.getByTestId('refpay-details').textContent).toBe('A receipt goes to ada@example.com.');
  });

  it('speaks the language the server rendered, with the strings the page carried', async () => {
    await serve('fr');
    await act(() => bootCheckout({ channels: [], brandings: [plainBranding], pages: [fixturePage] }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Afficher le détail du reçu' }));
    });
    expect(screen.getByTestId('refpay-details').textContent).toBe('Un reçu est envoyé à ada@example.com.');
  });

  it('leaves a page whose plugin this build does not have as the server rendered it', async () => {
    await serve();
    const served = document.getElementById('oja-root')!.innerHTML;
    await act(() => bootCheckout({ channels: [], brandings: [plainBranding] }));
    expect(document.documentElement.dataset.hydrated).toBeUndefined();
    expect(document.getElementById('oja-root')!.innerHTML).toBe(served);
  });
});
