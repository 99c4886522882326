/** A branding's colours and shapes; every field becomes the --oja-* custom property core's styles read. */
export interface BrandPalette {
  primary: string;
  onPrimary: string;
  primaryText: string;
  pageBg: string;
  surface: string;
  text: string;
  muted: string;
  border: string;
  headerBg: string;
  danger: string;
  success: string;
  warning: string;
  focus: string;
  amount: string;
  radius: string;
  radiusButton: string;
  font: string;
}

const PROPERTY: Record<keyof BrandPalette, string> = {
  primary: '--oja-primary',
  onPrimary: '--oja-on-primary',
  primaryText: '--oja-primary-text',
  pageBg: '--oja-page-bg',
  surface: '--oja-surface',
  text: '--oja-text',
  muted: '--oja-muted',
  border: '--oja-border',
  headerBg: '--oja-header-bg',
  danger: '--oja-danger',
  success: '--oja-success',
  warning: '--oja-warning',
  focus: '--oja-focus',
  amount: '--oja-amount',
  radius: '--oja-radius',
  radiusButton: '--oja-radius-button',
  font: '--oja-font',
};

/**
 * The CSS declarations of a palette, for a branding's linaria class: css`${paletteTokens(palette)}`
 * (evaluated at build time). Kept in its own small module so that evaluation stays cheap.
 */
export function paletteTokens(p: BrandPalette): string {
  return (Object.keys(PROPERTY) as Array<keyof BrandPalette>).map((k) => `${PROPERTY[k]}: ${p[k]};`).join('\n');
}

/** WCAG 2 relative luminance of a `#rrggbb` colour (0 to 1). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21), either order. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
