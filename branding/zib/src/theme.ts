import { css } from '@linaria/core';
import { paletteTokens } from '@oja/core/tokens';
import type { BrandPalette } from '@oja/core/tokens';

/**
 * ZIB's colours: a deep maroon. Contrast: on-primary on primary 9.9:1, primary-text on white 9.0:1,
 * text on the page 15.3:1, muted on the header 6.6:1. The logo draws with them too.
 */
export const palette: BrandPalette = {
  primary: '#7f1d2d',
  onPrimary: '#ffffff',
  primaryText: '#8c1d31',
  pageBg: '#f6eff0',
  surface: '#ffffff',
  text: '#2b1317',
  muted: '#6a5357',
  border: '#e5d4d7',
  headerBg: '#fbf6f7',
  danger: '#b3261e',
  success: '#05603a',
  warning: '#8a4b00',
  focus: '#b8324a',
  amount: '#7f1d2d',
  radius: '6px',
  radiusButton: '4px',
  font: "'Segoe UI', Roboto, system-ui, -apple-system, sans-serif",
};

/** ZIB's design tokens, as the CSS custom properties core's styles read. */
export const theme = css`
  ${paletteTokens(palette)}
`;
