import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, within } from 'storybook/test';
import { HttpError, registerMessages, useT } from '@oja/core';
import type { Checkout } from '@oja/core';
import { STORY_SCREEN_PATH, renderCheckout, scenario, textOf } from '@oja/stories/harness';
import type { CheckoutScenario } from '@oja/stories/harness';
import { visitOf } from '@oja/core/visit';
import ugandaMobileMoney from './index';
import { mobileMoneyVisit } from './visit';
import { WaitingView } from '@oja/core/waiting-view';
import { screenMessages } from './screenMessages';
import { NOTIFY, PENDING, SENT, STATUS, UGX_PAYMENT } from './fixtures';

// In the page these come with the screen's chunk; a play function finds controls by them before it loads.
registerMessages(screenMessages);

/** A call that is still on its way when the story is looked at. */
const never = () => new Promise(() => {});
const offline = () => {
  throw new HttpError('Network error', 'network');
};
/** How long a play function waits for the lazily loaded screen (slow on a busy machine), ms. */
const loaded = { timeout: 8_000 };
const NUMBER = '0772123456';

/** Uganda mobile money (companion §2 "Uganda mobile money screen"): the form, sending, the approval wait, a failure. */
const meta = {
  title: 'Channels/Uganda mobile money',
  render: renderCheckout,
  parameters: {
    checkout: scenario({
      channels: [ugandaMobileMoney],
      channel: 'uganda-mobile-money',
      path: '/payment/uganda-mobile-money',
      props: UGX_PAYMENT,
      // ZIB allows card and transfer only: Uganda mobile money is never offered under it.
      brandings: ['', 'MUL', 'HALO'],
      http: { [NOTIFY]: () => SENT, [STATUS]: () => PENDING },
    }),
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const ugText = (locale: unknown, key: string, params?: Record<string, unknown>) => textOf([screenMessages], locale, key, params);

/** The form as a payer leaves it: MTN chosen, the number typed. */
function filled(c: Checkout) {
  const { state } = visitOf(c.visits, mobileMoneyVisit);
  state.telco = 'MTN';
  state.customerId = NUMBER;
}

/** Chooses MTN, types the number and presses Pay, as a payer does. */
async function payWithMtn(canvasElement: HTMLElement, locale: unknown) {
  const canvas = within(canvasElement);
  await userEvent.selectOptions(await canvas.findByRole('combobox', { name: ugText(locale, 'uganda-mobile-money.billerLabel') }, loaded), 'MTN');
  await userEvent.type(canvas.getByRole('textbox', { name: ugText(locale, 'uganda-mobile-money.numberLabel') }), NUMBER);
  await userEvent.click(canvas.getByRole('button', { name: ugText(locale, 'uganda-mobile-money.pay', { amount: 'UGX 5200' }) }));
}

/** A story of the moment after the payer paid; the scenario says what the API answered. */
function afterPaying(name: string, s: CheckoutScenario): Story {
  return {
    name,
    parameters: { checkout: scenario(s) },
    play: async ({ canvasElement, globals }) => payWithMtn(canvasElement, globals.locale),
  };
}

/** A story of the form as it is shown; its Pay button disabled or not, as the rule says (companion §5). */
function form(name: string, s: CheckoutScenario, payDisabled: boolean): Story {
  return {
    name,
    parameters: { checkout: scenario(s) },
    play: async ({ canvasElement, globals }) => {
      const label = ugText(globals.locale, 'uganda-mobile-money.pay', { amount: 'UGX 5200' });
      const pay = await within(canvasElement).findByRole('button', { name: label }, loaded);
      await expect((pay as HTMLButtonElement).disabled).toBe(payDisabled);
    },
  };
}

export const EmptyForm = form(
  'Form, nothing chosen (Pay disabled)',
  { expect: { en: 'Enter your mobile money details below to continue.', fr: 'Saisissez vos informations Mobile Money' } },
  true,
);

export const FilledForm = form(
  'Form, biller and number given (Pay enabled)',
  { setup: filled, expect: { en: 'MTN Mobile Money', fr: 'MTN Mobile Money' } },
  false,
);

export const WalletIdRequired = form(
  'Form, number or wallet ID left empty (Wallet ID is required)',
  {
    setup: (c) => {
      const { state } = visitOf(c.visits, mobileMoneyVisit);
      state.telco = 'MTN';
      state.customerIdLeft = true;
    },
    expect: { en: 'Wallet ID is required', fr: "L'identifiant de portefeuille est obligatoire" },
  },
  true,
);

export const Sending = afterPaying('Sending the payment request', {
  http: { [NOTIFY]: never },
  expect: { en: 'Sending the payment request to your phone…', fr: 'Envoi de la demande de paiement à votre téléphone…' },
});

export const AwaitingApproval = afterPaying('Waiting for approval on the phone', {
  expect: { en: 'Approve the payment on your phone', fr: 'Approuvez le paiement sur votre téléphone' },
});

/** The wait once two status requests have failed (the poller's count, reached after seconds), shown with fixed props. */
function StatusChecksFailing() {
  const t = useT();
  return <WaitingView title={t('uganda-mobile-money.pending.title')} failures={2} />;
}

export const StatusFailing: Story = {
  name: 'Waiting, status checks failing',
  parameters: {
    checkout: scenario({
      screen: StatusChecksFailing,
      screenChannel: ugandaMobileMoney,
      path: STORY_SCREEN_PATH,
      expect: { en: 'We are having trouble confirming your payment', fr: 'Nous avons du mal à confirmer votre paiement' },
    }),
  },
};

export const NotificationFailed = afterPaying('Notification failed (completes with an empty code)', {
  http: { [NOTIFY]: offline },
  expect: { en: 'Something went wrong. Please try again.', fr: "Une erreur s'est produite. Veuillez réessayer." },
});

export const NumberRefused = afterPaying('Number refused by the provider (code 14)', {
  http: { [NOTIFY]: () => ({ responseCode: '14', responseDescription: 'No mobile money wallet for this number' }) },
  expect: { en: 'Payment Failed', fr: 'Échec du paiement' },
});

export const CancelDialog: Story = {
  name: 'Cancel dialog (mobile money wording)',
  parameters: {
    checkout: scenario({
      setup: (c) => {
        c.state.cancelDialogOpen = true;
      },
      expect: {
        en: 'If you have approved the payment on your phone, please do not cancel',
        fr: 'Si vous avez approuvé le paiement sur votre téléphone',
      },
    }),
  },
};
