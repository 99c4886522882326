import type { Meta, StoryObj } from '@storybook/react';
import { scenario, renderCheckout } from '@oja/stories/harness';
import type { CheckoutScenario } from '@oja/stories/harness';
import { defineChannel, registerMessages } from '@oja/core';
import customerWallet from './index';
import { SANDBOX_WALLETS } from './sandbox';
import { screenMessages } from './screenMessages';

// In the page these come with the list's chunk.
registerMessages(screenMessages);

const option = (providers: readonly object[]) => ({
  nonCardOptions: [{ providerCode: 'CUSTOMER_WALLET', enabled: true, additionalInformation: { providers } }],
});

/** Installed wallets as the list sees them: a provider type and a route (their screens are their own packages' stories). */
const wallets = ['opay', 'enaira', 'palmpay', 'momo'].map((type) =>
  defineChannel({
    id: type,
    code: type.toUpperCase(),
    path: `/payment/${type}`,
    walletType: type,
    isAvailable: () => true,
    messages: { en: {}, fr: {} },
  }),
);

/** The customer wallet list (companion §2 "Customer wallet screen"), with four wallets installed (Pocket left out: the story of a listed wallet not installed), each row with its mark. */
const meta = {
  title: 'Channels/Customer wallets/List',
  render: renderCheckout,
  parameters: {
    checkout: scenario({
      channels: [customerWallet, ...wallets],
      channel: 'customer-wallet',
      path: customerWallet.path,
      props: option(SANDBOX_WALLETS),
      brandings: ['', 'MUL', 'HALO'],
    }),
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const story = (name: string, s: CheckoutScenario): Story => ({ name, parameters: { checkout: scenario(s) } });

export const List = story('The list, sorted by type', {
  expect: { en: 'You will approve the payment with the wallet you choose.', fr: 'Vous validerez le paiement avec le portefeuille choisi.' },
});

export const NoWalletInstalled = story('No listed wallet installed', {
  props: option([{ id: '4', code: 'POCKET', description: 'Pocket', countryCode: 'NG' }]),
  expect: { en: 'No wallet is available for this payment.', fr: 'Aucun portefeuille n’est disponible pour ce paiement.' },
});
