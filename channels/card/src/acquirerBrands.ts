/**
 * The acquirers that narrow the brands (spec core §1): what the card form lists under its title (rules.ts
 * acceptedBrands) and what the card's method-list row names. A module of its own, with no imports, because the row
 * is on the initial route; the default's list stays with the form.
 */

export type Brand = 'Verve' | 'MasterCard' | 'Visa' | 'AmericanExpress' | 'Afrigo' | 'Discover';

// By acquirer (spec core §1); any other acquirer lists the default (rules.ts).
export const BRANDS_BY_ACQUIRER: Record<string, readonly Brand[]> = {
  MUL: ['Visa', 'MasterCard'],
  ZIB: ['Verve', 'Visa', 'MasterCard'],
};

/** An acquirer as the table names it: `acquiredBy` trimmed, upper case. */
export const acquirerOf = (acquiredBy: string) => acquiredBy.trim().toUpperCase();

/**
 * The card row's description key for the acquirer: the accepted brands, one text per acquirer that narrows them
 * (`card.row.description.MUL`), else the default's (`card.row.description.all`).
 */
export function brandsDescriptionKey(acquiredBy: string): string {
  const acquirer = acquirerOf(acquiredBy);
  return `card.row.description.${acquirer in BRANDS_BY_ACQUIRER ? acquirer : 'all'}`;
}
