import { css } from '@linaria/core';
import { paletteTokens } from '@oja/core/tokens';
import type { BrandPalette } from '@oja/core/tokens';

/**
 * HALO's colours: a deep indigo. Contrast: on-primary on primary 10.2:1, primary-text on white 10.2:1,
 * text on the page 15.2:1, muted on the header 6.4:1. The logo draws with them too.
 */
export const palette: BrandPalette = {
  primary: '#4527a0',
  onPrimary: '#ffffff',
  primaryText: '#4527a0',
  pageBg: '#f1effa',
  surface: '#ffffff',
  text: '#1c1636',
  muted: '#5c5679',
  border: '#dad5ee',
  headerBg: '#f7f5fd',
  danger: '#b42318',
  success: '#067647',
  warning: '#8a5300',
  focus: '#7c4dff',
  amount: '#2e1a73',
  radius: '14px',
  radiusButton: '10px',
  font: "'Avenir Next', 'Segoe UI', system-ui, -apple-system, sans-serif",
};

/** HALO's design tokens, as the CSS custom properties core's styles read. */
export const theme = css`
  ${paletteTokens(palette)}
`;
