import { useT } from '@oja/core';
import { palette } from './theme';

/** HALO's mark: the lettering in a ringed disc, square so it fills the header's 44px slot and scales to the footer's 22px. */
export function Logo() {
  const t = useT();
  return (
    <svg viewBox="0 0 44 44" height="44" role="img" aria-label={t('halo.name')}>
      <circle cx="22" cy="22" r="20.5" fill="none" stroke={palette.primary} strokeWidth="2" />
      <circle cx="22" cy="22" r="17" fill={palette.primary} />
      <text
        x="22"
        y="22.5"
        textAnchor="middle"
        dominantBaseline="central"
        textLength="28"
        lengthAdjust="spacingAndGlyphs"
        fill={palette.onPrimary}
        fontFamily="system-ui, sans-serif"
        fontSize="11.5"
        fontWeight="800"
      >
        HALO
      </text>
    </svg>
  );
}

/** Loaded only when the page draws the logo itself (the server draws it otherwise). */
export default Logo;
