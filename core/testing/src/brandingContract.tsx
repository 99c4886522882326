import { expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { BrandingPlugin } from '@oja/core';
import { createI18n, I18nContext } from '@oja/core';
import { missingKeys } from '@oja/core';
import { contrastRatio } from '@oja/core/tokens';
import type { BrandPalette } from '@oja/core/tokens';
import { Drawn } from '@oja/core/shell';

/** Least contrast of a logo's marks with what surrounds them (WCAG 2 non-text contrast, 1.4.11), ratio. */
const MIN_GRAPHIC_CONTRAST = 3;

/**
 * What every branding promises: its strings in en and fr under its own namespace, and a named logo 44 units tall.
 * Given the branding's palette, also that the logo draws in its primary (on the page, the header or a card) and
 * on-primary (on the primary) colours, each mark 3:1 against what it sits on.
 */
export function brandingContract(branding: BrandingPlugin, o: { namespace: string; logoName: string; palette?: BrandPalette }): void {
  it('has the same message keys in en and fr, under its own namespace only', () => {
    const { en, fr } = branding.messages;
    expect(missingKeys(en, fr)).toEqual([]);
    expect(missingKeys(fr, en)).toEqual([]);
    expect(Object.keys(en)).toEqual([o.namespace]);
    expect(Object.keys(fr)).toEqual([o.namespace]);
  });

  /** The branding's logo, found by its name. A logo the server draws loads here, as in a story: nothing drew it before. */
  async function drawLogo(): Promise<HTMLElement> {
    render(
      <I18nContext.Provider value={createI18n('en', [branding.messages])}>
        <Drawn picture={branding.Logo} slot="logo" />
      </I18nContext.Provider>,
    );
    return screen.findByRole('img', { name: o.logoName });
  }

  it('draws a logo named after the acquirer', async () => {
    const logo = await drawLogo();
    // 44 units tall, as the header's slot, and as wide as its wordmark needs.
    expect(logo.getAttribute('viewBox')).toMatch(/^0 0 \d+ 44$/);
    expect(logo.getAttribute('height')).toBe('44');
    expect(logo.getAttribute('width')).toBe(logo.getAttribute('viewBox')!.split(' ')[2]);
  });

  const palette = o.palette;
  if (!palette) return;
  it("draws its logo in the palette's primary and on-primary colours, each with 3:1 against what it sits on", async () => {
    const logo = await drawLogo();
    const paints = [...logo.querySelectorAll('*')].flatMap((el) => ['fill', 'stroke'].map((a) => el.getAttribute(a)));
    const colours = new Set(paints.filter((c): c is string => !!c && c !== 'none').map((c) => c.toLowerCase()));
    const { primary, onPrimary, pageBg, surface, headerBg } = palette;
    expect([...colours].sort()).toEqual([primary, onPrimary].map((c) => c.toLowerCase()).sort());
    // The symbol's tile and the wordmark sit on the page, the header or a card; the symbol's details on the tile.
    for (const ground of [pageBg, surface, headerBg])
      expect(contrastRatio(primary, ground), `${primary} on ${ground}`).toBeGreaterThanOrEqual(MIN_GRAPHIC_CONTRAST);
    expect(contrastRatio(onPrimary, primary)).toBeGreaterThanOrEqual(MIN_GRAPHIC_CONTRAST);
  });
}
