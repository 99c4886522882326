import type { OutsideSource } from '@oja/core';
import { GOOGLE_PAY_SOURCE } from './sourceKeys';

/**
 * Google Pay's outside origins: its script, the frames and requests the script makes, and the card art it shows.
 * A deployment names Google's (`https://pay.google.com`, `https://www.gstatic.com`); the sandbox its second origin.
 */
export const GOOGLE_PAY_SOURCES: OutsideSource[] = [
  {
    key: GOOGLE_PAY_SOURCE,
    directives: ['script', 'frame', 'connect', 'img'],
    why: "Google's Google Pay script and what it loads (its payment sheet, its calls, card art), only on the Google Pay screen of payments that offer it",
  },
];
