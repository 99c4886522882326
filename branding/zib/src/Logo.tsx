import { useT } from '@oja/core';
import { palette } from './theme';

/**
 * ZIB's logotype: a shield bearing a drawn Z, then the wordmark in spaced capitals. 44 units tall, as the
 * header's slot; the footer draws it at half that.
 */
export function Logo() {
  const t = useT();
  return (
    <svg viewBox="0 0 95 44" width="95" height="44" role="img" aria-label={t('zib.name')}>
      <path d="M20 1.5 38 7.5v13c0 11-7.5 18.5-18 22C9.5 39 2 31.5 2 20.5v-13Z" fill={palette.primary} />
      <path d="M12 13h16L12 29h16" fill="none" stroke={palette.onPrimary} strokeWidth="4" strokeLinejoin="round" />
      <text x="46" y="31" textLength="47" fill={palette.primary} fontFamily="system-ui, sans-serif" fontSize="23" fontWeight="800">
        ZIB
      </text>
    </svg>
  );
}

/** Loaded only when the page draws the logo itself (the server draws it otherwise). */
export default Logo;
