// The classic script the checkout serves at /inline-checkout.js (built as an IIFE by scripts/build/build.mjs):
// window.webpayCheckout(request), with the checkout's base known from the script's own address.
import { open } from './checkout';
import { scriptBases } from './bases';

/** The checkout server writes its mode over this placeholder as it serves the file (core/server/src/checkoutServer.ts). */
export const SERVED_MODE_PLACEHOLDER = '__OJA_SERVED_MODE__';

try {
  const script = (document.currentScript ?? document.querySelector('script[src*="/inline-checkout.js"]')) as HTMLScriptElement | null;
  const bases = scriptBases(script, SERVED_MODE_PLACEHOLDER);
  window.webpayCheckout = (request) => open(request, bases);
} catch (e) {
  console.error('Oja Checkout: the script could not start', e);
}
