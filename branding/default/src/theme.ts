import { css } from '@linaria/core';

/**
 * The default colours: a neutral blue. Contrast: on-primary on primary 7.1:1, primary-text on white 7.1:1,
 * text on the page 14.4:1, muted on the header 5.8:1. The logo draws with them too.
 */
export const palette = {
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
} as const;

/** The default design tokens, as the CSS custom properties core's styles read. */
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
  --oja-radius: 12px;
  --oja-radius-button: 8px;
  --oja-font: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  --oja-amount: ${palette.amount};
`;
