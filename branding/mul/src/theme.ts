import { css } from '@linaria/core';

/**
 * MUL's colours: a deep teal. Contrast: on-primary on primary 6.6:1, primary-text on white 6.6:1,
 * text on the page 13.1:1, muted on the header 5.9:1. The logo draws with them too.
 */
export const palette = {
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
} as const;

/** MUL's design tokens, as the CSS custom properties core's styles read. */
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
  --oja-radius: 16px;
  --oja-radius-button: 23px;
  --oja-font: 'Trebuchet MS', 'Segoe UI', system-ui, -apple-system, sans-serif;
  --oja-amount: ${palette.amount};
`;
