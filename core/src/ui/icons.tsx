// biome-ignore-all lint/a11y/noSvgWithoutTitle: every icon is aria-hidden through `base`, a spread the rule cannot see.
import { css } from '@linaria/core';

/** Small inline icons; all decorative (the text beside them says what they mean). */
// Colours come from the branding's tokens through CSS: the page's CSP allows no inline styles.
// A result's mark: a soft disc of its colour with the glyph drawn in it, at 56 px (the screen's one picture).
const success = css`color: var(--oja-success, #12805c);`;
const danger = css`color: var(--oja-danger, #b42318);`;
const disc = css`fill: currentColor; fill-opacity: 0.12;`;
const ring = css`fill: none; stroke: currentColor; stroke-opacity: 0.35; stroke-width: 1;`;

const base = { width: 24, height: 24, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export function ResultMark({ tone, children }: { tone: string; children: React.ReactNode }) {
  return (
    <svg {...base} width={56} height={56} className={tone}>
      <circle className={disc} cx="12" cy="12" r="11.5" />
      <circle className={ring} cx="12" cy="12" r="11" />
      <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        {children}
      </g>
    </svg>
  );
}

export function TickIcon() {
  return (
    <ResultMark tone={success}>
      <path d="M7.5 12.4l3 3L16.6 9" />
    </ResultMark>
  );
}

export function CrossIcon() {
  return (
    <ResultMark tone={danger}>
      <path d="M8.8 8.8l6.4 6.4M15.2 8.8l-6.4 6.4" />
    </ResultMark>
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
