import type { Locale } from '@oja/core';
import { KOBO_PER_NAIRA } from './rules';

/*
 * An amount in naira and kobo written out, as a receipt states it beside the figures (so that neither can be
 * altered alone): English as written in Nigeria (British: "one hundred and five"), French in the traditional
 * spelling ("quatre-vingts", "deux cents", "vingt et un", "mille" invariable, "millions" plural).
 */

const EN_ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
/** Each group of three digits' name, from the lowest; up to the trillions (the form takes up to 12 digits of naira). */
const EN_SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];

function enBelow100(n: number): string {
  if (n < 20) return EN_ONES[n]!;
  const unit = n % 10;
  return EN_TENS[Math.floor(n / 10)]! + (unit ? `-${EN_ONES[unit]}` : '');
}

function enBelow1000(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const head = hundreds ? `${EN_ONES[hundreds]} hundred` : '';
  if (!rest) return head;
  return head ? `${head} and ${enBelow100(rest)}` : enBelow100(rest);
}

/** A whole number in English words: 1005 "one thousand and five", 1250 "one thousand two hundred and fifty". */
export function englishWords(n: number): string {
  if (n === 0) return EN_ONES[0]!;
  const groups = digitGroups(n);
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i]!;
    if (!g) continue;
    // British usage: "and" before a last group under a hundred that follows larger ones ("two thousand and ten").
    const and = i === 0 && g < 100 && words.length ? 'and ' : '';
    words.push(`${and}${enBelow1000(g)}${EN_SCALES[i] ? ` ${EN_SCALES[i]}` : ''}`);
  }
  return words.join(' ');
}

const FR_ONES = [
  'zéro',
  'un',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
  'onze',
  'douze',
  'treize',
  'quatorze',
  'quinze',
  'seize',
  'dix-sept',
  'dix-huit',
  'dix-neuf',
];
const FR_TENS = ['', '', 'vingt', 'trente', 'quarante', 'cinquante', 'soixante', 'soixante', 'quatre-vingt', 'quatre-vingt'];

/** Under 100. `final`: nothing follows (quatre-vingts takes its s only then). */
function frBelow100(n: number, final: boolean): string {
  if (n < 20) return FR_ONES[n]!;
  const tens = Math.floor(n / 10);
  // 70s and 90s count on from 60 and 80: soixante-douze, quatre-vingt-dix-sept.
  const unit = tens === 7 || tens === 9 ? n - (tens - 1) * 10 : n % 10;
  const base = FR_TENS[tens]!;
  if (unit === 0) return tens === 8 && final ? 'quatre-vingts' : base;
  // "et" joins un and onze after vingt to soixante (vingt et un, soixante et onze), never after quatre-vingt.
  if ((unit === 1 || unit === 11) && tens < 8) return `${base} et ${FR_ONES[unit]}`;
  return `${base}-${FR_ONES[unit]}`;
}

/** Under 1000. `final`: nothing follows (deux cents, quatre-vingts), as before "millions" too, but not before "mille". */
function frBelow1000(n: number, final: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  let head = '';
  if (hundreds === 1) head = 'cent';
  else if (hundreds > 1) head = `${FR_ONES[hundreds]} ${rest === 0 && final ? 'cents' : 'cent'}`;
  if (!rest) return head;
  return head ? `${head} ${frBelow100(rest, final)}` : frBelow100(rest, final);
}

/** A whole number in French words: 80 "quatre-vingts", 200 000 "deux cent mille", 2 000 000 "deux millions". */
export function frenchWords(n: number): string {
  if (n === 0) return FR_ONES[0]!;
  const groups = digitGroups(n);
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i]!;
    if (!g) continue;
    if (i === 0) words.push(frBelow1000(g, true));
    // "mille" is invariable and never "un mille"; the number before it takes no plural s.
    else if (i === 1) words.push(g === 1 ? 'mille' : `${frBelow1000(g, false)} mille`);
    else {
      // millions, milliards, billions are nouns: plural, and the number before them is final.
      const noun = ['million', 'milliard', 'billion'][i - 2]!;
      words.push(`${frBelow1000(g, true)} ${noun}${g > 1 ? 's' : ''}`);
    }
  }
  return words.join(' ');
}

/** A whole number's groups of three digits, lowest first: 1 234 567 -> [567, 234, 1]. */
function digitGroups(n: number): number[] {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number of at most 15 digits: ${n}`);
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  if (groups.length > EN_SCALES.length) throw new RangeError(`too large to write out: ${n}`);
  return groups;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * An amount in kobo written out in naira and kobo: 2_500_050 "Twenty-five thousand naira and fifty kobo" (en),
 * "Vingt-cinq mille nairas et cinquante kobos" (fr). A whole number of naira names no kobo; under one naira, only kobo.
 */
export function amountInWords(kobo: number, locale: Locale): string {
  if (!Number.isSafeInteger(kobo) || kobo < 0) throw new RangeError(`not an amount in kobo: ${kobo}`);
  const naira = Math.floor(kobo / KOBO_PER_NAIRA);
  const minor = kobo % KOBO_PER_NAIRA;
  if (locale === 'fr') {
    // "de" after a round million or milliard: "deux millions de nairas".
    const of = naira >= 1_000_000 && naira % 1_000_000 === 0 ? 'de ' : '';
    const major = `${frenchWords(naira)} ${of}${naira > 1 ? 'nairas' : 'naira'}`;
    const sub = `${frenchWords(minor)} ${minor > 1 ? 'kobos' : 'kobo'}`;
    return capitalised(naira && minor ? `${major} et ${sub}` : minor ? sub : major);
  }
  const major = `${englishWords(naira)} naira`;
  const sub = `${englishWords(minor)} kobo`;
  return capitalised(naira && minor ? `${major} and ${sub}` : minor ? sub : major);
}
