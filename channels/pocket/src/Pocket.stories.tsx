import type { Meta, StoryObj } from '@storybook/react';
import { HttpError, registerMessages } from '@oja/core';
import type { Checkout } from '@oja/core';
import { renderCheckout, scenario } from '@oja/stories/harness';
import type { CheckoutScenario } from '@oja/stories/harness';
import { visitOf } from '@oja/core/visit';
import pocket from './index';
import { pocketWallet } from './wallet';
import type { ApprovalState } from '@oja/momo/approval';
import { screenMessages } from './screenMessages';
import { APPROVED, INITIATE, INITIATED, PENDING, STATUS, WALLET_PAYMENT } from './fixtures';

registerMessages(screenMessages);

/** Pocket (companion §2 "Pocket page"): the Pocket ID, authorization, how to pay and success, with their failures. */
const meta = {
  title: 'Channels/Pocket',
  render: renderCheckout,
  parameters: {
    checkout: scenario({
      channels: [pocket],
      channel: 'pocket',
      path: '/payment/pocket',
      props: WALLET_PAYMENT,
      // ZIB allows card and transfer only: customer wallets are never offered under it.
      brandings: ['', 'MUL', 'HALO'],
      http: { [INITIATE]: () => INITIATED, [STATUS]: () => PENDING },
    }),
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** A view as the payer reaches it: the visit's state set before the first render. */
function view(
  name: string,
  set: (state: ApprovalState, c: Checkout) => void,
  expect: CheckoutScenario['expect'],
  more: Partial<CheckoutScenario> = {},
): Story {
  return {
    name,
    parameters: {
      checkout: scenario({
        ...more,
        setup: (c: Checkout) => set(visitOf(c.visits, pocketWallet.visit).state, c),
        expect,
      }),
    },
  };
}

export const PocketId = view('Pocket ID', () => {}, { en: 'Pocket ID', fr: 'Identifiant Pocket' });

export const EmptyId = view(
  'Pocket ID, empty',
  (s) => {
    s.submitted = true;
  },
  { en: 'Please enter your Pocket ID', fr: 'Veuillez saisir votre identifiant Pocket' },
);

export const Initiating = view(
  'Pocket ID, sending the request',
  (s) => {
    s.value = '@ada';
    s.initiation.status = 'pending';
  },
  { en: 'Sending the request to your Pocket app…', fr: 'Envoi de la demande à votre application Pocket…' },
);

export const InitiateFailed = view(
  'Pocket ID, initiate failed',
  (s) => {
    s.value = '@fail';
    s.initiation.status = 'error';
    s.initiation.error = new HttpError('HTTP 502', 'http', 502);
  },
  { en: 'Failed to initiate payment', fr: 'Impossible de lancer le paiement' },
);

export const Authorization = view(
  'Authorization',
  (s) => {
    s.view = 'authorization';
  },
  { en: 'I have authorized this payment', fr: "J'ai autorisé ce paiement" },
);

export const AuthorizationChecking = view(
  'Authorization, checking the status',
  (s) => {
    s.view = 'authorization';
    s.authorization.status = 'pending';
  },
  { en: 'Checking your payment…', fr: 'Vérification de votre paiement…' },
);

export const AuthorizationFailed = view(
  'Authorization, status not 00',
  (s) => {
    s.view = 'authorization';
    s.authorization.status = 'success';
    s.authorization.response = { code: '09', response: PENDING };
  },
  { en: 'Something went wrong...Please go to the previous page and retry.', fr: 'Un problème est survenu' },
);

export const AuthorizationRequeryFailed = view(
  'Authorization, status check failed',
  (s) => {
    s.view = 'authorization';
    s.authorization.status = 'error';
    s.authorization.error = new HttpError('HTTP 503', 'http', 503);
  },
  { en: 'Unable to requery payment. Please try again', fr: 'Impossible de vérifier le paiement. Veuillez réessayer' },
);

export const HowToPay = view(
  'How to pay',
  (s) => {
    s.view = 'howToPay';
  },
  { en: 'Download the Pocket app', fr: "Téléchargez l'application Pocket" },
);

export const Success = view(
  'Payment Successful!',
  () => {},
  { en: 'Please do not close this page.', fr: 'Veuillez ne pas fermer cette page.' },
  {
    result: { ...APPROVED },
  },
);

export const SuccessReceipt = view(
  'Payment Successful!: the receipt (amount, merchant, reference, date)',
  () => {},
  { en: 'Paid to', fr: 'Payé à' },
  {
    result: { ...APPROVED, amount: '150000', transactionDate: '2026-11-27T10:15:00.000Z' },
  },
);

export const CancelDialog = view(
  'Cancel dialog (Pocket wording)',
  (s, c) => {
    s.view = 'authorization';
    c.state.cancelDialogOpen = true;
  },
  { en: 'If you have approved the payment on your phone, please do not cancel', fr: 'Si vous avez approuvé le paiement sur votre téléphone' },
);
