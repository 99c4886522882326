/**
 * The brands each acquirer accepts (spec core §1): what the card form lists under its title and what the card's
 * method-list row names. A module of its own, with no imports, because the row is on the initial route.
 */

export type Brand = 'Verve' | 'MasterCard' | 'Visa' | 'AmericanExpress' | 'Afrigo' | 'Discover';

const DEFAULT_BRANDS: readonly Brand[] = ['Verve', 'Visa', 'MasterCard', 'Discover', 'AmericanExpress'];
// By acquirer (spec core §1); any other acquirer lists the default.
const BRANDS_BY_ACQUIRER: Record<string, readonly Brand[]> = {
  MUL: ['Visa', 'MasterCard'],
  ZIB: ['Verve', 'Visa', 'MasterCard'],
};

const acquirerOf = (acquiredBy: string) => acquiredBy.trim().toUpperCase();

/** Brands listed under the card form for the acquirer: Multipay (MUL) Visa and Mastercard, ZIB Verve, Visa and Mastercard, otherwise all five. */
export function acceptedBrands(acquiredBy: string): Brand[] {
  return [...(BRANDS_BY_ACQUIRER[acquirerOf(acquiredBy)] ?? DEFAULT_BRANDS)];
}

/**
 * The card row's description key for the acquirer: the accepted brands, one text per acquirer that narrows them
 * (`card.row.description.MUL`), else the default's (`card.row.description.all`).
 */
export function brandsDescriptionKey(acquiredBy: string): string {
  const acquirer = acquirerOf(acquiredBy);
  return `card.row.description.${acquirer in BRANDS_BY_ACQUIRER ? acquirer : 'all'}`;
}
