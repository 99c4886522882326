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
      {/* The wordmark drawn, not set in a font: the same letters on every phone, and no font lookup before the first paint. */}
      <path
        d="M51 14.5h4.4v6.2h4.2v-6.2H64V31h-4.4v-6.1h-4.2V31H51ZM68.5 31l5.1-16.5h4.8L83.5 31H79l-1.1-3.8h-3.8L73 31Zm6.6-7.4h1.8l-.9-3.3ZM88 14.5h4.4v12.4H99V31H88Z"
        fill={palette.primary}
        fillRule="evenodd"
      />
      <circle cx="111.75" cy="22.75" r="6.05" fill="none" stroke={palette.primary} strokeWidth="4.4" />
    </svg>
  );
}

/** Loaded only when the page draws the logo itself (the server draws it otherwise). */
export default Logo;
