import type { Meta, StoryObj } from '@storybook/react';
import { renderCheckout, scenario } from '@oja/stories/harness';
import transfer from '@oja/transfer';
import { cardFixture, opayFixture, qrFixture, ussdFixture, walletFixture } from '@oja/testing/fixtures';

/** The result screen of spec core §2: each outcome, and the success message of each display mode. */
const meta = {
  title: 'Core/Result screen',
  render: renderCheckout,
  parameters: { checkout: scenario({ channel: 'transfer', path: '/payment/transfer' }) },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const SuccessRedirect: Story = {
  name: 'Payment Successful (REDIRECT)',
  parameters: {
    checkout: scenario({
      props: { displayMode: 'REDIRECT' },
      result: { responseCode: '00' },
      expect: { en: "You're being redirected to Oja Demo Store", fr: 'Vous allez être redirigé vers Oja Demo Store' },
    }),
  },
};

export const SuccessReceipt: Story = {
  name: 'Payment Successful: the receipt, opened on a paid payment (REDIRECT, a reload)',
  parameters: {
    checkout: scenario({
      props: { displayMode: 'REDIRECT' },
      result: {
        responseCode: '00',
        amount: '150000',
        paymentReference: 'OJA|MX_DEMO|104211',
        transactionDate: '2026-11-27T10:15:00.000Z',
      },
      expect: { en: 'Payment reference', fr: 'Référence du paiement' },
    }),
  },
};

export const SuccessDeliveredElsewhere: Story = {
  name: 'Payment Successful, sent by another page (a second tab)',
  parameters: {
    checkout: scenario({
      props: { displayMode: 'REDIRECT' },
      result: { responseCode: '00', paymentReference: 'OJA|MX_DEMO|104211' },
      setup: (c) => {
        c.state.delivered = true;
        c.state.deliveredElsewhere = true;
      },
      expect: { en: 'already has this result from another page', fr: 'a déjà reçu ce résultat depuis une autre page' },
    }),
  },
};

export const SuccessInline: Story = {
  name: 'Payment Successful (INLINE, with redirect URL)',
  parameters: {
    checkout: scenario({
      props: { displayMode: 'INLINE' },
      result: { responseCode: '00' },
      expect: { en: 'We are taking you back to Oja Demo Store...', fr: 'Nous vous ramenons vers Oja Demo Store…' },
    }),
  },
};

export const SuccessInlineNoRedirect: Story = {
  name: 'Payment Successful (INLINE, no redirect URL)',
  parameters: {
    checkout: scenario({
      props: { displayMode: 'INLINE', siteRedirectUrl: '' },
      result: { responseCode: '00' },
      expect: { en: 'Your transaction has been completed successfully', fr: 'Votre transaction a été effectuée avec succès' },
    }),
  },
};

export const SuccessPopup: Story = {
  name: 'Payment Successful (POPUP)',
  parameters: {
    checkout: scenario({
      props: { displayMode: 'POPUP' },
      result: { responseCode: '00' },
      expect: { en: "You're good to go. Feel free to close this window!", fr: 'Vous pouvez fermer cette fenêtre' },
    }),
  },
};

export const InProgress: Story = {
  name: 'Transaction in Progress (09)',
  parameters: { checkout: scenario({ result: { responseCode: '09' }, expect: { en: 'Transaction in Progress', fr: 'Transaction en cours' } }) },
};

export const Expired: Story = {
  name: 'Transaction Expired',
  parameters: { checkout: scenario({ result: { responseCode: 'XS1' }, expect: { en: 'Transaction Expired', fr: 'Transaction expirée' } }) },
};

export const Cancelled: Story = {
  name: 'Payment Cancelled',
  parameters: { checkout: scenario({ result: { responseCode: 'Z6' }, expect: { en: 'Payment Cancelled', fr: 'Paiement annulé' } }) },
};

export const FailedWithAlternatives: Story = {
  name: 'Payment Failed (with alternatives)',
  parameters: {
    checkout: scenario({
      // The card failed; transfer is offered as the alternative.
      channels: [cardFixture, transfer],
      channel: 'card',
      path: '/payment/card',
      result: { responseCode: '51' },
      expect: { en: 'or select an alternative payment method', fr: 'ou choisissez un autre moyen de paiement' },
    }),
  },
};

export const FailedManyAlternatives: Story = {
  name: 'Payment Failed (many alternatives: the list scrolls within 45vh)',
  parameters: {
    checkout: scenario({
      // More alternatives than a phone's 45vh holds: the list scrolls, its edge never cuts a row above its title.
      channels: [cardFixture, transfer, walletFixture, qrFixture, ussdFixture, opayFixture],
      channel: 'card',
      path: '/payment/card',
      result: { responseCode: '51' },
      expect: { en: 'or select an alternative payment method', fr: 'ou choisissez un autre moyen de paiement' },
    }),
  },
};

export const FailedNoAlternatives: Story = {
  name: 'Payment Failed (no alternative)',
  parameters: {
    checkout: scenario({
      result: { responseCode: '51' },
      expect: { en: 'Insufficient funds', fr: 'Fonds insuffisants' },
    }),
  },
};

export const FailedGeneric: Story = {
  name: 'Payment Failed (generic: no code-specific message)',
  parameters: {
    checkout: scenario({
      result: { responseCode: '', messageKey: 'core.error.default' },
      expect: { en: 'Oops, something went wrong...', fr: "Oups, une erreur s'est produite…" },
    }),
  },
};
