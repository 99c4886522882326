import { httpOrigin } from './payRules';
import type { CheckoutBases, CheckoutMode } from './types';

/**
 * The checkout base of each mode for the script served at `/inline-checkout.js`: the script's own origin for
 * the mode it was served for (`servedMode`, written into the file by the checkout server), and whatever the
 * tag sets with `data-test-base` / `data-live-base`.
 */
export function scriptBases(script: HTMLScriptElement | null, servedMode: string): CheckoutBases {
  const bases: CheckoutBases = {};
  const own = httpOrigin(script?.src);
  if (own && (servedMode === 'TEST' || servedMode === 'LIVE')) bases[servedMode as CheckoutMode] = own;
  const test = httpOrigin(script?.dataset.testBase);
  const live = httpOrigin(script?.dataset.liveBase);
  if (test) bases.TEST = test;
  if (live) bases.LIVE = live;
  return bases;
}
