import { describe, expect, it } from 'vitest';

import { createI18n, missingKeys } from '@oja/core';
import { brandingContract } from '@oja/testing';
import branding, { TERMS_PATH } from './index';
import { palette } from './theme';
import { termsMessages } from './termsMessages';

describe('ZIB branding', () => {
  it('is the ZIB acquirer, allowing only card and transfer (spec core §5)', () => {
    expect(branding.acquirer).toBe('ZIB');
    expect(branding.channels).toEqual({ only: ['CARD', 'TRANSFER'] });
    expect(branding.languageToggle).toBeFalsy();
    expect(branding.className).toMatch(/\S/);
  });

  it('adds the terms of use route, with a footer link whose label exists in both languages', () => {
    expect(branding.routes).toHaveLength(1);
    const [route] = branding.routes!;
    expect(route.path).toBe(TERMS_PATH);
    expect(route.path).toBe('/payment/zib-disclaimer');
    expect(route.linkLabel).toBe('zib.termsLink');
    expect(createI18n('en', [branding.messages]).t(route.linkLabel!)).toBe('Terms of use');
    expect(createI18n('fr', [branding.messages]).t(route.linkLabel!)).toBe("Conditions d'utilisation");
  });

  it('loads the terms screen lazily', async () => {
    const mod = await branding.routes![0].screen();
    expect(typeof mod.default).toBe('function');
  });

  brandingContract(branding, { namespace: 'zib', logoName: 'ZIB', palette });

  it('has the same terms page keys in en and fr, under its own namespace only', () => {
    const { en, fr } = termsMessages;
    expect(missingKeys(en, fr)).toEqual([]);
    expect(missingKeys(fr, en)).toEqual([]);
    expect(Object.keys(en)).toEqual(['zib']);
    expect(Object.keys(fr)).toEqual(['zib']);
  });
});
