import { describe, expect, it } from 'vitest';
import { contrastRatio, paletteTokens } from './tokens';
import type { BrandPalette } from './tokens';

describe('contrastRatio (WCAG 2)', () => {
  it('is 21 for black on white and 1 for a colour on itself, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0a58a8', '#0a58a8')).toBe(1);
  });

  it('matches known pairs: #767676 on white just passes 4.5:1, #949494 on white 3:1', () => {
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#949494', '#ffffff')).toBeCloseTo(3.03, 2);
  });
});

describe('paletteTokens', () => {
  it('writes every field as its --oja-* custom property', () => {
    const css = paletteTokens({ primary: '#0a58a8', radius: '12px' } as BrandPalette);
    expect(css).toContain('--oja-primary: #0a58a8;');
    expect(css).toContain('--oja-radius: 12px;');
  });
});
