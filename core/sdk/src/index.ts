/**
 * @oja/sdk: Oja Checkout for merchants' pages, as an ES module. The same code is served by the checkout as a
 * classic script at `/inline-checkout.js` (`window.webpayCheckout`).
 */
import { open } from './checkout';
import type { CheckoutHandle, CheckoutRequest } from './types';

export type {
  CheckoutCallbacks,
  CheckoutError,
  CheckoutErrorCode,
  CheckoutHandle,
  CheckoutMode,
  CheckoutRequest,
  CheckoutResult,
  DisplayMode,
  PayFields,
} from './types';
export { MESSAGE_KEY, RESULT_FIELDS, SUCCESS_SHOWN_MS } from './messages';
export { FRAME_READY_TIMEOUT_MS, POPUP_READY_TIMEOUT_MS } from './checkout';

/**
 * Opens the checkout at `request.checkoutBase` (required here: the module is not served by a checkout) over
 * the page (INLINE, the default), in a popup (POPUP) or in place of the page (REDIRECT). Never throws: a bad
 * request, an unreachable checkout or a blocked popup calls `onError`.
 */
export function openCheckout(request: CheckoutRequest): CheckoutHandle {
  return open(request, {});
}
