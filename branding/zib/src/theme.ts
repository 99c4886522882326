import { css } from '@linaria/core';

/**
 * ZIB's colours: a deep maroon. Contrast: on-primary on primary 9.9:1, primary-text on white 9.0:1,
 * text on the page 15.3:1, muted on the header 6.6:1. The logo draws with them too.
 */
export const palette = {
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
} as const;

/** ZIB's design tokens, as the CSS custom properties core's styles read. */
export const theme = css`
  --oja-primary: ${palette.primary};
  --oja-on-primary: ${palette.onPrimary};
  --oja-primary-text: ${palette.primaryText};
  --oja-page-bg: ${palette.pageBg};
  --oja-surface: ${palette.surface};
  --oja-text: ${palette.text};
  --oja-muted: ${palette.muted};
  --oja-border: ${palette.border};
  --oja-header-bg: ${palette.headerBg};
  --oja-danger: ${palette.danger};
  --oja-success: ${palette.success};
  --oja-warning: ${palette.warning};
  --oja-focus: ${palette.focus};
  --oja-radius: 6px;
  --oja-radius-button: 4px;
  --oja-font: 'Segoe UI', Roboto, system-ui, -apple-system, sans-serif;
  --oja-amount: ${palette.amount};
`;
