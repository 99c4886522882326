// biome-ignore-all lint/a11y/noSvgWithoutTitle: every mark is aria-hidden through ResultMark.
import { css } from '@linaria/core';
import { ResultMark } from './icons';

/** The marks only the result screen draws (a lazy part), kept off the initial route. */
const warning = css`color: var(--oja-warning, #a15c00);`;
const neutral = css`color: var(--oja-muted, #5b6577);`;

/** In progress: the spec's warning (core §2), an exclamation mark. */
export function WarningIcon() {
  return (
    <ResultMark tone={warning}>
      <path d="M12 7v6.2" strokeWidth="2.2" />
      <path d="M12 16.6v.2" strokeWidth="2.4" />
    </ResultMark>
  );
}

/** Expired: an hourglass. */
export function ExpiredIcon() {
  return (
    <ResultMark tone={warning}>
      <path d="M8.5 6.5h7M8.5 17.5h7M9.2 6.5c0 3 5.6 3.2 5.6 5.5s-5.6 2.5-5.6 5.5M14.8 6.5c0 3-5.6 3.2-5.6 5.5s5.6 2.5 5.6 5.5" />
    </ResultMark>
  );
}

/** Cancelled by the payer: a calm grey "no entry", not an alarm. */
export function CancelledIcon() {
  return (
    <ResultMark tone={neutral}>
      <circle cx="12" cy="12" r="5.8" />
      <path d="M7.9 16.1l8.2-8.2" />
    </ResultMark>
  );
}
