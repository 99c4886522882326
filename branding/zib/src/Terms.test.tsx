import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { CheckoutHarness, plainBranding, testCheckout } from '@oja/testing';
import type { PageEnv } from '@oja/core';
import zib from './index';

// The page is a lazy module: have it compiled and loaded before the tests time their waits.
beforeAll(async () => {
  await import('./Terms');
}, 60_000);

function renderAt(path: string, env: Partial<PageEnv> = {}, acquiredBy = 'ZIB') {
  const checkout = testCheckout({ brandings: [zib, plainBranding], props: { acquiredBy }, env });
  render(<CheckoutHarness checkout={checkout} path={path} />);
  return checkout;
}

describe('ZIB terms of use page', () => {
  it('shows the heading, the back link and one titled section per point, in English', async () => {
    renderAt('/payment/zib-disclaimer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to payment methods' })).toBeTruthy();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toHaveLength(8);
    expect(sections).toContain('Governing law');
    // A missing message would show its key.
    expect(document.body.textContent).not.toMatch(/zib\./);
  });

  it('shows the heading and the back link in French', async () => {
    renderAt('/payment/zib-disclaimer', { locale: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: "Conditions d'utilisation" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour aux moyens de paiement' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(8);
    expect(document.body.textContent).not.toMatch(/zib\./);
  });

  it('goes back to the method list from the back link', async () => {
    renderAt('/payment/zib-disclaimer');
    fireEvent.click(await screen.findByRole('link', { name: 'Back to payment methods' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a payment method' })).toBeTruthy();
  });
});

describe('ZIB footer', () => {
  it('links to the terms of use page', () => {
    renderAt('/payment-methods');
    const footer = within(screen.getByRole('contentinfo'));
    const link = footer.getByRole('link', { name: 'Terms of use' });
    expect(link.getAttribute('href')).toBe('/payment/zib-disclaimer?p=test-session');
    expect(footer.getByRole('img', { name: 'ZIB' })).toBeTruthy();
  });

  it('has no terms link for another acquirer', () => {
    renderAt('/payment-methods', {}, '');
    expect(screen.queryByRole('link', { name: 'Terms of use' })).toBeNull();
  });
});
