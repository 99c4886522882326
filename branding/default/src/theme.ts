import { css } from '@linaria/core';
import { paletteTokens } from '@oja/core/tokens';
import type { BrandPalette } from '@oja/core/tokens';

/**
 * The default colours: a neutral blue. Contrast: on-primary on primary 7.1:1, primary-text on white 7.1:1,
 * text on the page 14.4:1, muted on the header 5.8:1. The logo draws with them too.
 */
export const palette: BrandPalette = {
  primary: '#0a58a8',
  onPrimary: '#ffffff',
  primaryText: '#0a58a8',
  pageBg: '#eef2f7',
  surface: '#ffffff',
  text: '#18212f',
  muted: '#56627a',
  border: '#d3dae5',
  headerBg: '#f5f8fc',
  danger: '#b42318',
  success: '#067647',
  warning: '#8a5300',
  focus: '#1f6feb',
  amount: '#0d2a4a',
  radius: '12px',
  radiusButton: '8px',
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
};

/** The default design tokens, as the CSS custom properties core's styles read. */
export const theme = css`
  ${paletteTokens(palette)}
`;
