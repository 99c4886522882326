import type { Meta, StoryObj } from '@storybook/react';
import { HttpError, registerMessages } from '@oja/core';
import type { Checkout } from '@oja/core';
import { renderCheckout, scenario } from '@oja/stories/harness';
import type { CheckoutScenario } from '@oja/stories/harness';
import { visitOf } from '@oja/core/visit';
import momo from './index';
import { momoWallet } from './wallet';
import type { ApprovalState } from './approval';
import { screenMessages } from './screenMessages';
import { APPROVED, INITIATE, INITIATED, PENDING, STATUS, WALLET_PAYMENT } from './fixtures';

registerMessages(screenMessages);

/** MoMo (companion §2 "MoMo page"): validation, authorization, how to pay and success, with their failures. */
const meta = {
  title: 'Channels/MoMo',
  render: renderCheckout,
  parameters: {
    checkout: scenario({
      channels: [momo],
      channel: 'momo',
      path: '/payment/momo',
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
        setup: (c: Checkout) => set(visitOf(c.visits, momoWallet.visit).state, c),
        expect,
      }),
    },
  };
}

export const Validation = view('Validation', () => {}, { en: 'MTN MoMo phone number', fr: 'Numéro de téléphone MTN MoMo' });

export const InvalidNumber = view(
  'Validation, number not 11 digits',
  (s) => {
    s.value = '0801234';
    s.submitted = true;
  },
  { en: 'Phone number must be 11 digits', fr: 'Le numéro de téléphone doit comporter 11 chiffres' },
);

export const Initiating = view(
  'Validation, sending the request',
  (s) => {
    s.value = '08012345678';
    s.initiation.status = 'pending';
  },
  { en: 'Sending the request to your phone…', fr: 'Envoi de la demande à votre téléphone…' },
);

export const InitiateFailed = view(
  'Validation, initiate failed',
  (s) => {
    s.value = '08000000000';
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
    s.authorization.response = { code: '09', response: PENDING.data };
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
  { en: 'Register your MTN number on MoMo', fr: 'Enregistrez votre numéro MTN sur MoMo' },
);

export const Success = view(
  'Payment Successful!',
  () => {},
  { en: 'Please do not close this page.', fr: 'Veuillez ne pas fermer cette page.' },
  {
    result: { ...APPROVED.data },
  },
);

export const SuccessReceipt = view(
  'Payment Successful!: the receipt (amount, merchant, reference, date)',
  () => {},
  { en: 'Paid to', fr: 'Payé à' },
  {
    result: { ...APPROVED.data, amount: '150000', transactionDate: '2026-11-27T10:15:00.000Z' },
  },
);

export const CancelDialog = view(
  'Cancel dialog (MoMo wording)',
  (s, c) => {
    s.view = 'authorization';
    c.state.cancelDialogOpen = true;
  },
  { en: 'If you have approved the payment on your phone, please do not cancel', fr: 'Si vous avez approuvé le paiement sur votre téléphone' },
);
