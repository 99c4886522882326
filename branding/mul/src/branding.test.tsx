import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createI18n, I18nContext, missingKeys } from '@oja/core';
import { CheckoutHarness, plainBranding, testCheckout } from '@oja/core/testing';
import branding from './index';


describe('MUL branding', () => {
  it('is the MUL acquirer, with the language toggle and no channel policy', () => {
    expect(branding.acquirer).toBe('MUL');
    expect(branding.languageToggle).toBe(true);
    expect(branding.channels).toBeUndefined();
    expect(branding.routes).toBeUndefined();
    expect(branding.className).toMatch(/\S/);
  });

  it('has the same message keys in en and fr, under its own namespace only', () => {
    const { en, fr } = branding.messages;
    expect(missingKeys(en, fr)).toEqual([]);
    expect(missingKeys(fr, en)).toEqual([]);
    expect(Object.keys(en)).toEqual(['mul']);
    expect(Object.keys(fr)).toEqual(['mul']);
  });

  it('draws a logo named after the acquirer', () => {
    render(
      <I18nContext.Provider value={createI18n('en', [branding.messages])}>
        <branding.Logo />
      </I18nContext.Provider>,
    );
    expect(screen.getByRole('img', { name: 'MUL' }).getAttribute('viewBox')).toBe('0 0 44 44');
  });

  it('switches the page to French from the footer toggle', async () => {
    const checkout = testCheckout({ brandings: [branding, plainBranding], props: { acquiredBy: 'MUL' } });
    render(<CheckoutHarness checkout={checkout} />);
    const toggle = within(screen.getByRole('navigation', { name: 'Language' }));
    fireEvent.click(toggle.getByRole('link', { name: 'FR' }));
    expect(await screen.findByRole('navigation', { name: 'Langue' })).toBeTruthy();
    expect(checkout.state.locale).toBe('fr');
  });
});
