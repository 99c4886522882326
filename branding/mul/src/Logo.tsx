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
      <text x="51" y="31" textLength="53" fill={palette.primary} fontFamily="system-ui, sans-serif" fontSize="23" fontWeight="800">
        MUL
      </text>
    </svg>
  );
}

/** Loaded only when the page draws the logo itself (the server draws it otherwise). */
export default Logo;
