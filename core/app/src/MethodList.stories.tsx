import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { renderCheckout, scenario } from '@oja/stories/harness';
import { installed } from 'oja:installed';

/**
 * The method list of the assembled checkout: every installed channel's row, as a naira payment offering them all
 * sees it (the gallery shoots it at 360 and 1280 px). Each acquirer's branding applies its own channel policy (ZIB:
 * card and transfer), and the card row names the brands its card form accepts (MUL: Visa, Mastercard).
 */
const codes = installed.channels.map((c) => c.code);
/** The customer wallets' providers, as the merchant's option lists them (companion §3). */
const WALLETS = ['OPAY', 'ENAIRA', 'MOMO', 'POCKET', 'PALMPAY'].map((code, i) => ({ id: i + 1, code, description: code, countryCode: 'NG' }));

const meta = {
  title: 'App/Method list',
  render: renderCheckout,
  parameters: {
    checkout: scenario({
      channels: installed.channels,
      props: {
        paymentChannels: codes,
        nonCardOptions: codes.map((providerCode) =>
          providerCode === 'CUSTOMER_WALLET'
            ? { providerCode, enabled: true, additionalInformation: { providers: WALLETS } }
            : { providerCode, enabled: true },
        ),
      },
      expect: { en: 'Pay with Card', fr: 'Payer par carte' },
    }),
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The card row's brands by acquirer, as its card form lists them (spec core §1). */
const CARD_BRANDS: Record<string, string> = {
  default: 'Verve, Visa, Mastercard, Discover, Amex',
  MUL: 'Visa, Mastercard',
  ZIB: 'Verve, Visa, Mastercard',
  HALO: 'Verve, Visa, Mastercard, Discover, Amex',
};

export const EveryMethod: Story = {
  name: 'Every installed method',
  play: async ({ canvasElement, globals }) => {
    const card = canvasElement.querySelector<HTMLElement>('a[data-method="card"]')!;
    await expect(within(card).getByText(CARD_BRANDS[String(globals.branding)])).toBeTruthy();
  },
};
