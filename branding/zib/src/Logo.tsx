import { useT } from '@oja/core';
import { palette } from './theme';

/** ZIB's mark: the lettering on a shield, square so it fills the header's 44px slot and scales to the footer's 22px. */
export function Logo() {
  const t = useT();
  return (
    <svg viewBox="0 0 44 44" height="44" role="img" aria-label={t('zib.name')}>
      <path d="M22 2 40 8v13c0 11-8 18.5-18 21C12 39.5 4 32 4 21V8Z" fill={palette.primary} />
      <text
        x="22"
        y="21"
        textAnchor="middle"
        dominantBaseline="central"
        textLength="26"
        lengthAdjust="spacingAndGlyphs"
        fill={palette.onPrimary}
        fontFamily="system-ui, sans-serif"
        fontSize="15"
        fontWeight="800"
      >
        ZIB
      </text>
    </svg>
  );
}

/** Loaded only when the page draws the logo itself (the server draws it otherwise). */
export default Logo;
