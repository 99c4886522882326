import { definePage } from '@oja/core';
import { messages } from './messages';
import { FORM_PATH, SUCCESS_PATH } from './rules';
import type { RevpayState } from './views';

/**
 * The revenue (tax) payment (companion §2 "Revenue screens", §4 "Revenue"): a bill's reference validated, the
 * payer's form, a payment on the checkout, and the success page with the PDF receipt. Its payments' successes come
 * back to /revpay-success; any other merchant's result goes to that merchant, whatever its URL says.
 */
export const revpay = definePage<RevpayState>({
  id: 'revpay',
  paths: [FORM_PATH, SUCCESS_PATH],
  methods: ['GET', 'POST'],
  completionPath: SUCCESS_PATH,
  screen: () => import('./Screen'),
  messages,
});

export default revpay;
