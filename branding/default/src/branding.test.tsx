import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createI18n, I18nContext, missingKeys } from '@oja/core';
import branding from './index';


describe('default branding', () => {
  it('is the branding of payments with no acquirer, with no channel policy and no toggle', () => {
    expect(branding.acquirer).toBe('');
    expect(branding.channels).toBeUndefined();
    expect(branding.routes).toBeUndefined();
    expect(branding.languageToggle).toBeFalsy();
    expect(branding.className).toMatch(/\S/);
  });

  it('has the same message keys in en and fr, under its own namespace only', () => {
    const { en, fr } = branding.messages;
    expect(missingKeys(en, fr)).toEqual([]);
    expect(missingKeys(fr, en)).toEqual([]);
    expect(Object.keys(en)).toEqual(['brandingDefault']);
    expect(Object.keys(fr)).toEqual(['brandingDefault']);
  });

  it('draws a logo named after the brand', () => {
    render(
      <I18nContext.Provider value={createI18n('en', [branding.messages])}>
        <branding.Logo />
      </I18nContext.Provider>,
    );
    expect(screen.getByRole('img', { name: 'Oja' }).getAttribute('viewBox')).toBe('0 0 44 44');
  });
});
