import type { ComponentType } from 'react';
import type { Meta, StoryObj } from '@storybook/react';
import { HttpError, registerMessages, serverNow } from '@oja/core';
import { STORY_SCREEN_PATH, renderCheckout, scenario } from '@oja/stories/harness';
import type { StoryBranding } from '@oja/stories/harness';
import qr from './index';
import { QrPending } from './Pending';
import { screenMessages } from './screenMessages';

// In the page these come with the QR screen's chunk; the stories of a later state can open before it loads.
registerMessages(screenMessages);

/** What the sandbox generates for core's sample payment. */
const RAW = '00020101021226310014ng.oja.sandbox01094242001-152040000530356654071500.005802NG5914Oja Demo Store6005Lagos62120508TXN-000163042107';
const QR = { responseCode: '00', rawQRData: RAW, validityPeriodMins: 10 };
const GENERATE = 'POST /api/v1/qr/generate';
const STATUS = 'GET /api/v1/qr/status';
/** ZIB allows only card and transfer (spec core §5): the QR screen exists under the other brandings. */
const BRANDINGS: readonly StoryBranding[] = ['', 'MUL', 'HALO'];
const OFFERED = { nonCardOptions: [{ providerCode: 'QR', enabled: true }], paymentChannels: ['CARD', 'QR'] };

/** The QR channel (spec core §2 "QR"): generating, generation failed, the code while the status is confirmed, and after. */
const meta = {
  title: 'Channels/QR',
  render: renderCheckout,
  parameters: {
    checkout: scenario({ channels: [qr], channel: 'qr', path: '/payment/qr', props: OFFERED, brandings: BRANDINGS }),
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The code shown as it is once time has passed: `QrPending` inside the shell. */
function confirmingScreen(o: { expiresInMs: number | null; failures: number }) {
  return function ConfirmingStory() {
    const payment = { rawQRData: RAW, expiresAt: o.expiresInMs === null ? null : serverNow() + o.expiresInMs };
    return <QrPending payment={payment} failures={o.failures} />;
  };
}
const ValidityOverScreen = confirmingScreen({ expiresInMs: -1_000, failures: 0 });
const StillTryingScreen = confirmingScreen({ expiresInMs: 6 * 60_000, failures: 2 });
const UntimedScreen = confirmingScreen({ expiresInMs: null, failures: 0 });

const offline = () => {
  throw new HttpError('Network error', 'network');
};

const later = (screen: ComponentType, expect: { en: string; fr: string }) =>
  scenario({ screen, screenChannel: qr, path: STORY_SCREEN_PATH, channels: [], expect });

export const Generating: Story = {
  name: 'Generating the code',
  parameters: {
    checkout: scenario({ http: { [GENERATE]: () => new Promise(() => {}) }, expect: { en: 'Generating your QR code', fr: 'Génération de votre QR code' } }),
  },
};

export const GenerateFailed: Story = {
  name: 'Generating failed (Try again)',
  parameters: {
    checkout: scenario({
      http: { [GENERATE]: offline },
      expect: { en: 'We could not generate a QR code for this payment.', fr: "Nous n'avons pas pu générer de QR code pour ce paiement." },
    }),
  },
};

export const CodeShown: Story = {
  name: 'Code shown, confirming the status',
  parameters: {
    checkout: scenario({
      http: { [GENERATE]: () => QR, [STATUS]: () => ({ responseCode: '09' }) },
      expect: { en: 'Confirming transaction status', fr: 'Confirmation du statut de la transaction' },
    }),
  },
};

export const NoValidity: Story = {
  name: 'Code shown, no validity given',
  parameters: { checkout: later(UntimedScreen, { en: 'Scan with your bank app', fr: 'Scannez avec votre application bancaire' }) },
};

export const ValidityOver: Story = {
  name: 'Validity over, still confirming',
  parameters: { checkout: later(ValidityOverScreen, { en: 'This QR code is no longer valid', fr: "Ce QR code n'est plus valable" }) },
};

export const ConnectionTrouble: Story = {
  name: 'Status checks failing',
  parameters: {
    checkout: later(StillTryingScreen, { en: 'We are having trouble confirming your payment', fr: 'Nous avons du mal à confirmer votre paiement' }),
  },
};

export const CancelDialog: Story = {
  name: 'Cancel dialog (QR warning)',
  parameters: {
    checkout: scenario({
      http: { [GENERATE]: () => QR, [STATUS]: () => ({ responseCode: '09' }) },
      setup: (c) => {
        c.state.cancelDialogOpen = true;
      },
      expect: { en: 'If you have scanned the code and paid', fr: 'Si vous avez scanné le code et payé' },
    }),
  },
};

export const PaymentFailed: Story = {
  name: 'Payment failed (Retry payment)',
  parameters: {
    checkout: scenario({ result: { responseCode: '05' }, expect: { en: 'Your bank declined the transaction', fr: 'Votre banque a refusé la transaction' } }),
  },
};
