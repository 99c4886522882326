// biome-ignore-all lint/a11y/noSvgWithoutTitle: every mark is aria-hidden: the provider's name is the row's title.

/**
 * Each provider's mark in the wallet list: a tile of a colour and a letterform of our own, drawn in strokes (no
 * text node, no copied logo). They come with the list's lazy chunk, never on the initial route. Colours are
 * attributes, not styles: the page's CSP allows no inline style.
 */
interface Mark {
  tile: string;
  ink: string;
  /** Stroked path on a 24-unit grid. */
  d: string;
}

const MARKS: Record<string, Mark> = {
  // The Naira sign.
  enaira: { tile: '#0b6b3a', ink: '#ffffff', d: 'M8 17.5v-11l8 11v-11M6 10.5h12M6 13.5h12' },
  // An M.
  momo: { tile: '#f5c400', ink: '#1c2434', d: 'M6.5 17V7l5.5 6.5L17.5 7v10' },
  // An O.
  opay: { tile: '#0e8f6e', ink: '#ffffff', d: 'M12 6.5a5.5 5.5 0 1 0 0.01 0z' },
  // A P.
  palmpay: { tile: '#5b2a9e', ink: '#ffffff', d: 'M8.5 17.5v-11h4.25a3.25 3.25 0 0 1 0 6.5H8.5' },
  // A pocket.
  pocket: { tile: '#c2410c', ink: '#ffffff', d: 'M6.5 7h11v4.5a5.5 5.5 0 0 1-11 0zM9.5 10h5' },
};

/** A provider the marks do not know: a wallet's outline on the primary colour's tile. */
const OTHER: Mark = { tile: '#475467', ink: '#ffffff', d: 'M6 8.5h12v8H6zM6 8.5l8-2.5v2.5M15 12.5h3' };

/** The provider's mark, 28 px, decorative (the row's title names the provider). */
export function WalletMark({ type }: { type: string }) {
  const mark = MARKS[type] ?? OTHER;
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-wallet-mark={type}>
      <rect width="24" height="24" rx="6" fill={mark.tile} />
      <path d={mark.d} fill="none" stroke={mark.ink} strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
