import { expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { BrandingPlugin } from '../plugin';
import { createI18n, I18nContext } from '../i18n';
import { missingKeys } from '../validation';
import { Drawn } from '../ui/Drawn';

/** What every branding promises: its strings in en and fr under its own namespace, and a named logo. */
export function brandingContract(branding: BrandingPlugin, o: { namespace: string; logoName: string }): void {
  it('has the same message keys in en and fr, under its own namespace only', () => {
    const { en, fr } = branding.messages;
    expect(missingKeys(en, fr)).toEqual([]);
    expect(missingKeys(fr, en)).toEqual([]);
    expect(Object.keys(en)).toEqual([o.namespace]);
    expect(Object.keys(fr)).toEqual([o.namespace]);
  });

  it('draws a logo named after the acquirer', async () => {
    render(
      <I18nContext.Provider value={createI18n('en', [branding.messages])}>
        <Drawn picture={branding.Logo} slot="logo" />
      </I18nContext.Provider>,
    );
    // A logo the server draws loads here, as in a story: nothing drew it before.
    expect((await screen.findByRole('img', { name: o.logoName })).getAttribute('viewBox')).toBe('0 0 44 44');
  });
}
