import type { Meta, StoryObj } from '@storybook/react';
import { HttpError, registerMessages, serverNow } from '@oja/core';
import type { Checkout } from '@oja/core';
import { scenario } from '@oja/stories/harness';
import type { CheckoutScenario } from '@oja/stories/harness';
import { renderCheckout } from '@oja/stories/harness';
import { visitOf } from '@oja/core/visit';
import drcMobileMoney from './index';
import { drcVisit } from './visit';
import { screenMessages } from './screenMessages';
import { DRC_PROPS, PAYMENT, PROVIDER_LIST, PROVIDERS, QUERY, queried } from './fixtures';

// In the page these come with the screen's chunk; the result story shows the shell's view without it.
registerMessages(screenMessages);

/** A call that is still on its way when the story is looked at. */
const never = () => new Promise(() => {});
const failing = () => {
  throw new HttpError('HTTP 500', 'http', 500);
};
const USSD_PATH = `${drcMobileMoney.path}/ussd`;

/**
 * DRC mobile money (companion §2 "DRC mobile wallet screen", "DRC USSD notification screen"): the provider list,
 * the form, the payment call on its way, and the USSD page's moments (waiting, ORANGE's "Transaction in Progress",
 * the wait over). ZIB allows only card and transfer: the channel is never offered under it.
 */
const meta = {
  title: 'Channels/DRC mobile money',
  render: renderCheckout,
  parameters: {
    checkout: scenario({
      channels: [drcMobileMoney],
      channel: 'drc-mobile-money',
      path: drcMobileMoney.path,
      props: DRC_PROPS,
      brandings: ['', 'MUL', 'HALO'],
      http: { [PROVIDERS]: () => PROVIDER_LIST, [PAYMENT]: never, [QUERY]: () => queried('09') },
    }),
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The visit as the payer left it: the providers in, VODACOM chosen and a number typed. */
function filled(c: Checkout) {
  const state = visitOf(c.visits, drcVisit).state;
  state.providers.status = 'success';
  state.providers.response = PROVIDER_LIST.data[0].providers;
  state.providerId = '102';
  state.number = '902345678';
}

/** The USSD page of a wait on `biller` that began `agoMs` before now. */
function waiting(biller: string, agoMs: number): Pick<CheckoutScenario, 'path' | 'setup'> {
  return {
    path: USSD_PATH,
    setup: (c) => {
      filled(c);
      const state = visitOf(c.visits, drcVisit).state;
      state.providerId = biller === 'ORANGE' ? '101' : '102';
      state.biller = biller;
      state.startedAt = serverNow() - agoMs;
    },
  };
}

const story = (name: string, s: CheckoutScenario): Story => ({ name, parameters: { checkout: scenario(s) } });

export const LoadingProviders = story('Loading the providers', {
  http: { [PROVIDERS]: never },
  expect: { en: 'Loading the mobile money providers…', fr: 'Chargement des opérateurs Mobile Money…' },
});

export const ProvidersFailed = story('Provider list failed (Retry)', {
  http: { [PROVIDERS]: failing },
  expect: { en: 'Something went wrong', fr: 'Un problème est survenu' },
});

export const Form = story('Form', {
  expect: { en: 'Enter your mobile money details below to continue.', fr: 'Saisissez les informations de votre Mobile Money' },
});

export const FormFilled = story('Form filled (Pay enabled)', {
  setup: filled,
  expect: { en: 'Pay CDF 1500', fr: 'Payer CDF 1500' },
});

export const WalletIdRequired = story('Form, number or wallet ID left empty (Wallet ID is required)', {
  setup: (c) => {
    filled(c);
    const state = visitOf(c.visits, drcVisit).state;
    state.number = '';
    state.numberLeft = true;
  },
  expect: { en: 'Wallet ID is required', fr: "L'identifiant de portefeuille est obligatoire" },
});

export const Submitting = story('Sending the payment request', {
  setup: (c) => {
    filled(c);
    visitOf(c.visits, drcVisit).state.payment.status = 'pending';
  },
  expect: { en: 'Sending the payment request to your phone…', fr: 'Envoi de la demande de paiement sur votre téléphone…' },
});

export const UssdWaiting = story('USSD notification, waiting for the PIN', {
  ...waiting('VODACOM', 0),
  expect: { en: 'Kindly check your mobile phone and enter your pin.', fr: 'Veuillez consulter votre téléphone mobile et saisir votre code PIN.' },
});

export const OrangeInProgress = story('ORANGE: Transaction in Progress', {
  ...waiting('ORANGE', 60_000),
  expect: { en: 'Transaction in Progress', fr: 'Transaction en cours' },
});

export const WaitOver = story('Wait over: Oops (Retry)', {
  ...waiting('AIRTEL', 60_000),
  expect: { en: 'Oops, something went wrong. Please try again.', fr: 'Oups, un problème est survenu. Veuillez réessayer.' },
});

export const WalletRefused = story('Wallet refused (02)', {
  result: { responseCode: '02', responseDescription: 'Mobile wallet payment failed', messageKey: 'drc-mobile-money.walletFailed' },
  expect: {
    en: 'Your mobile wallet could not complete the payment.',
    fr: "Votre portefeuille mobile n'a pas pu effectuer le paiement.",
  },
});
