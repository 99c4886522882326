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
      {/* The wordmark drawn, not set in a font: the same letters on every phone, and no font lookup before the first paint. */}
      <path d="M47 14.5h15v4.1l-9.4 8.3H62V31H47v-4.1l9.4-8.3H47ZM67 14.5h4.4V31H67Z" fill={palette.primary} />
      <path
        d="M78.6 14.5V31m0-14.3h5.9a3.1 3.1 0 0 1 0 6.2h-5.9m0 0h6.8a2.95 2.95 0 0 1 0 5.9h-6.8"
        fill="none"
        stroke={palette.primary}
        strokeWidth="4.4"
      />
    </svg>
  );
}

/** Loaded only when the page draws the logo itself (the server draws it otherwise). */
export default Logo;
