import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, within } from 'storybook/test';
import { renderCheckout, scenario, textOf } from '@oja/stories/harness';
import escrow from './index';
import { messages } from './messages';

/** Lazy screens load on first use: a story's play waits up to this long for them, ms. */
const loaded = { timeout: 8_000 };
const text = (locale: unknown, key: string) => textOf([messages], locale, key);
const TERMS = { escrowFee: 25, cancellationPeriod: 3, refundDuration: 7, customerEmail: 'ada@example.com', customerMobileNo: '08012345678' };

/** Escrow (companion §2 "Escrow screen"): the terms before the method list, header hidden, under every branding. */
const meta = {
  title: 'Gates/Escrow',
  render: renderCheckout,
  parameters: { checkout: scenario({ gates: [escrow], props: TERMS }) },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Terms: Story = {
  name: 'The terms, Continue disabled',
  parameters: { checkout: scenario({ expect: { en: 'Escrow payment', fr: 'Paiement sous séquestre' } }) },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const cont = await canvas.findByRole('button', { name: text(globals.locale, 'escrow.continue') }, loaded);
    await expect((cont as HTMLButtonElement).disabled).toBe(true);
  },
};

export const Agreed: Story = {
  name: 'Agreed: Continue enabled',
  parameters: { checkout: scenario({ expect: { en: 'Escrow payment', fr: 'Paiement sous séquestre' } }) },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox', {}, loaded));
    await expect((canvas.getByRole('button', { name: text(globals.locale, 'escrow.continue') }) as HTMLButtonElement).disabled).toBe(false);
  },
};

export const OneDay: Story = {
  name: 'One day, another currency (UGX)',
  parameters: {
    checkout: scenario({
      props: { ...TERMS, currencyCode: '800', escrowFee: 1500, refundDuration: 1, cancellationPeriod: 1, customerMobileNo: undefined },
      expect: { en: '1 day', fr: '1 jour' },
    }),
  },
};
