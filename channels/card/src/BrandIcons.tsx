import { css } from '@linaria/core';
import type { ReactNode } from 'react';
import type { Brand } from './rules';

// Colours are SVG attributes, not style attributes: the page's CSP allows no inline styles.
const lettering = { fontFamily: 'Arial, Helvetica, sans-serif', fontWeight: 700, textAnchor: 'middle' } as const;

/** Each brand's card face: a background and a simple mark, drawn on a 32x20 box. */
const FACES: Record<Brand, { background: string; mark: ReactNode }> = {
  Verve: {
    background: '#00425f',
    mark: (
      <>
        <circle cx="8" cy="10" r="5" fill="#e30613" />
        <text {...lettering} x="8" y="12.6" fontSize="7" fill="#fff">
          V
        </text>
        <text {...lettering} x="21.5" y="12" fontSize="6" fill="#fff">
          verve
        </text>
      </>
    ),
  },
  MasterCard: {
    background: '#1c1c1c',
    mark: (
      <>
        <circle cx="12.5" cy="10" r="6" fill="#eb001b" />
        <circle cx="19.5" cy="10" r="6" fill="#f79e1b" fillOpacity="0.9" />
      </>
    ),
  },
  Visa: {
    background: '#1a1f71',
    mark: (
      <text {...lettering} x="16" y="13.2" fontSize="9" fontStyle="italic" fill="#fff">
        VISA
      </text>
    ),
  },
  AmericanExpress: {
    background: '#2e77bc',
    mark: (
      <text {...lettering} x="16" y="12.8" fontSize="7.5" fill="#fff">
        AMEX
      </text>
    ),
  },
  Afrigo: {
    background: '#0a7d3e',
    mark: (
      <text {...lettering} x="16" y="12.5" fontSize="6.5" fill="#fff">
        afrigo
      </text>
    ),
  },
  Discover: {
    background: '#fff',
    mark: (
      <>
        <circle cx="25" cy="10" r="3.5" fill="#f58220" />
        <text {...lettering} x="12" y="12" fontSize="5.5" fill="#231f20">
          DISC
        </text>
      </>
    ),
  },
};

/** A brand's card face, 32x20, decorative: the brand's name is given in text beside it. */
export function BrandIcon({ brand }: { brand: Brand }) {
  const { background, mark } = FACES[brand];
  return (
    <svg width="32" height="20" viewBox="0 0 32 20" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="31" height="19" rx="3" fill={background} stroke="#d0d5dd" />
      {mark}
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
