import type { Meta, StoryObj } from '@storybook/react';
import { userEvent, within } from 'storybook/test';
import { renderCheckout, scenario } from '@oja/stories/harness';

/** "Cancel Payment?" (companion §2), with the default wording and with the ongoing channel's. */
const meta = {
  title: 'Core/Cancel dialog',
  render: renderCheckout,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const DefaultWording: Story = {
  name: 'Open (default wording)',
  parameters: {
    checkout: scenario({ expect: { en: 'Are you sure you want to cancel this payment?', fr: 'Voulez-vous vraiment annuler ce paiement ?' } }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByTestId('cancel-payment'));
  },
};

export const TransferWording: Story = {
  name: 'Open (transfer wording)',
  parameters: {
    checkout: scenario({
      channel: 'transfer',
      path: '/payment/transfer',
      // The account is still being generated behind the dialog.
      http: { 'POST /api/v1/virtualaccount/generate': () => new Promise(() => {}) },
      setup: (c) => {
        c.state.cancelDialogOpen = true;
      },
      expect: { en: 'I have done a Transfer', fr: "J'ai effectué un virement" },
    }),
  },
};
