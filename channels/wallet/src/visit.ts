import { defineVisit } from '@oja/core';
import type { WalletAnswer, WalletCard } from './api';

/** The signed-in wallet (spec core §3 "Async slots": wallet data): in memory for the visit, cleared by sign out. */
export interface WalletState {
  loading: boolean;
  /** Translation key of the sign-in's failure. */
  error: string | null;
  data: WalletAnswer | null;
  selected: WalletCard | null;
  /** The payer signed out: the merchant's access token does not sign them back in. */
  signedOut: boolean;
}

/** One visit of the wallet: ends, with its data, on Retry, another method and leaving (a new sign-in then). */
export const walletVisit = defineVisit<WalletState>({
  channel: 'wallet',
  create: () => ({ loading: false, error: null, data: null, selected: null, signedOut: false }),
});
