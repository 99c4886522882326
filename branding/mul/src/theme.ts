import { css } from '@linaria/core';
import { paletteTokens } from '@oja/core/tokens';
import type { BrandPalette } from '@oja/core/tokens';

/**
 * MUL's colours: a deep teal. Contrast: on-primary on primary 6.6:1, primary-text on white 6.6:1,
 * text on the page 13.1:1, muted on the header 5.9:1. The logo draws with them too.
 */
export const palette: BrandPalette = {
  primary: '#00695c',
  onPrimary: '#ffffff',
  primaryText: '#00695c',
  pageBg: '#ecf5f3',
  surface: '#ffffff',
  text: '#0f2e2a',
  muted: '#4a6661',
  border: '#cde2dd',
  headerBg: '#f2f9f7',
  danger: '#b42318',
  success: '#05603a',
  warning: '#854d0e',
  focus: '#00897b',
  amount: '#004d43',
  radius: '16px',
  radiusButton: '23px',
  font: "'Trebuchet MS', 'Segoe UI', system-ui, -apple-system, sans-serif",
};

/** MUL's design tokens, as the CSS custom properties core's styles read. */
export const theme = css`
  ${paletteTokens(palette)}
`;
