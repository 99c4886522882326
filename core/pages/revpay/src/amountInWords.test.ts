import { describe, expect, it } from 'vitest';
import { amountInWords, englishWords, frenchWords } from './amountInWords';

describe('englishWords', () => {
  it.each([
    [0, 'zero'],
    [7, 'seven'],
    [13, 'thirteen'],
    [20, 'twenty'],
    [42, 'forty-two'],
    [100, 'one hundred'],
    [105, 'one hundred and five'],
    [999, 'nine hundred and ninety-nine'],
    [1000, 'one thousand'],
    [1005, 'one thousand and five'],
    [1250, 'one thousand two hundred and fifty'],
    [25_000, 'twenty-five thousand'],
    [100_010, 'one hundred thousand and ten'],
    [2_000_000, 'two million'],
    [1_234_567, 'one million two hundred and thirty-four thousand five hundred and sixty-seven'],
    [
      999_999_999_999,
      'nine hundred and ninety-nine billion nine hundred and ninety-nine million nine hundred and ninety-nine thousand nine hundred and ninety-nine',
    ],
  ])('%i: %s', (n, words) => expect(englishWords(n)).toBe(words));
});

describe('frenchWords (traditional spelling)', () => {
  it.each([
    [0, 'zéro'],
    [1, 'un'],
    [16, 'seize'],
    [17, 'dix-sept'],
    [21, 'vingt et un'],
    [22, 'vingt-deux'],
    [61, 'soixante et un'],
    [70, 'soixante-dix'],
    [71, 'soixante et onze'],
    [77, 'soixante-dix-sept'],
    [80, 'quatre-vingts'],
    [81, 'quatre-vingt-un'],
    [90, 'quatre-vingt-dix'],
    [91, 'quatre-vingt-onze'],
    [99, 'quatre-vingt-dix-neuf'],
    [100, 'cent'],
    [101, 'cent un'],
    [200, 'deux cents'],
    [201, 'deux cent un'],
    [280, 'deux cent quatre-vingts'],
    [1000, 'mille'],
    [1001, 'mille un'],
    [2000, 'deux mille'],
    [80_000, 'quatre-vingt mille'],
    [200_000, 'deux cent mille'],
    [25_000, 'vingt-cinq mille'],
    [1_000_000, 'un million'],
    [2_000_000, 'deux millions'],
    [80_000_000, 'quatre-vingts millions'],
    [200_000_000, 'deux cents millions'],
    [1_234_567, 'un million deux cent trente-quatre mille cinq cent soixante-sept'],
    [3_000_000_000, 'trois milliards'],
  ])('%i: %s', (n, words) => expect(frenchWords(n)).toBe(words));
});

describe('amountInWords', () => {
  it('writes naira, and kobo when there are any (en)', () => {
    expect(amountInWords(2_500_000, 'en')).toBe('Twenty-five thousand naira');
    expect(amountInWords(2_500_050, 'en')).toBe('Twenty-five thousand naira and fifty kobo');
    expect(amountInWords(101, 'en')).toBe('One naira and one kobo');
    expect(amountInWords(99, 'en')).toBe('Ninety-nine kobo');
    expect(amountInWords(0, 'en')).toBe('Zero naira');
  });

  it('writes nairas and kobos, plural from two (fr)', () => {
    expect(amountInWords(2_500_000, 'fr')).toBe('Vingt-cinq mille nairas');
    expect(amountInWords(2_500_050, 'fr')).toBe('Vingt-cinq mille nairas et cinquante kobos');
    expect(amountInWords(101, 'fr')).toBe('Un naira et un kobo');
    expect(amountInWords(1, 'fr')).toBe('Un kobo');
    expect(amountInWords(8_000, 'fr')).toBe('Quatre-vingts nairas');
  });

  it('says "de nairas" after a round million (fr)', () => {
    expect(amountInWords(200_000_000, 'fr')).toBe('Deux millions de nairas');
    expect(amountInWords(200_000_100, 'fr')).toBe('Deux millions un nairas');
  });

  it('refuses what is not an amount in kobo', () => {
    expect(() => amountInWords(-1, 'en')).toThrow(RangeError);
    expect(() => amountInWords(1.5, 'fr')).toThrow(RangeError);
    expect(() => englishWords(10 ** 16)).toThrow(RangeError);
  });
});
