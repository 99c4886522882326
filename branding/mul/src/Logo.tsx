import { useT } from '@oja/core';
import { palette } from './theme';

/** MUL's mark: the lettering on a disc, square so it fills the header's 44px slot and scales to the footer's 22px. */
export function Logo() {
  const t = useT();
  return (
    <svg viewBox="0 0 44 44" height="44" role="img" aria-label={t('mul.name')}>
      <circle cx="22" cy="22" r="21" fill={palette.primary} />
      <path d="M9 30.5h26" stroke={palette.onPrimary} strokeWidth="2" strokeLinecap="round" />
      <text
        x="22"
        y="20"
        textAnchor="middle"
        dominantBaseline="central"
        textLength="27"
        lengthAdjust="spacingAndGlyphs"
        fill={palette.onPrimary}
        fontFamily="system-ui, sans-serif"
        fontSize="14"
        fontWeight="800"
      >
        MUL
      </text>
    </svg>
  );
}

/** Loaded only when the page draws the logo itself (the server draws it otherwise). */
export default Logo;
