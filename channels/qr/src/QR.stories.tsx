import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react';
import { HttpError, registerMessages, serverNow } from '@oja/core';
import type { Checkout } from '@oja/core';
import { STORY_SCREEN_PATH, renderCheckout, scenario } from '@oja/stories/harness';
import type { CheckoutScenario, StoryBranding } from '@oja/stories/harness';
import qr from './index';
import { QrWaiting } from './Screen';
import { qrVisit } from './visit';
import { screenMessages } from './screenMessages';
import { visitOf } from '@oja/core/visit';

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

/**
 * The visit as it is once time has passed: the code generated earlier, its validity ending `expiresInMs` from now
 * (null: the API gave none). The real screen shows it, confirming the status.
 */
function codeShown(expiresInMs: number | null) {
  return (c: Checkout) => {
    const code = visitOf(c.visits, qrVisit).state.code;
    code.status = 'success';
    code.response = { rawQRData: RAW, expiresAt: expiresInMs === null ? null : serverNow() + expiresInMs };
  };
}

/** A story of the real screen once time has passed: its visit as `setup` leaves it, the status still pending. */
const later = (name: string, setup: (c: Checkout) => void, expected: CheckoutScenario['expect']): Story => ({
  name,
  parameters: { checkout: scenario({ http: { [STATUS]: () => ({ responseCode: '09' }) }, setup, expect: expected }) },
});

/** The code shown with status checks failing (the poller's count, not the visit's): `QrWaiting` inside the shell. */
function StillTryingScreen() {
  const [payment] = useState(() => ({ rawQRData: RAW, expiresAt: serverNow() + 6 * 60_000 }));
  return <QrWaiting payment={payment} failures={2} />;
}

const offline = () => {
  throw new HttpError('Network error', 'network');
};

export const Generating: Story = {
  name: 'Generating the code',
  parameters: {
    checkout: scenario({
      http: { [GENERATE]: () => new Promise(() => {}) },
      expect: { en: 'Generating your QR code', fr: 'Génération de votre QR code' },
    }),
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

export const NoValidity = later('Code shown, no validity given', codeShown(null), {
  en: 'Scan with your bank app',
  fr: 'Scannez avec votre application bancaire',
});

export const ValidityOver = later('Validity over, still confirming', codeShown(-1_000), {
  en: 'This QR code is no longer valid',
  fr: "Ce QR code n'est plus valable",
});

export const ConnectionTrouble: Story = {
  name: 'Status checks failing',
  parameters: {
    checkout: scenario({
      screen: StillTryingScreen,
      screenChannel: qr,
      path: STORY_SCREEN_PATH,
      channels: [],
      expect: { en: 'We are having trouble confirming your payment', fr: 'Nous avons du mal à confirmer votre paiement' },
    }),
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
    checkout: scenario({
      result: { responseCode: '05' },
      expect: { en: 'Your bank or provider declined the payment', fr: 'Votre banque ou votre opérateur a refusé le paiement' },
    }),
  },
};
