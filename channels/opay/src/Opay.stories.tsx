import type { Meta, StoryObj } from '@storybook/react';
import { HttpError, registerMessages } from '@oja/core';
import { scenario, renderCheckout } from '@oja/stories/harness';
import { visitOf } from '@oja/core/visit';
import type { CheckoutScenario } from '@oja/stories/harness';
import opay from './index';
import { INITIALIZE_PATH, STATUS_PATH } from './constants';
import { screenMessages } from './screenMessages';
import { opayVisit } from './visit';

// In the page these come with the screen's chunk.
registerMessages(screenMessages);

const INIT = `POST ${INITIALIZE_PATH}`;
const STATUS = `POST ${STATUS_PATH}`;
/** A page that loads at once and stays empty: the provider's own page is another origin's. */
const PAGE = 'about:blank';
const WALLETS = {
  nonCardOptions: [
    { providerCode: 'CUSTOMER_WALLET', enabled: true, additionalInformation: { providers: [{ id: '1', code: 'OPAY', description: 'OPay' }] } },
  ],
};

/** OPay (companion §2 "OPay, eNaira and PalmPay pages", §4): initialising, the page in its frame, a failed initialise. */
const meta = {
  title: 'Channels/Customer wallets/OPay',
  render: renderCheckout,
  parameters: {
    checkout: scenario({
      channels: [opay],
      channel: 'opay',
      path: opay.path,
      props: WALLETS,
      brandings: ['', 'MUL', 'HALO'],
      http: { [INIT]: () => new Promise(() => {}), [STATUS]: () => ({ responseCode: '09' }) },
    }),
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const story = (name: string, s: CheckoutScenario): Story => ({ name, parameters: { checkout: scenario(s) } });

export const Initialising = story('Initialising', { expect: { en: 'Preparing your payment…', fr: 'Préparation de votre paiement…' } });

export const Page = story("OPay's page in its frame (a loader over it until it loads)", {
  // Initialised: the story's page stands in for OPay's (the checkout accepts only an http(s) page from the API).
  setup: (c) => Object.assign(visitOf(c.visits, opayVisit).state.init, { status: 'success', response: { responseCode: '00', redirectUrl: PAGE } }),
  expect: { en: 'Approve the payment on the OPay page below.', fr: 'Validez le paiement sur la page OPay ci-dessous.' },
});

export const InitialiseFailed = story('Initialise failed (Try again)', {
  http: {
    [INIT]: () => {
      throw new HttpError('HTTP 500', 'http', 500);
    },
  },
  expect: { en: 'Unable to initiate payment. Please try again.', fr: 'Impossible de lancer le paiement. Veuillez réessayer.' },
});
