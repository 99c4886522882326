import type { ChannelPlugin, OptionProvider, PaymentProps } from '@oja/core';
import { optionProviders } from '@oja/core';
import { CUSTOMER_WALLET, WALLET_TYPES } from './constants';

/** A row of the wallet list: the merchant's provider and the installed wallet channel that pays through it. */
export interface ListedWallet {
  provider: OptionProvider;
  /** Lower-case provider type: 'opay'. */
  type: string;
  wallet: ChannelPlugin;
}

/** The provider's type: its code, lower case (companion §3 providers: id, code, description, countryCode). */
export const typeOf = (provider: OptionProvider): string => provider.code.toLowerCase();

/** Does the merchant's CUSTOMER_WALLET option list a provider of a type the list may show? (the row's own rule) */
export function listsAnyWallet(props: Pick<PaymentProps, 'nonCardOptions'>): boolean {
  return optionProviders(props, CUSTOMER_WALLET).some((p) => WALLET_TYPES.includes(typeOf(p)));
}

/**
 * The wallet list (companion §2 "Customer wallet screen"): the merchant's providers limited to the available types,
 * each only when its wallet is installed and open to this payment (`walletOf` finds it: core's registry by
 * walletType, filtered by availability), each type once, sorted by type.
 */
export function listedWallets(props: Pick<PaymentProps, 'nonCardOptions'>, walletOf: (type: string) => ChannelPlugin | undefined): ListedWallet[] {
  const seen = new Set<string>();
  const listed: ListedWallet[] = [];
  for (const provider of optionProviders(props, CUSTOMER_WALLET)) {
    const type = typeOf(provider);
    const wallet = WALLET_TYPES.includes(type) && !seen.has(type) ? walletOf(type) : undefined;
    if (!wallet) continue;
    seen.add(type);
    listed.push({ provider, type, wallet });
  }
  return listed.sort((a, b) => a.type.localeCompare(b.type));
}
