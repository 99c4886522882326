import { defineChannel, drawnByServer } from '@oja/core';
import { messages } from './messages';

/** Kenya's payments have no wallet (spec core §5). */
const KENYA = 'KE';

/**
 * Wallet sign-in with saved cards (spec core §2 "Wallet sign-in", "Wallet card list"; §4 "Wallet"). Offered
 * with the card when the payment has more than one channel, outside Kenya. A saved card then pays through the
 * card flow.
 */
export const wallet = defineChannel({
  id: 'wallet',
  code: 'WALLET',
  path: '/payment/wallet',
  paysByCard: true,
  order: 15,
  isAvailable: (props) => props.paymentChannels.length > 1 && props.countryCode !== KENYA,
  row: { icon: drawnByServer(() => import('./WalletIcon')), title: 'wallet.row.title', description: 'wallet.row.description' },
  screen: () => import('./Screen'),
  messages,
  acceptsAccessToken: true,
  // A saved card pays through the card's steps (PIN, OTP, 3-D Secure), even where typed cards are not offered.
  continuesInto: ['card'],
});

export default wallet;
