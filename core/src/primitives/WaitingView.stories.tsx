import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react';
import { renderCheckout, scenario } from '@oja/stories/harness';
import type { CheckoutScenario } from '@oja/stories/harness';
import { registerMessages, useT } from '../i18n';
import type { MessageBundle } from '../i18n';
import { serverNow } from '../clock';
import { WaitingView } from './WaitingView';
import type { WaitingViewProps } from './WaitingView';

/**
 * The texts a channel gives the view, under its own namespace: here a channel of the stories' own, `example`
 * (core's view has no words of its own but the countdown's, "still trying" and "Change payment method").
 */
const exampleMessages: MessageBundle = {
  en: {
    example: {
      title: 'Approve the payment in your bank app',
      message: 'We sent the request to your bank. Keep this page open: it updates by itself.',
      notYet: 'We have not heard from your bank yet.',
      waitLonger: 'Wait 5 more minutes',
      extensionsLeft: { one: '{{count}} extension left', other: '{{count}} extensions left' },
      over: 'The request is no longer valid. If you approved it in time, we are still confirming it.',
      authorized: 'I have approved this payment',
      checking: 'Checking…',
      notConfirmed: 'Your bank has not confirmed the payment yet.',
      cancel: 'Cancel',
      scan: 'Scan with your bank app',
      confirming: 'Confirming transaction status',
    },
  },
  fr: {
    example: {
      title: 'Approuvez le paiement dans votre application bancaire',
      message: 'Nous avons envoyé la demande à votre banque. Gardez cette page ouverte : elle se met à jour automatiquement.',
      notYet: "Nous n'avons pas encore de nouvelles de votre banque.",
      waitLonger: 'Attendre 5 minutes de plus',
      extensionsLeft: { one: '{{count}} prolongation restante', other: '{{count}} prolongations restantes' },
      over: "La demande n'est plus valable. Si vous l'avez approuvée à temps, nous la confirmons encore.",
      authorized: "J'ai approuvé ce paiement",
      checking: 'Vérification…',
      notConfirmed: "Votre banque n'a pas encore confirmé le paiement.",
      cancel: 'Annuler',
      scan: 'Scannez avec votre application bancaire',
      confirming: 'Confirmation du statut de la transaction',
    },
  },
};
registerMessages(exampleMessages);

const MINUTE_MS = 60_000;

/** A story's own props for the view, from its texts. */
type Extra = (t: ReturnType<typeof useT>) => Partial<WaitingViewProps>;

/**
 * The view as a channel renders it, with its texts: `deadlineInMs` from the first render (negative: the wait is
 * over), and "wait longer" giving 5 more minutes, as a channel does.
 */
function ExampleWait({ deadlineInMs, more }: { deadlineInMs: number | null; more: Extra }) {
  const t = useT();
  const [deadline, setDeadline] = useState(() => (deadlineInMs === null ? null : serverNow() + deadlineInMs));
  const extra = more(t);
  const ended = extra.ended?.waitLonger && {
    ...extra.ended,
    waitLonger: { ...extra.ended.waitLonger, onClick: () => setDeadline(serverNow() + 5 * MINUTE_MS) },
  };
  return <WaitingView title={t('example.title')} message={t('example.message')} deadline={deadline} {...extra} {...(ended && { ended })} />;
}

function example(deadlineInMs: number | null, more: Extra = () => ({})) {
  return () => <ExampleWait deadlineInMs={deadlineInMs} more={more} />;
}

/**
 * ZIB offers only the card and transfer (spec core §5), so the stories' own channel is shown under the other
 * brandings; transfer's stories show the view under ZIB.
 */
const BRANDINGS = ['', 'MUL', 'HALO'] as const;

const state = (screen: CheckoutScenario['screen'], expect: CheckoutScenario['expect']) => ({
  parameters: { checkout: scenario({ screen, expect, brandings: BRANDINGS }) },
});

/** "Pay elsewhere, we are waiting" (core's WaitingView), in each of its states. */
const meta = {
  title: 'Core/Waiting view',
  render: renderCheckout,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const CountingDown: Story = {
  name: 'Counting down',
  ...state(example(7 * MINUTE_MS), { en: '07:00', fr: '07:00' }),
};

export const WaitLonger: Story = {
  name: 'Wait over (wait longer)',
  ...state(
    example(-1, (t) => ({
      ended: {
        text: t('example.notYet'),
        waitLonger: { label: t('example.waitLonger'), onClick: () => {}, note: t('example.extensionsLeft', { count: 2 }) },
      },
    })),
    { en: 'Wait 5 more minutes', fr: 'Attendre 5 minutes de plus' },
  ),
};

export const StillTrying: Story = {
  name: 'Still trying (status checks failing)',
  ...state(
    example(4 * MINUTE_MS, () => ({ failures: 2 })),
    { en: 'We are having trouble confirming your payment', fr: 'Nous avons du mal à confirmer votre paiement' },
  ),
};

export const Expired: Story = {
  name: 'Wait over, nothing more to offer',
  ...state(
    example(-1, (t) => ({ ended: { text: t('example.over') } })),
    { en: 'The request is no longer valid.', fr: "La demande n'est plus valable." },
  ),
};

export const CheckNow: Story = {
  name: 'Check now, with its own way back',
  ...state(
    example(null, (t) => ({
      checkNow: {
        label: t('example.authorized'),
        busyLabel: t('example.checking'),
        busy: false,
        onClick: () => {},
        failed: t('example.notConfirmed'),
      },
      leave: { label: t('example.cancel'), onClick: () => {} },
    })),
    { en: 'I have approved this payment', fr: "J'ai approuvé ce paiement" },
  ),
};

export const TaskLeads: Story = {
  name: 'The task leads (a code to scan)',
  ...state(
    example(9 * MINUTE_MS, (t) => ({
      title: t('example.scan'),
      message: undefined,
      task: <div style={{ width: 160, height: 160, margin: '0 auto', border: '1px dashed currentColor' }} aria-hidden="true" />,
      statusLine: t('example.confirming'),
    })),
    { en: 'Confirming transaction status', fr: 'Confirmation du statut de la transaction' },
  ),
};
