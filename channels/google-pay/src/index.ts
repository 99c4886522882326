import { defineChannel, drawnByServer, isOffered } from '@oja/core';
import { messages } from './messages';

/**
 * Google Pay (companion §2 "Google Pay screen", §4 "Google Pay"): Google's button from its script, loaded when the
 * screen opens; the card it authorizes, then its CVV, paid through the card's own steps (3-D Secure, PIN).
 */
export const googlePay = defineChannel({
  id: 'google-pay',
  code: 'GOOGLE_PAY',
  path: '/payment/google',
  paysByCard: true,
  order: 62,
  isAvailable: (props) => isOffered(props, 'GOOGLE_PAY'),
  row: { icon: drawnByServer(() => import('./GooglePayIcon')), title: 'google-pay.row.title', description: 'google-pay.row.description' },
  screen: () => import('./Screen'),
  messages,
  cancelDialog: { subtitle: 'google-pay.cancelSubtitle', close: 'google-pay.cancelClose' },
  // The card's PIN, OTP and 3-D Secure routes run the payment, even where typed cards are not offered.
  continuesInto: ['card'],
});

export default googlePay;
