import type { Meta, StoryObj } from '@storybook/react';
import { renderCheckout, scenario } from '@oja/stories/harness';
import { TERMS_PATH } from './index';

/** ZIB's terms of use page (spec channels §2): a route only the ZIB branding has. */
const meta = {
  title: 'Brandings/ZIB terms of use',
  render: renderCheckout,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Terms: Story = {
  name: 'Terms of use',
  parameters: {
    checkout: scenario({
      path: TERMS_PATH,
      brandings: ['ZIB'],
      expect: { en: 'Governing law', fr: 'Droit applicable' },
    }),
  },
};
