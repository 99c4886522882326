import { defineChannel, drawnByServer } from '@oja/core';
import { CUSTOMER_WALLET } from './constants';
import { messages } from './messages';
import { listsAnyWallet } from './wallets';

/**
 * The customer wallet list (companion §2 "Customer wallet screen"): the merchant's wallet providers, each opening
 * its wallet's own channel, found by the provider type it declares (ChannelPlugin.walletType).
 */
export const customerWallet = defineChannel({
  id: 'customer-wallet',
  code: CUSTOMER_WALLET,
  path: '/payment/customerwallet',
  order: 55,
  isAvailable: listsAnyWallet,
  row: {
    icon: drawnByServer(() => import('./WalletIcon')),
    title: 'customer-wallet.row.title',
    description: 'customer-wallet.row.description',
  },
  screen: () => import('./Screen'),
  messages,
});

export default customerWallet;
