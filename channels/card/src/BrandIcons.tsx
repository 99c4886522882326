import { css } from '@linaria/core';
import { useLayoutEffect, useState } from 'react';
import { loadOnce } from '@oja/core/lazy-part';
import type { LoadOnce } from '@oja/core/lazy-part';
import type { Brand } from './rules';

type Marks = typeof import('./BrandMarks');

/**
 * The brands' marks (./BrandMarks), a chunk of their own of about 1 KiB gzip: every screen that shows a brand (the
 * card form, the wallet's saved cards, Google Pay, pay on credit's card step) keeps its chunk within budget and
 * fetches the marks once, as it first shows one. A failed fetch is tried again at the next mount.
 */
export const loadBrandMarks: LoadOnce<Marks> = loadOnce(() => import('./BrandMarks'));

/**
 * The marks once here. The first render never has them, on the server as in the browser, so that a page the server
 * rendered hydrates as is; marks already fetched are drawn before the browser paints (a layout effect).
 */
function useBrandMarks(): Marks | undefined {
  const [here, setHere] = useState<Marks | undefined>(undefined);
  useLayoutEffect(() => {
    const marks = loadBrandMarks.current();
    if (marks) {
      setHere(marks);
      return;
    }
    let live = true;
    loadBrandMarks().then(
      (m) => live && setHere(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return here;
}

/** Until its mark is here, a brand's face is a blank card of the same size: nothing moves when the mark comes. */
const BLANK_FACE = '#f2f4f7';

/** A brand's card face, 32x20, decorative: the brand's name is given in text beside it (visible or for screen readers). */
export function BrandIcon({ brand }: { brand: Brand }) {
  const face = useBrandMarks()?.FACES[brand];
  return (
    <svg width="32" height="20" viewBox="0 0 32 20" aria-hidden="true" focusable="false" data-brand-mark={face ? brand : undefined}>
      <rect x="0.5" y="0.5" width="31" height="19" rx="3" fill={face?.background ?? BLANK_FACE} />
      {face?.mark}
      {/* The edge last, over a mark that reaches it (Discover's band). */}
      <rect x="0.5" y="0.5" width="31" height="19" rx="3" fill="none" stroke="#d0d5dd" />
    </svg>
  );
}

const list = css`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  list-style: none;
  margin: 0;
  padding: 0;
  > li { display: flex; }
`;

export interface BrandListProps {
  brands: Brand[];
  /** The list's accessible name, e.g. "Accepted cards". */
  label: string;
  /** The brand's display name, read by screen readers (e.g. `(b) => t(`card.brand.${b}`)`). */
  nameOf: (brand: Brand) => string;
}

/** The brands accepted, as icons each with its name visually hidden. */
export function BrandList({ brands, label, nameOf }: BrandListProps) {
  return (
    <ul className={list} aria-label={label}>
      {brands.map((brand) => (
        <li key={brand}>
          <BrandIcon brand={brand} />
          <span className="oja-sr-only">{nameOf(brand)}</span>
        </li>
      ))}
    </ul>
  );
}
