import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react';
import { userEvent, within } from 'storybook/test';
import { HttpError, registerMessages, serverNow } from '@oja/core';
import { STORY_SCREEN_PATH, renderCheckout, scenario, textOf } from '@oja/stories/harness';
import transfer from './index';
import { Waiting } from './Waiting';
import { EXTENSION_MS, MAX_EXTENSIONS } from './constants';
import { screenMessages } from './screenMessages';

// In the page these come with the transfer screen's chunk; the waiting and error stories can open before it loads.
registerMessages(screenMessages);

const ACCOUNT = {
  responseCode: '00',
  accountNumber: '9012345678',
  bankName: 'Oja Microfinance Bank',
  accountName: 'Oja Demo Store Checkout',
  validityPeriodMins: 30,
};
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
 * The waiting view as it is once time has passed: `Waiting` inside the shell, its wait ending `endsInMs` from now
 * (null: already over). "Wait 5 more minutes" works as on the page.
 */
function waitingScreen(o: { endsInMs: number | null; extensionsUsed: number; failures: number }) {
  return function WaitingStory() {
    const [deadline, setDeadline] = useState(() => (o.endsInMs === null ? 0 : serverNow() + o.endsInMs));
    const [used, setUsed] = useState(o.extensionsUsed);
    const onExtend = () => {
      if (used >= MAX_EXTENSIONS) return;
      setUsed(used + 1);
      setDeadline(Math.max(deadline, serverNow()) + EXTENSION_MS);
    };
    return <Waiting waitDeadline={deadline} extensionsUsed={used} onExtend={onExtend} failures={o.failures} />;
  };
}
const WaitEnded = waitingScreen({ endsInMs: null, extensionsUsed: 0, failures: 0 });
const ExtensionsUsedUp = waitingScreen({ endsInMs: null, extensionsUsed: MAX_EXTENSIONS, failures: 0 });
const StillTrying = waitingScreen({ endsInMs: 7 * 60_000, extensionsUsed: 0, failures: 2 });

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
    checkout: scenario({ http: { [GENERATE]: () => ACCOUNT }, expect: { en: 'Oja Microfinance Bank', fr: 'Valable 30 minutes' } }),
  },
};

export const WaitingForTransfer: Story = {
  name: 'Waiting for the transfer',
  parameters: {
    checkout: scenario({
      http: { [GENERATE]: () => ACCOUNT, [STATUS]: () => ({ responseCode: '09' }) },
      expect: { en: 'Confirming your transfer', fr: 'Confirmation de votre virement' },
    }),
  },
  play: async ({ canvasElement, globals }) => {
    const name = textOf([screenMessages], globals.locale, 'transfer.transferred');
    await userEvent.click(await within(canvasElement).findByRole('button', { name }));
  },
};

export const WaitingEnded: Story = {
  name: 'Wait over (Wait 5 more minutes)',
  parameters: {
    checkout: scenario({
      screen: WaitEnded,
      screenChannel: transfer,
      path: STORY_SCREEN_PATH,
      expect: { en: 'Wait 5 more minutes', fr: 'Attendre 5 minutes de plus' },
    }),
  },
};

export const ExtensionsExhausted: Story = {
  name: 'Wait over, extensions used up',
  parameters: {
    checkout: scenario({
      screen: ExtensionsUsedUp,
      screenChannel: transfer,
      path: STORY_SCREEN_PATH,
      expect: { en: 'We are still checking', fr: 'Nous vérifions toujours' },
    }),
  },
};

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
