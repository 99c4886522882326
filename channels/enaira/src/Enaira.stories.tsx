import type { Meta, StoryObj } from '@storybook/react';
import { registerMessages } from '@oja/core';
import { scenario, renderCheckout } from '@oja/stories/harness';
import type { CheckoutScenario } from '@oja/stories/harness';
import { visitOf } from '@oja/core/visit';
import enaira from './index';
import { CONFIRM_PATH, INIT_PATH, STATUS_PATH } from './constants';
import { screenMessages } from './screenMessages';
import { enairaVisit } from './visit';

// In the page these come with the screen's chunk.
registerMessages(screenMessages);

const WALLETS = {
  nonCardOptions: [
    { providerCode: 'CUSTOMER_WALLET', enabled: true, additionalInformation: { providers: [{ id: '2', code: 'ENAIRA', description: 'eNaira' }] } },
  ],
};

/** eNaira (companion §2 "OPay, eNaira and PalmPay pages", §4): initialising, then the page in its frame. */
const meta = {
  title: 'Channels/Customer wallets/eNaira',
  render: renderCheckout,
  parameters: {
    checkout: scenario({
      channels: [enaira],
      channel: 'enaira',
      path: enaira.path,
      props: WALLETS,
      brandings: ['', 'MUL', 'HALO'],
      http: {
        [`POST ${INIT_PATH}`]: () => new Promise(() => {}),
        [`POST ${CONFIRM_PATH}`]: () => ({ responseCode: '00' }),
        [`GET ${STATUS_PATH}`]: () => ({ responseCode: '09' }),
      },
    }),
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const story = (name: string, s: CheckoutScenario): Story => ({ name, parameters: { checkout: scenario(s) } });

export const Initialising = story('Initialising', { expect: { en: 'Preparing your payment…', fr: 'Préparation de votre paiement…' } });

export const Page = story('The eNaira page in its frame (a loader over it until it loads)', {
  // Initialised and confirmed: a blank page stands in for eNaira's (another origin's).
  setup: (c) => {
    const state = visitOf(c.visits, enairaVisit).state;
    Object.assign(state.init, { status: 'success', response: { url: 'about:blank', invoiceId: 'ENR-1-1' } });
    Object.assign(state.confirm, { status: 'success', response: {} });
  },
  expect: { en: 'Approve the payment on the eNaira page below.', fr: 'Validez le paiement sur la page eNaira ci-dessous.' },
});
