import type { ReactNode } from 'react';
import type { Brand } from './rules';

// Colours are SVG attributes, not style attributes: the page's CSP allows no inline styles. Every mark is drawn by
// us, after the brand's own acceptance mark, on a 32x20 card face.
const lettering = { fontFamily: 'Arial, Helvetica, sans-serif', fontWeight: 700, textAnchor: 'middle' } as const;
const WHITE = '#fff';

/** Visa's wordmark as shapes (V, I, S, A), slanted as the real one, in Visa blue. */
const VISA_WORDMARK = 'M0 0h2.3l1.4 5.5L5.2 0h2.3L4.7 8H2.6zM8.3 0h2.2l-.1 8H8.2zM20.4 8 23 0h2.5l1.9 8h-2.1l-.3-1.5h-2.4L22 8zm2.7-3.2h1.6l-.6-2.9z';
const VISA_S = 'M17.9 1.4C16.9.4 12.6.2 12.6 2.3s5.3 1.4 5.3 3.7-4.6 2.1-5.9 1.2';

/** Mastercard: the two circles and their overlap (radius 6.5, centres 7 apart; the lens spans x = 16). */
const MC_LENS = 'M16 4.52A6.5 6.5 0 0 1 16 15.48 6.5 6.5 0 0 1 16 4.52z';

/** Verve's mark: a white V in its red disc. */
const VERVE_V = 'M5.1 7.4h1.7l1.4 3.7 1.4-3.7h1.7l-2.3 5.4H7.4z';

/** Each brand's card face: a background and its mark. */
export const FACES: Record<Brand, { background: string; mark: ReactNode }> = {
  Verve: {
    background: WHITE,
    mark: (
      <>
        <circle cx="8.2" cy="10" r="5.2" fill="#e30613" />
        <path d={VERVE_V} fill={WHITE} />
        <text {...lettering} x="21.6" y="12.2" fontSize="6.6" fill="#00425f" letterSpacing="-0.2">
          verve
        </text>
      </>
    ),
  },
  MasterCard: {
    background: '#252525',
    mark: (
      <>
        <circle cx="12.5" cy="10" r="6.5" fill="#eb001b" />
        <circle cx="19.5" cy="10" r="6.5" fill="#f79e1b" />
        <path d={MC_LENS} fill="#ff5f00" />
      </>
    ),
  },
  Visa: {
    background: WHITE,
    mark: (
      <g transform="translate(3.6 6) skewX(-12)" fill="#1434cb">
        <path d={VISA_WORDMARK} />
        <path d={VISA_S} fill="none" stroke="#1434cb" strokeWidth="2.1" strokeLinecap="butt" />
      </g>
    ),
  },
  AmericanExpress: {
    // The "blue box": the name in white capitals, the box filling the face.
    background: '#016fd0',
    mark: (
      <>
        <text {...lettering} x="16" y="9.2" fontSize="4.6" fill={WHITE} textLength="26" lengthAdjust="spacingAndGlyphs">
          AMERICAN
        </text>
        <text {...lettering} x="16" y="14.6" fontSize="4.6" fill={WHITE} textLength="24" lengthAdjust="spacingAndGlyphs">
          EXPRESS
        </text>
      </>
    ),
  },
  Afrigo: {
    background: '#0a7d3e',
    mark: (
      <>
        <circle cx="6" cy="10" r="2.6" fill="#f6b01e" />
        <text {...lettering} x="19" y="12.2" fontSize="6.4" fill={WHITE}>
          afrigo
        </text>
      </>
    ),
  },
  Discover: {
    // DISC·VER with the orange disc as its O, and the orange band of the card's corner.
    background: WHITE,
    mark: (
      <>
        <path d="M17 19.5h11.5a3 3 0 0 0 3-3V11C28 15.5 22.5 18.6 17 19.5z" fill="#f58220" />
        <text {...lettering} x="8.2" y="10.9" fontSize="4.9" fill="#231f20" textLength="11" lengthAdjust="spacingAndGlyphs">
          DISC
        </text>
        <circle cx="16.3" cy="9.2" r="2.3" fill="#f58220" />
        <text {...lettering} x="23.6" y="10.9" fontSize="4.9" fill="#231f20" textLength="9" lengthAdjust="spacingAndGlyphs">
          VER
        </text>
      </>
    ),
  },
};
