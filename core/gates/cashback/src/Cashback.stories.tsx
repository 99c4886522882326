import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, within } from 'storybook/test';
import { GATE_PATH, HttpError } from '@oja/core';
import { renderCheckout, scenario, textOf } from '@oja/stories/harness';
import cashback from './index';
import { messages } from './messages';

/** The page's acceptance of the gate, on the checkout server, which makes the opt-in for the page's session. */
const ACCEPT = `POST ${GATE_PATH}?p=test-session&gate=cashback&decision=accepted`;

/** Lazy screens load on first use: a story's play waits up to this long for them, ms. */
const loaded = { timeout: 8_000 };
const text = (locale: unknown, key: string) => textOf([messages], locale, key);

/** Cashback (companion §2 "Cashback screen", §4, §5, §8): before the method list, under every branding. */
const meta = {
  title: 'Gates/Cashback',
  render: renderCheckout,
  parameters: {
    checkout: scenario({
      gates: [cashback],
      props: { tucRewardPercentage: 5, tucRewardDescription: 'Earn 5% back in Oja points on this order' },
      http: {
        [ACCEPT]: () => {
          throw new HttpError('HTTP 422', 'http', 422, { responseCode: '422', responseDescription: 'Not enrolled in the cashback programme' });
        },
      },
    }),
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Offer: Story = {
  name: 'The offer',
  parameters: {
    checkout: scenario({ expect: { en: 'Congratulations! You Qualify for Cashback', fr: 'Félicitations ! Vous avez droit à un remboursement' } }),
  },
};

export const Empty: Story = {
  name: 'Continue pressed with nothing typed',
  parameters: { checkout: scenario({ expect: { en: 'Continue to payment', fr: 'Continuer vers le paiement' } }) },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: text(globals.locale, 'cashback.continue') }, loaded));
    await expect(await canvas.findByText(text(globals.locale, 'cashback.required'))).toBeTruthy();
  },
};

export const Refused: Story = {
  name: "Refused: the API's description",
  parameters: { checkout: scenario({ expect: { en: 'Continue to payment', fr: 'Continuer vers le paiement' } }) },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(text(globals.locale, 'cashback.valueLabel'), {}, loaded), '0000');
    await userEvent.click(canvas.getByRole('button', { name: text(globals.locale, 'cashback.continue') }));
    await expect(await canvas.findByText('Not enrolled in the cashback programme')).toBeTruthy();
  },
};

export const Failed: Story = {
  name: 'Failed: the generic message',
  parameters: {
    checkout: scenario({
      http: {
        [ACCEPT]: () => {
          throw new HttpError('Network error', 'network');
        },
      },
      expect: { en: 'Continue to payment', fr: 'Continuer vers le paiement' },
    }),
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(text(globals.locale, 'cashback.valueLabel'), {}, loaded), '08012345678');
    await userEvent.click(canvas.getByRole('button', { name: text(globals.locale, 'cashback.continue') }));
    await expect(await canvas.findByText(text(globals.locale, 'cashback.failed'))).toBeTruthy();
  },
};
