import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, within } from 'storybook/test';
import { registerMessages } from '@oja/core';
import type { Checkout } from '@oja/core';
import { renderCheckout, scenario, textOf } from '@oja/stories/harness';
import { visitOf } from '@oja/core/visit';
import card from '@oja/card';
import googlePay from './index';
import { googlePayVisit, INVALID_DATA_KEY } from './flow';
import { googlePayConfig } from './request';
import { screenMessages } from './screenMessages';
import { fakeGoogleApi, GOOGLE_PAY_OFFERED, GOOGLE_PAY_TOKEN, installFakeGoogle, removeFakeGoogle } from './fixtures';
import type { FakeGoogle } from './fixtures';

// In the page these come with the screen's chunk; a play function finds controls by them before it loads.
registerMessages(screenMessages);

/** How long a play function waits for the lazily loaded screen (slow on a busy machine), ms. */
const loaded = { timeout: 8_000 };
const gpText = (locale: unknown, key: string, params?: Record<string, unknown>) => textOf([screenMessages], locale, key, params);

/**
 * Google Pay (companion §2 "Google Pay screen"): loading Google's script, its button, its sheet open, not available,
 * the script not loaded, an answer refused (PAYMENT_DATA_INVALID), then the authorized card's CVV. Google's button
 * and sheet are Google's: here a fake of its client draws a plain button. ZIB offers card and transfer only.
 */
const meta = {
  title: 'Channels/Google Pay',
  render: renderCheckout,
  parameters: {
    checkout: scenario({
      channels: [card, googlePay],
      channel: 'google-pay',
      path: '/payment/google',
      props: GOOGLE_PAY_OFFERED,
      brandings: ['', 'MUL', 'HALO'],
      setup: () => void installFakeGoogle(),
    }),
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The screen where the payer has got to: Google's client ready (a fake), the visit's state set. */
function at(state: Partial<ReturnType<typeof googlePayVisit.create>>, google: FakeGoogle = {}, token: string | null = null) {
  return (c: Checkout) => {
    removeFakeGoogle();
    const v = visitOf(c.visits, googlePayVisit);
    const config = googlePayConfig(c.state.props);
    v.secret.client = config && new (fakeGoogleApi(google).PaymentsClient)({ environment: config.environment });
    v.secret.token = token;
    Object.assign(v.state, { loads: 1, phase: 'ready' }, state);
  };
}

export const LoadingGooglePay: Story = {
  name: "Loading Google's script",
  parameters: {
    checkout: scenario({
      setup: () => void installFakeGoogle({ ready: 'never' }),
      expect: { en: 'Loading Google Pay…', fr: 'Chargement de Google Pay…' },
    }),
  },
};

export const Ready: Story = {
  name: "Google's button",
  parameters: {
    checkout: scenario({
      expect: { en: 'Click on the button below to start payment.', fr: 'Cliquez sur le bouton ci-dessous pour commencer le paiement.' },
    }),
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Google Pay' }, loaded)).toBeTruthy();
  },
};

export const SheetOpen: Story = {
  name: "Google's sheet open",
  parameters: {
    checkout: scenario({
      setup: at({ sheetOpen: true }),
      expect: { en: 'Complete the payment in the Google Pay window.', fr: 'Terminez le paiement dans la fenêtre Google Pay.' },
    }),
  },
};

export const NotAvailable: Story = {
  name: 'Not available (Google Pay not ready)',
  parameters: {
    checkout: scenario({
      setup: () => void installFakeGoogle({ ready: false }),
      expect: {
        en: 'Google Pay is not available for this payment on this device. Please use a different payment option.',
        fr: "Google Pay n'est pas disponible pour ce paiement sur cet appareil. Veuillez utiliser un autre moyen de paiement.",
      },
    }),
  },
};

export const ScriptFailed: Story = {
  name: "Google's script could not load",
  parameters: {
    checkout: scenario({
      setup: removeFakeGoogle,
      expect: {
        en: 'Google Pay could not be loaded. Check your connection and try again.',
        fr: "Google Pay n'a pas pu être chargé. Vérifiez votre connexion et réessayez.",
      },
    }),
  },
  play: async ({ canvasElement, globals }) => {
    await expect(await within(canvasElement).findByRole('button', { name: gpText(globals.locale, 'google-pay.tryAgain') }, loaded)).toBeTruthy();
  },
};

export const PaymentDataInvalid: Story = {
  name: 'Answer refused (PAYMENT_DATA_INVALID)',
  parameters: {
    checkout: scenario({
      setup: at({ error: INVALID_DATA_KEY }),
      expect: {
        en: 'An error occurred, kindly use a different payment option',
        fr: "Une erreur s'est produite, veuillez utiliser un autre moyen de paiement",
      },
    }),
  },
};

export const Authorized: Story = {
  name: 'Card authorized: CVV and Pay',
  parameters: {
    checkout: scenario({
      setup: at({ phase: 'authorized', card: { network: 'VISA', last4: '1111' } }, {}, GOOGLE_PAY_TOKEN),
      expect: { en: 'Visa ending in 1111', fr: 'Visa se terminant par 1111' },
    }),
  },
};

export const AuthorizedCvvRequired: Story = {
  name: 'Card authorized, Pay pressed without the CVV',
  parameters: {
    checkout: scenario({
      setup: at({ phase: 'authorized', card: { network: 'MASTERCARD', last4: '0008' } }, {}, GOOGLE_PAY_TOKEN),
      expect: { en: 'Provide card CVV', fr: 'Indiquez le CVV de la carte' },
    }),
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(gpText(globals.locale, 'google-pay.cvvNote'), {}, loaded);
    await userEvent.click(canvas.getByTestId('card-pay'));
  },
};
