import { useT } from '@oja/core';
import { palette } from './theme';

/** The Oja wordmark on a rounded square: square, so it fills the header's 44px slot and scales to the footer's 22px. */
export function Logo() {
  const t = useT();
  return (
    <svg viewBox="0 0 44 44" height="44" role="img" aria-label={t('brandingDefault.name')}>
      <rect width="44" height="44" rx="10" fill={palette.primary} />
      <text
        x="22"
        y="23"
        textAnchor="middle"
        dominantBaseline="central"
        textLength="32"
        lengthAdjust="spacingAndGlyphs"
        fill={palette.onPrimary}
        fontFamily="system-ui, sans-serif"
        fontSize="18"
        fontWeight="700"
      >
        Oja
      </text>
    </svg>
  );
}

/** Loaded only when the page draws the logo itself (the server draws it otherwise). */
export default Logo;
