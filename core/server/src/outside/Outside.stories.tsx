import type { ComponentType } from 'react';
import type { Meta, StoryObj } from '@storybook/react';
import type { Locale, MessageBundle } from '@oja/core';
import { renderCheckout, scenario } from '@oja/stories/harness';
import { resultMessages } from '@oja/core/shell';
import { outsideMessages } from './messages';
import { homeMessages } from './homeMessages';
import { SessionGone, Unavailable, Unreachable } from './Unreachable';
import { Home } from './Home';

/**
 * The pages outside a payment, as the server renders them: no script, no payment, so no header, footer or branding
 * (they are shown under the default branding only).
 */
const meta = {
  title: 'Core/Pages outside a payment',
  render: renderCheckout,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const FIELDS = { merchant_code: 'MX_DEMO', pay_item_id: 'Default_Payable_MX_DEMO', txn_ref: 'ORDER-1042', amount: '150000', currency: '566' };
const TEST_CARDS = [
  { number: '5061050254756707864', brand: 'Verve', pin: '1111', otp: '123456', result: '00' },
  { number: '4000000000002503', brand: 'Visa', challengeCode: '123456', result: '00' },
];

/** A page outside a payment as a story: its content, its strings, and the text that shows it rendered. */
const outsidePage = (name: string, content: ComponentType, messages: MessageBundle[], expect: Record<Locale, string>): Story => ({
  name,
  parameters: { checkout: scenario({ brandings: [''], outside: { content, messages }, expect }) },
});

export const CouldNotReach = outsidePage('Could not reach the checkout (503, POST /pay)', () => <Unreachable fields={FIELDS} />, [outsideMessages], {
  en: 'We could not reach the checkout',
  fr: 'Impossible de joindre le service de paiement',
});

export const BrieflyUnavailable = outsidePage(
  'Briefly unavailable (503, the session store away)',
  () => <Unavailable retryPath="/payment/transfer?p=session" />,
  [outsideMessages],
  {
    en: 'The checkout is briefly unavailable',
    fr: 'Le paiement est momentanément indisponible',
  },
);

export const SessionGoneWithWayBack = outsidePage(
  'Payment page no longer open (404, its session gone), the shop known',
  () => <SessionGone back="https://shop.example/cart" />,
  [outsideMessages],
  { en: 'This payment page is no longer open', fr: "Cette page de paiement n'est plus ouverte" },
);

export const SessionGone404 = outsidePage(
  'Payment page no longer open (404, its session gone), the shop unknown',
  () => <SessionGone />,
  [outsideMessages],
  { en: "Use your browser's Back button", fr: 'bouton Retour de votre navigateur' },
);

export const HomeSandbox = outsidePage(
  'Home (/), sandbox',
  () => <Home sandbox storeBase="http://127.0.0.1:4401" testCards={TEST_CARDS} />,
  [homeMessages, resultMessages],
  {
    en: 'Open the demo store',
    fr: 'Ouvrir la boutique de démonstration',
  },
);

export const HomeLive = outsidePage('Home (/), with a real collections API', () => <Home sandbox={false} />, [homeMessages, resultMessages], {
  en: "Payments start from your merchant's site: go back to it to pay.",
  fr: 'Les paiements commencent sur le site de votre marchand : retournez-y pour payer.',
});
