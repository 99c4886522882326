import { useT } from '@oja/core';
import { palette } from './theme';

/**
 * MUL's logotype: a disc bearing an M drawn as one stroke (two peaks), then the wordmark. 44 units
 * tall, as the header's slot; the footer draws it at half that.
 */
export function Logo() {
  const t = useT();
  return (
    <svg viewBox="0 0 106 44" width="106" height="44" role="img" aria-label={t('mul.name')}>
      <circle cx="22" cy="22" r="21" fill={palette.primary} />
      <path d="M11.5 31V13l10.5 11 10.5-11v18" fill="none" stroke={palette.onPrimary} strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      {/* The wordmark drawn, not set in a font: the same letters on every phone, and no font lookup before the first paint. */}
      <path d="M51 31V14.5h4.6l3.9 8 3.9-8H68V31h-4.4v-8.2l-3 5.7h-2.2l-3-5.7V31ZM92 14.5h4.4v12.4H103V31H92Z" fill={palette.primary} />
      <path d="M75.2 14.5v10a4.8 4.8 0 0 0 9.6 0v-10" fill="none" stroke={palette.primary} strokeWidth="4.4" />
    </svg>
  );
}

/** Loaded only when the page draws the logo itself (the server draws it otherwise). */
export default Logo;
