import { useT } from '@oja/core';
import { palette } from './theme';

/**
 * Oja's logotype: a market stall (an awning over a counter, "ọjà" is Yoruba for market) on a rounded tile, then
 * the wordmark. 44 units tall, as the header's slot; the footer draws it at half that.
 */
export function Logo() {
  const t = useT();
  return (
    <svg viewBox="0 0 94 44" width="94" height="44" role="img" aria-label={t('brandingDefault.name')}>
      <rect width="44" height="44" rx="10" fill={palette.primary} />
      <path d="M9 13.5 12 9h20l3 4.5v2.5a4.33 4.33 0 0 1-8.67 0 4.33 4.33 0 0 1-8.66 0A4.33 4.33 0 0 1 9 16Z" fill={palette.onPrimary} />
      <path d="M13 24v10h18V24" fill="none" stroke={palette.onPrimary} strokeWidth="3" strokeLinejoin="round" />
      {/* The wordmark drawn, not set in a font: the same letters on every phone, and no font lookup before the first paint. */}
      <g fill="none" stroke={palette.primary} strokeWidth="4.6">
        <circle cx="59.5" cy="23.25" r="5.45" />
        <path d="M72 15.5V34a4.5 4.5 0 0 1-4.5 4.5H66" />
        <circle cx="84.4" cy="23.25" r="5.45" />
        <path d="M89.85 15.5V31" />
      </g>
      <circle cx="72" cy="9.6" r="2.7" fill={palette.primary} />
    </svg>
  );
}

/** Loaded only when the page draws the logo itself (the server draws it otherwise). */
export default Logo;
