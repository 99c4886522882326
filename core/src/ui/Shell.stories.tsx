import type { Meta, StoryObj } from '@storybook/react';
import { userEvent, within } from 'storybook/test';
import { renderCheckout, scenario, textOf } from '@oja/stories/harness';
import { defineChannel } from '../plugin';
import { notify } from '../state/actions';
import { useT } from '../i18n';
import { demoMessages } from './demoMessages';
import { PendingLayout } from '../primitives/PendingLayout';
import { SimulateControl } from '../primitives/SimulateControl';

/** The shell around every screen: method list, header, footer, cancel button, toast, error boundary, demo panel. */
const meta = {
  title: 'Core/Shell',
  render: renderCheckout,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** A channel whose screen fails to render, to show the error boundary. */
const brokenChannel = defineChannel({
  id: 'broken',
  // The card's code keeps it offered under every acquirer's channel policy (ZIB allows card and transfer only).
  code: 'CARD',
  path: '/payment/broken',
  isAvailable: () => true,
  screen: async () => ({
    default: function BrokenScreen(): never {
      throw new Error('Story: this screen fails on purpose');
    },
  }),
  messages: { en: {}, fr: {} },
});

export const MethodList: Story = {
  name: 'Method list (one channel)',
  parameters: { checkout: scenario({ expect: { en: 'Pay with Transfer', fr: 'Payer par virement' } }) },
};

export const NoMethods: Story = {
  name: 'Method list (empty)',
  parameters: {
    checkout: scenario({
      channels: [],
      expect: { en: 'No payment method is available', fr: "Aucun moyen de paiement n'est disponible" },
    }),
  },
};

export const HeaderWithEmailAndFee: Story = {
  name: 'Header with customer e-mail and fee',
  parameters: {
    checkout: scenario({
      props: { customerEmail: 'ada.obi@example.com', passFeeToCustomer: true, surcharge: 15000, checkoutAmount: 165000 },
      expect: { en: 'FEE NGN 150.00', fr: 'FRAIS NGN 150,00' },
    }),
  },
};

export const HeaderWithLongName: Story = {
  // No logo URL: a story fetches nothing from outside (the header's logo is unit-tested).
  name: 'Header with a long merchant name and a large amount',
  parameters: {
    checkout: scenario({
      props: {
        merchantName: 'Mama Nkechi Fabrics and Tailoring Cooperative of Lagos',
        checkoutAmount: 123456789,
      },
      expect: { en: 'Mama Nkechi Fabrics', fr: 'Mama Nkechi Fabrics' },
    }),
  },
};

/** INLINE: the page is the merchant's dialog, transparent around the card (the SDK's scrim shows there). */
export const Inline: Story = {
  name: 'Inline (the card is the dialog)',
  parameters: {
    checkout: scenario({
      props: { displayMode: 'INLINE' },
      expect: { en: 'Choose a payment method', fr: 'Choisissez un moyen de paiement' },
    }),
  },
};

export const BulkPayment: Story = {
  name: 'Bulk payment cancel label',
  parameters: {
    checkout: scenario({ props: { isBulkPayment: true }, expect: { en: 'Cancel Payment', fr: 'Annuler le paiement' } }),
  },
};

export const IncorrectRedirect: Story = {
  name: 'Incorrect Transaction (REDIRECT)',
  parameters: {
    checkout: scenario({
      props: { responseCode: 'Z5', displayMode: 'REDIRECT' },
      expect: { en: 'Incorrect Transaction', fr: 'Transaction incorrecte' },
    }),
  },
};

export const IncorrectInline: Story = {
  name: 'Incorrect Transaction (INLINE)',
  parameters: {
    checkout: scenario({ props: { responseCode: 'Z5', displayMode: 'INLINE' }, expect: { en: 'Go Back', fr: 'Retour' } }),
  },
};

export const ToastInfo: Story = {
  name: 'Toast (INFO)',
  parameters: {
    checkout: scenario({
      setup: (c, t) => notify(c, t('core.error.stillTrying'), 'INFO', null),
      expect: { en: 'We will keep trying', fr: 'Nous continuons' },
    }),
  },
};

export const ToastError: Story = {
  name: 'Toast (ERROR, default message)',
  parameters: {
    checkout: scenario({
      setup: (c) => notify(c, '', 'ERROR', null),
      expect: { en: 'Something went wrong. Please try again.', fr: "Une erreur s'est produite. Veuillez réessayer." },
    }),
  },
};

export const ToastTryAgain: Story = {
  name: 'Toast (a temporary failure: try again)',
  parameters: {
    checkout: scenario({
      setup: (c, t) => notify(c, t('core.error.tryAgain'), 'ERROR', null),
      expect: { en: 'Something went wrong! Please try again!', fr: "Une erreur s'est produite ! Veuillez réessayer !" },
    }),
  },
};

export const ToastTryAgainLater: Story = {
  name: 'Toast (rate limited: try again in 1 minute)',
  parameters: {
    checkout: scenario({
      setup: (c, t) => notify(c, t('core.error.tryAgainLater'), 'ERROR', null),
      expect: { en: 'Please try again in 1 minute!', fr: 'Veuillez réessayer dans 1 minute !' },
    }),
  },
};

/** A waiting screen whose sandbox control was just used: the page says it is settling the payment. */
const settlingChannel = defineChannel({
  id: 'settling',
  code: 'CARD',
  path: '/payment/settling',
  isAvailable: () => true,
  screen: async () => ({
    default: function SettlingScreen() {
      const t = useT();
      return (
        <PendingLayout title={t('core.pending.loading')}>
          <SimulateControl initiallySettling />
        </PendingLayout>
      );
    },
  }),
  messages: { en: {}, fr: {} },
});

export const SimulateSettling: Story = {
  name: 'Sandbox simulate control (settling)',
  parameters: {
    checkout: scenario({
      channels: [settlingChannel],
      path: '/payment/settling',
      env: { sandbox: true },
      expect: { en: 'Settling this payment…', fr: 'Règlement du paiement en cours…' },
    }),
  },
};

export const ErrorBoundaryFallback: Story = {
  name: 'Error boundary fallback',
  parameters: {
    checkout: scenario({
      channels: [brokenChannel],
      path: '/payment/broken',
      throws: true,
      expect: { en: 'Oops, something went wrong. Please contact support', fr: "Oups, une erreur s'est produite. Veuillez contacter le support" },
    }),
  },
};

export const DemoPanelOpen: Story = {
  name: 'Demo panel open (sandbox)',
  parameters: {
    checkout: scenario({ env: { sandbox: true }, expect: { en: 'This payment: NGN 1,500.00', fr: 'Ce paiement : NGN' } }),
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: textOf([demoMessages], globals.locale, 'core.demo.open') }));
  },
};
