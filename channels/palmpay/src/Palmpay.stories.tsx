import type { Meta, StoryObj } from '@storybook/react';
import { HttpError, registerMessages, serverNow } from '@oja/core';
import { scenario, renderCheckout } from '@oja/stories/harness';
import type { CheckoutScenario } from '@oja/stories/harness';
import { visitOf } from '@oja/core/visit';
import palmpay from './index';
import { INITIALIZE_PATH, STATUS_PATH } from './constants';
import { screenMessages } from './screenMessages';
import { palmpayVisit } from './visit';

// In the page these come with the screen's chunk.
registerMessages(screenMessages);

const INIT = `POST ${INITIALIZE_PATH}`;
const WALLETS = {
  nonCardOptions: [
    { providerCode: 'CUSTOMER_WALLET', enabled: true, additionalInformation: { providers: [{ id: '5', code: 'PALMPAY', description: 'PalmPay' }] } },
  ],
};

/** PalmPay (companion §2 "OPay, eNaira and PalmPay pages", §4): initialising, the page with its 5 minutes, a failed initialise. */
const meta = {
  title: 'Channels/Customer wallets/PalmPay',
  render: renderCheckout,
  parameters: {
    checkout: scenario({
      channels: [palmpay],
      channel: 'palmpay',
      path: palmpay.path,
      props: WALLETS,
      brandings: ['', 'MUL', 'HALO'],
      http: { [INIT]: () => new Promise(() => {}), [`POST ${STATUS_PATH}`]: () => ({ responseCode: '09' }) },
    }),
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const story = (name: string, s: CheckoutScenario): Story => ({ name, parameters: { checkout: scenario(s) } });

export const Initialising = story('Initialising', { expect: { en: 'Preparing your payment…', fr: 'Préparation de votre paiement…' } });

export const Page = story("PalmPay's page in its frame, 3 minutes left", {
  // Initialised two minutes ago: a blank page stands in for PalmPay's (another origin's).
  setup: (c) => {
    const state = visitOf(c.visits, palmpayVisit).state;
    Object.assign(state.init, { status: 'success', response: { responseCode: '00', redirectUrl: 'about:blank' } });
    state.startedAt = serverNow() - 2 * 60_000;
  },
  expect: { en: 'within 5 minutes', fr: 'dans les 5 minutes' },
});

export const InitialiseFailed = story('Initialise failed (Try again)', {
  http: {
    [INIT]: () => {
      throw new HttpError('HTTP 500', 'http', 500);
    },
  },
  expect: { en: 'Unable to initiate payment. Please try again.', fr: 'Impossible de lancer le paiement. Veuillez réessayer.' },
});
