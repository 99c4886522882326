import type { Meta, StoryObj } from '@storybook/react';
import { renderCheckout, scenario } from '@oja/stories/harness';
import type { CheckoutScenario } from '@oja/stories/harness';
import type { Locale, PageHeader } from '@oja/core';
import RevpayScreen from './Screen';
import { messages } from './messages';
import { FORM_PATH, SUCCESS_PATH } from './rules';
import type { RevpayView } from './views';

/**
 * The revenue pages (companion §2 "Revenue screens"), as the server answers them and the browser hydrates them: a
 * page outside a payment, in a payment's frame (the header names the agency as payee, and the amount), without a
 * branding of its own (shown under the default branding only).
 */
const meta = {
  title: 'Pages/Revenue',
  render: renderCheckout,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const details = {
  agencyName: 'Oja Sandbox Revenue Service',
  revenueName: 'Land Use Charge 2026',
  payerName: 'Ada Okafor',
  paymentReference: 'RVP-0001',
  amount: 25_000,
  merchantCode: 'MX_REVPAY',
  payItemId: 'Default_Payable_MX_REVPAY',
};
const empty = { phone: '', email: '', amount: '' };

/** The header the server gives a bill's pages: the agency, the amount due (or paid). */
const header = (amount: number): PageHeader => ({ payee: details.agencyName, amount, currencyCode: '566' });

const view = (name: string, path: string, data: RevpayView, expect: Record<Locale, string>): Story => ({
  name,
  parameters: {
    checkout: scenario({
      brandings: [''],
      page: {
        screen: RevpayScreen,
        view: {
          page: 'revpay',
          path,
          data,
          ...(data.kind === 'form' && { header: header(data.details.amount * 100) }),
          ...(data.kind === 'success' && { header: header(data.amount) }),
        },
        messages: [messages],
      },
      expect,
    } satisfies CheckoutScenario),
  },
});

export const Form = view(
  'The form',
  FORM_PATH,
  { kind: 'form', ref: 'RVP-0001', details, values: empty, errors: {} },
  {
    en: 'Transaction details',
    fr: 'Détails de la transaction',
  },
);

export const FormRequired = view(
  'The form, submitted empty',
  FORM_PATH,
  {
    kind: 'form',
    ref: 'RVP-0001',
    details,
    values: empty,
    errors: { phone: 'revpay.phoneRequired', email: 'revpay.emailRequired', amount: 'revpay.amountRequired' },
  },
  { en: 'Phone number is required', fr: 'Le numéro de téléphone est obligatoire' },
);

export const FormInvalid = view(
  'The form, invalid values',
  FORM_PATH,
  {
    kind: 'form',
    ref: 'RVP-0001',
    details,
    values: { phone: '0801', email: 'ada@', amount: '30000' },
    errors: { phone: 'revpay.phoneInvalid', email: 'revpay.emailInvalid', amount: 'revpay.amountTooHigh' },
  },
  { en: 'Amount must not be greater than amount due', fr: 'Le montant ne doit pas dépasser le montant dû' },
);

export const FormRefused = view(
  "The form, the pay-page's refusal",
  FORM_PATH,
  {
    kind: 'form',
    ref: 'RVP-0001',
    details,
    values: { phone: '08012345678', email: 'ada@example.com', amount: '25000' },
    errors: {},
    failure: { text: 'Merchant not permitted' },
  },
  { en: 'Merchant not permitted', fr: 'Merchant not permitted' },
);

export const FormUnreachable = view(
  'The form, the API unreachable',
  FORM_PATH,
  { kind: 'form', ref: 'RVP-0001', details, values: empty, errors: {}, failure: { key: 'revpay.paramsFailed' } },
  { en: 'Failed to get new payment params', fr: "Impossible d'obtenir les nouveaux paramètres" },
);

export const Paid = view(
  'Already paid (01)',
  FORM_PATH,
  { kind: 'paid', ref: 'RVP-PAID' },
  {
    en: 'has been fully paid',
    fr: 'a été entièrement payé',
  },
);

export const InvalidReference = view(
  'A reference that fails validation',
  FORM_PATH,
  { kind: 'invalid' },
  {
    en: 'Something went wrong validating your GUID',
    fr: 'Une erreur est survenue lors de la validation de votre GUID',
  },
);

const success: RevpayView = {
  kind: 'success',
  agencyName: 'Oja Sandbox Revenue Service',
  reference: 'RVP-0001',
  payerName: 'Ada Okafor',
  amount: 2_500_000,
  paidAt: '24 November 2026 at 10:30',
  receiptLink: 'http://127.0.0.1:4400/api/v1/revpay/receipts/0123456789abcdef0123456789abcdef',
};

export const Success = view('Success', SUCCESS_PATH, success, { en: 'Your payment was successful', fr: 'Votre paiement a réussi' });
