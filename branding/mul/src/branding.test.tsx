import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';

import { CheckoutHarness, plainBranding, testCheckout } from '@oja/testing';
import { brandingContract } from '@oja/testing';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '@oja/core';
import branding from './index';
import { palette } from './theme';

describe('MUL branding', () => {
  it('is the MUL acquirer, with the language toggle and no channel policy', () => {
    expect(branding.acquirer).toBe('MUL');
    expect(branding.languageToggle).toBe(true);
    expect(branding.channels).toBeUndefined();
    expect(branding.routes).toBeUndefined();
    expect(branding.className).toMatch(/\S/);
  });

  brandingContract(branding, { namespace: 'mul', logoName: 'MUL', palette });

  it('switches the page to French from the footer toggle', async () => {
    const checkout = testCheckout({ brandings: [branding, plainBranding], props: { acquiredBy: 'MUL' } });
    render(<CheckoutHarness checkout={checkout} />);
    const toggle = within(screen.getByRole('navigation', { name: 'Language' }));
    fireEvent.click(toggle.getByRole('link', { name: 'FR' }));
    expect(await screen.findByRole('navigation', { name: 'Langue' })).toBeTruthy();
    expect(checkout.state.locale).toBe('fr');
  });

  it('keeps the chosen language in the URL, so a reload speaks it too', async () => {
    const checkout = testCheckout({ brandings: [branding, plainBranding], props: { acquiredBy: 'MUL' } });
    const location = memoryLocation({ path: '/payment-methods?p=test-session', record: true });
    render(<App checkout={checkout} locationHook={location.hook} searchHook={location.searchHook} />);
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Language' })).getByRole('link', { name: 'FR' }));
    await screen.findByRole('navigation', { name: 'Langue' });
    expect(location.history.at(-1)).toBe('/payment-methods?p=test-session&lang=fr');
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Langue' })).getByRole('link', { name: 'EN' }));
    await screen.findByRole('navigation', { name: 'Language' });
    expect(location.history.at(-1)).toBe('/payment-methods?p=test-session');
  });
});
