import { useT } from '@oja/core';
import { palette } from './theme';

/**
 * HALO's logotype: a ring floating over a dot on a disc (a halo), then the wordmark in spaced capitals. 44 units
 * tall, as the header's slot; the footer draws it at half that.
 */
export function Logo() {
  const t = useT();
  return (
    <svg viewBox="0 0 122 44" width="122" height="44" role="img" aria-label={t('halo.name')}>
      <circle cx="22" cy="22" r="21" fill={palette.primary} />
      <ellipse cx="22" cy="15" rx="11" ry="4.5" fill="none" stroke={palette.onPrimary} strokeWidth="3" />
      <circle cx="22" cy="28.5" r="6.5" fill={palette.onPrimary} />
      <text x="51" y="31" textLength="69" fill={palette.primary} fontFamily="system-ui, sans-serif" fontSize="23" fontWeight="800">
        HALO
      </text>
    </svg>
  );
}

/** Loaded only when the page draws the logo itself (the server draws it otherwise). */
export default Logo;
