import { css } from '@linaria/core';

/**
 * HALO's colours: a deep indigo. Contrast: on-primary on primary 10.2:1, primary-text on white 10.2:1,
 * text on the page 15.2:1, muted on the header 6.4:1. The logo draws with them too.
 */
export const palette = {
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
} as const;

/** HALO's design tokens, as the CSS custom properties core's styles read. */
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
  --oja-radius: 14px;
  --oja-radius-button: 10px;
  --oja-font: 'Avenir Next', 'Segoe UI', system-ui, -apple-system, sans-serif;
  --oja-amount: ${palette.amount};
`;
