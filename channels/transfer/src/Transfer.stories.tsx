import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react';
import { userEvent, within } from 'storybook/test';
import { HttpError, registerMessages, serverNow, useT } from '@oja/core';
import type { Checkout } from '@oja/core';
import { STORY_SCREEN_PATH, renderCheckout, scenario, textOf } from '@oja/stories/harness';
import type { CheckoutScenario } from '@oja/stories/harness';
import transfer from './index';
import type { TransferAccount } from './api';
import { WaitingView } from '@oja/core/waiting-view';
import { MAX_EXTENSIONS } from './constants';
import { transferVisit } from './visit';
import { screenMessages } from './screenMessages';
import { visitOf } from '@oja/core/visit';

// In the page these come with the transfer screen's chunk; the waiting and error stories can open before it loads.
registerMessages(screenMessages);

/** The account, as the API gives it (less when it was generated: the screen notes that). */
const ACCOUNT = {
  accountNumber: '9012345678',
  bankName: 'Oja Microfinance Bank',
  accountName: 'Oja Demo Store Checkout',
  validityPeriodMins: 30,
} satisfies Omit<TransferAccount, 'generatedAt'>;
const GENERATED = () => ({ responseCode: '00', ...ACCOUNT });
const GENERATE = 'POST /api/v1/virtualaccount/generate';
const STATUS = 'GET /api/v1/virtualaccount/status';

/** The transfer channel (spec core §2 "Transfer"): generating, the account, the wait and its end, the error view. */
const meta = {
  title: 'Channels/Transfer',
  render: renderCheckout,
  parameters: { checkout: scenario({ channel: 'transfer', path: '/payment/transfer' }) },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The visit as it is once time has passed: the account shown, "I have transferred" pressed, the wait over with
 * `extensions` taken. The real screen shows it: "Wait 5 more minutes" works as on the page.
 */
function waitOver(extensions: number) {
  return (c: Checkout) => {
    // The account as the server's prefetch gives it: the visit starts with it shown.
    c.state.prefetched.transfer = { ...ACCOUNT, generatedAt: serverNow() } satisfies TransferAccount;
    const state = visitOf(c.visits, transferVisit).state;
    state.stage = 'waiting';
    state.waitDeadline = serverNow();
    state.extensions = extensions;
  };
}

/** A story of the real screen once time has passed: its visit as `setup` leaves it, the status still pending. */
const later = (name: string, setup: (c: Checkout) => void, expected: CheckoutScenario['expect']): Story => ({
  name,
  parameters: { checkout: scenario({ http: { [STATUS]: () => ({ responseCode: '09' }) }, setup, expect: expected }) },
});

/** The waiting view with status checks failing (the poller's count, not the visit's): the transfer's wait inside the shell. */
function StillTrying() {
  const t = useT();
  const [deadline] = useState(() => serverNow() + 7 * 60_000);
  return <WaitingView title={t('transfer.waitingTitle')} message={t('transfer.waitingMessage')} deadline={deadline} failures={2} />;
}

export const Generating: Story = {
  name: 'Generating the account',
  parameters: {
    checkout: scenario({
      http: { [GENERATE]: () => new Promise(() => {}) },
      expect: { en: 'Generating your account number', fr: 'Génération de votre numéro de compte' },
    }),
  },
};

export const GenerateFailed: Story = {
  name: 'Generating failed (Try again)',
  parameters: {
    checkout: scenario({
      http: {
        [GENERATE]: () => {
          throw new HttpError('Network error', 'network');
        },
      },
      expect: { en: 'We could not generate an account for this payment.', fr: "Nous n'avons pas pu générer de compte pour ce paiement." },
    }),
  },
};

export const AccountShown: Story = {
  name: 'Account shown',
  parameters: {
    checkout: scenario({ http: { [GENERATE]: GENERATED }, expect: { en: 'Oja Microfinance Bank', fr: 'Valable 30 minutes' } }),
  },
};

export const WaitingForTransfer: Story = {
  name: 'Waiting for the transfer',
  parameters: {
    checkout: scenario({
      http: { [GENERATE]: GENERATED, [STATUS]: () => ({ responseCode: '09' }) },
      expect: { en: 'Confirming your transfer', fr: 'Confirmation de votre virement' },
    }),
  },
  play: async ({ canvasElement, globals }) => {
    const name = textOf([screenMessages], globals.locale, 'transfer.transferred');
    // The screen is a lazy chunk: on a busy machine it takes longer than findBy's default second to come.
    await userEvent.click(await within(canvasElement).findByRole('button', { name }, { timeout: 8_000 }));
  },
};

export const WaitingEnded = later('Wait over (Wait 5 more minutes)', waitOver(0), { en: 'Wait 5 more minutes', fr: 'Attendre 5 minutes de plus' });

export const ExtensionsExhausted = later('Wait over, extensions used up', waitOver(MAX_EXTENSIONS), {
  en: 'We are still checking',
  fr: 'Nous vérifions encore',
});

export const ConnectionTrouble: Story = {
  name: 'Waiting, status checks failing',
  parameters: {
    checkout: scenario({
      screen: StillTrying,
      screenChannel: transfer,
      path: STORY_SCREEN_PATH,
      expect: { en: 'We are having trouble confirming your payment', fr: 'Nous avons du mal à confirmer votre paiement' },
    }),
  },
};

export const TransactionError: Story = {
  name: 'Transaction Error',
  parameters: {
    checkout: scenario({
      result: { responseCode: '06', titleKey: 'transfer.errorTitle', messageKey: 'transfer.errorMessage' },
      expect: { en: 'Transaction Error', fr: 'Erreur de transaction' },
    }),
  },
};
