import type { Meta, StoryObj } from '@storybook/react';
import { renderCheckout } from '@oja/stories/harness';
import { logoSheet } from '@oja/stories/logo-sheet';
import { Logo } from './Logo';

/** MUL's logotype at the header's and the footer's sizes, on the page, a card and the header. */
const meta = { title: 'Brandings/MUL logo', render: renderCheckout } satisfies Meta;

export default meta;

export const Sizes: StoryObj<typeof meta> = { name: 'At 44 and 22 px', parameters: { checkout: logoSheet(Logo, 'MUL') } };
