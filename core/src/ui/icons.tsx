// biome-ignore-all lint/a11y/noSvgWithoutTitle: every icon is aria-hidden through `base`, a spread the rule cannot see.
import { css } from '@linaria/core';

/** Small inline icons; all decorative (the text beside them says what they mean). */
// Colours come from the branding's tokens through CSS: the page's CSP allows no inline styles.
const success = css`fill: var(--oja-success, #12805c);`;
const warning = css`fill: var(--oja-warning, #a15c00);`;
const danger = css`fill: var(--oja-danger, #b42318);`;

const base = { width: 24, height: 24, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export function TickIcon() {
  return (
    <svg {...base} width={48} height={48}>
      <circle className={success} cx="12" cy="12" r="11" />
      <path d="M7 12.5l3.2 3.2L17 9" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />
    </svg>
  );
}

export function WarningIcon() {
  return (
    <svg {...base} width={48} height={48}>
      <circle className={warning} cx="12" cy="12" r="11" />
      <path d="M12 6.5v7M12 16.8v.2" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

export function CrossIcon() {
  return (
    <svg {...base} width={48} height={48}>
      <circle className={danger} cx="12" cy="12" r="11" />
      <path d="M8.5 8.5l7 7M15.5 8.5l-7 7" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

export function ChevronIcon() {
  return (
    <svg {...base} width={18} height={18}>
      <path d="M9 6l6 6-6 6" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
    </svg>
  );
}

export function CloseIcon() {
  return (
    <svg {...base} width={20} height={20}>
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
