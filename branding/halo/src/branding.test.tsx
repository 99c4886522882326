import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createI18n, I18nContext, missingKeys } from '@oja/core';
import branding from './index';


describe('HALO branding', () => {
  it('is the HALO acquirer, forcing card, transfer, wallet, QR, USSD, credit and Google Pay on (spec core §5)', () => {
    expect(branding.acquirer).toBe('HALO');
    expect(branding.channels).toEqual({ force: ['CARD', 'TRANSFER', 'WALLET', 'QR', 'USSD', 'CREDIT', 'GOOGLE_PAY'] });
    expect(branding.languageToggle).toBeFalsy();
    expect(branding.routes).toBeUndefined();
    expect(branding.className).toMatch(/\S/);
  });

  it('has the same message keys in en and fr, under its own namespace only', () => {
    const { en, fr } = branding.messages;
    expect(missingKeys(en, fr)).toEqual([]);
    expect(missingKeys(fr, en)).toEqual([]);
    expect(Object.keys(en)).toEqual(['halo']);
    expect(Object.keys(fr)).toEqual(['halo']);
  });

  it('draws a logo named after the acquirer', () => {
    render(
      <I18nContext.Provider value={createI18n('en', [branding.messages])}>
        <branding.Logo />
      </I18nContext.Provider>,
    );
    expect(screen.getByRole('img', { name: 'HALO' }).getAttribute('viewBox')).toBe('0 0 44 44');
  });
});
