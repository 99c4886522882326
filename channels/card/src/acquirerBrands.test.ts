import { describe, expect, it } from 'vitest';
import { rowDescriptionKey } from '@oja/core';
import { sampleProps } from '@oja/testing';
import { acceptedBrands } from './rules';
import type { Brand } from './rules';
import card from './index';
import { messages } from './messages';

/** The row's short names of the brands (the form's are longer: "American Express"). */
const ROW_NAMES: Record<Brand, string> = {
  Verve: 'Verve',
  Visa: 'Visa',
  MasterCard: 'Mastercard',
  Discover: 'Discover',
  AmericanExpress: 'Amex',
  Afrigo: 'Afrigo',
};

/** The text a key names in a language's messages. */
const textOf = (table: object, key: string): unknown => key.split('.').reduce<unknown>((at, k) => (at as Record<string, unknown>)?.[k], table);

describe("the card row's description (spec core §1: a Multipay variant lists Visa and Mastercard only)", () => {
  // The acquirers of the installed brandings, and one no branding knows.
  it.each(['', 'MUL', 'ZIB', 'HALO', 'OTHER', ' mul '])('names the brands the card form of acquirer %j accepts, in en and fr', (acquiredBy) => {
    const key = rowDescriptionKey(card.row!, sampleProps({ acquiredBy }));
    for (const table of [messages.en, messages.fr]) {
      expect(textOf(table, key)).toBe(
        acceptedBrands(acquiredBy)
          .map((b) => ROW_NAMES[b])
          .join(', '),
      );
    }
  });

  it('lists two brands under MUL where the default lists five', () => {
    const key = (acquiredBy: string) => rowDescriptionKey(card.row!, sampleProps({ acquiredBy }));
    expect(textOf(messages.en, key('MUL'))).toBe('Visa, Mastercard');
    expect(textOf(messages.en, key(''))).toBe('Verve, Visa, Mastercard, Discover, Amex');
  });
});
