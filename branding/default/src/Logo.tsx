import { useT } from '@oja/core';
import { palette } from './theme';

/**
 * Oja's logotype: a market stall (an awning over a counter, "ọjà" is Yoruba for market) on a rounded tile, then
 * the wordmark. 44 units tall, as the header's slot; the footer draws it at half that.
 */
export function Logo() {
  const t = useT();
  return (
    <svg viewBox="0 0 94 44" width="94" height="44" role="img" aria-label={t('brandingDefault.name')}>
      <rect width="44" height="44" rx="10" fill={palette.primary} />
      <path d="M9 13.5 12 9h20l3 4.5v2.5a4.33 4.33 0 0 1-8.67 0 4.33 4.33 0 0 1-8.66 0A4.33 4.33 0 0 1 9 16Z" fill={palette.onPrimary} />
      <path d="M13 24v10h18V24" fill="none" stroke={palette.onPrimary} strokeWidth="3" strokeLinejoin="round" />
      <text x="52" y="31" textLength="40" fill={palette.primary} fontFamily="system-ui, sans-serif" fontSize="25" fontWeight="700">
        oja
      </text>
    </svg>
  );
}

/** Loaded only when the page draws the logo itself (the server draws it otherwise). */
export default Logo;
