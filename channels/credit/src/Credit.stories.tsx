import type { Meta, StoryObj } from '@storybook/react';
import { HttpError, registerMessages, serverNow } from '@oja/core';
import type { Checkout } from '@oja/core';
import { renderCheckout, scenario } from '@oja/stories/harness';
import type { CheckoutScenario } from '@oja/stories/harness';
import { visitOf } from '@oja/core/visit';
import credit from './index';
import { creditVisit } from './visit';
import type { CreditState, CreditStep } from './visit';
import { NoOffers } from './rules';
import type { Problem } from './rules';
import { screenMessages } from './screenMessages';
import { OTP_RESEND_MS } from './constants';
import { BANK_OFFER, BANKS, CREDIT_PROPS, LENDER_OFFER, OFFERS, ok, ROUTES } from './fixtures';

// In the page these come with the screen's chunk; the result story shows the shell's view without it.
registerMessages(screenMessages);

/** A call that is still on its way when the story is looked at. */
const never = () => new Promise(() => {});

/**
 * Pay on credit (companion §2 "Pay on credit page"): every step and its states, from the phone sign-in to the OTP
 * that accepts an offer, under the brandings that offer it, in English and French.
 */
const meta = {
  title: 'Channels/Pay on credit',
  render: renderCheckout,
  parameters: {
    checkout: scenario({
      channels: [credit],
      channel: 'credit',
      path: credit.path,
      props: CREDIT_PROPS,
      // ZIB allows only card and transfer: pay on credit is never offered under it.
      brandings: ['', 'MUL', 'HALO'],
      http: { [ROUTES.banks]: () => ({ banks: BANKS }), [ROUTES.offers]: () => ok({ offers: OFFERS }) },
    }),
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The visit at `step`, the steps before it behind it (Back shows), signed in past the sign-in. */
function at(step: CreditStep, more: (s: CreditState) => void = () => {}) {
  return (c: Checkout) => {
    const s = visitOf(c.visits, creditVisit).state;
    const order: CreditStep[] = ['phone', 'signInOtp', 'bank', 'offers', 'card', 'pin', 'otp'];
    s.history = order.slice(0, Math.max(0, order.indexOf(step)));
    s.step = step;
    s.phone = '08012345678';
    if (!['phone', 'signInOtp', 'wallet'].includes(step)) s.customer = { customerId: 'CUS-2001', mobileNo: '08012345678', walletCards: [] };
    if (['offers', 'card', 'pin', 'otp'].includes(step)) Object.assign(s.offers, { status: 'success', response: OFFERS });
    if (['card', 'pin', 'otp'].includes(step)) s.selectedOffer = LENDER_OFFER;
    more(s);
  };
}
const problem = (p: Problem) => (s: CreditState) => {
  s.problem = p;
};
const offersFailed = (error: Error) => (s: CreditState) => {
  Object.assign(s.offers, { status: 'error', response: null, error });
};

const story = (name: string, s: CheckoutScenario): Story => ({ name, parameters: { checkout: scenario(s) } });

export const PhoneSignIn = story('Phone sign-in', {
  expect: { en: 'Enter your phone number to see the loan offers', fr: 'Saisissez votre numéro de téléphone' },
});

export const PhoneInvalid = story('Phone sign-in: invalid phone number (LS1, LS3)', {
  setup: at('phone', problem({ key: 'credit.error.invalidPhone' })),
  expect: { en: 'Invalid phone number provided. Please try again.', fr: 'Numéro de téléphone invalide. Veuillez réessayer.' },
});

export const WalletSignIn = story('Wallet sign-in', {
  setup: at('wallet'),
  expect: { en: 'Sign in with your wallet to see the loan offers', fr: 'Connectez-vous à votre portefeuille' },
});

export const WalletRefused = story('Wallet sign-in refused', {
  setup: at('wallet', problem({ key: 'credit.error.walletInvalid' })),
  expect: { en: 'Invalid login credentials. Please try again.', fr: 'Identifiants de connexion invalides. Veuillez réessayer.' },
});

export const SignInOtp = story('Sign-in OTP, resend counting down', {
  setup: at('signInOtp', (s) => {
    s.otpSentAt = serverNow();
  }),
  expect: { en: 'Resend OTP in', fr: "Renvoyer l'OTP dans" },
});

export const SignInOtpResend = story('Sign-in OTP, resend offered (60 s on)', {
  setup: at('signInOtp', (s) => {
    s.otpSentAt = serverNow() - OTP_RESEND_MS - 1_000;
  }),
  expect: { en: 'You can now resend the OTP.', fr: "Vous pouvez maintenant renvoyer l'OTP." },
});

export const SignInOtpInvalid = story('Sign-in OTP refused (T1)', {
  setup: at('signInOtp', (s) => {
    s.otpSentAt = serverNow();
    s.problem = { key: 'credit.error.invalidOtp' };
  }),
  expect: { en: 'OTP supplied is invalid. Please try again', fr: "L'OTP saisi est invalide. Veuillez réessayer" },
});

export const BanksLoading = story('Bank details: loading the banks', {
  http: { [ROUTES.banks]: never },
  setup: at('bank'),
  expect: { en: 'Loading the banks…', fr: 'Chargement des banques…' },
});

export const BankDetails = story('Bank details', {
  setup: at('bank'),
  expect: { en: 'Show loan deals', fr: 'Voir les offres de prêt' },
});

export const BankChosen = story('Bank details: bank and account (Show loan deals enabled)', {
  setup: at('bank', (s) => {
    Object.assign(s.banks, { status: 'success', response: BANKS });
    s.bank = BANKS[2]!;
    s.accountNumber = '0123456789';
  }),
  expect: { en: 'Zenith Bank', fr: 'Zenith Bank' },
});

/** More banks than 200px holds, as a real list has: the list scrolls, its edge never cuts a bank's name. */
const MANY_BANKS = ['Access', 'Ecobank', 'Fidelity', 'First', 'Guaranty Trust', 'Polaris', 'Stanbic IBTC', 'Sterling', 'Union', 'Zenith'].map(
  (name, i) => ({ id: String(i + 1), code: `BANK${i + 1}`, name: `${name} Bank`, bankCode: String(100 + i) }),
);

export const BanksMany = story('Bank details: many banks (the list scrolls within 200px)', {
  http: { [ROUTES.banks]: () => ({ banks: MANY_BANKS }) },
  setup: at('bank'),
  expect: { en: 'Zenith Bank', fr: 'Zenith Bank' },
});

export const BanksFailed = story('Bank details: Could not fetch banks', {
  http: {
    [ROUTES.banks]: () => {
      throw new HttpError('HTTP 500', 'http', 500);
    },
  },
  setup: at('bank'),
  expect: { en: 'Could not fetch banks', fr: 'Impossible de récupérer les banques' },
});

export const OffersLoading = story('Offers: loading', {
  setup: at('offers', (s) => {
    Object.assign(s.offers, { status: 'pending', response: null });
  }),
  expect: { en: 'Getting your loan offers…', fr: 'Recherche de vos offres de prêt…' },
});

export const OffersBanksFirst = story("Offers: the banks' first (See more options)", {
  setup: at('offers'),
  expect: { en: 'See more options', fr: "Voir plus d'options" },
});

export const OffersAll = story('Offers: every offer, one chosen', {
  setup: at('offers', (s) => {
    s.showAllOffers = true;
    s.selectedOffer = BANK_OFFER;
  }),
  expect: { en: 'Oja Credit', fr: 'Oja Credit' },
});

/** More offers than 210px holds: the list scrolls, its edge never cuts a lender's name. */
const MANY_OFFERS = [
  BANK_OFFER,
  ...[30, 60, 90, 120].map((tenure, i) => ({
    ...LENDER_OFFER,
    offerId: `OFR-MANY-${tenure}`,
    tenure,
    amountPayable: LENDER_OFFER.amountPayable + i * 5000,
  })),
];

export const OffersMany = story('Offers: many offers (the list scrolls within 210px)', {
  setup: at('offers', (s) => {
    Object.assign(s.offers, { status: 'success', response: MANY_OFFERS });
    s.showAllOffers = true;
  }),
  expect: { en: 'Oja Credit', fr: 'Oja Credit' },
});

export const OffersSelectRequired = story('Offers: Continue without a choice', {
  setup: at('offers', problem({ key: 'credit.offers.selectRequired' })),
  expect: { en: 'Kindly select an offer to continue', fr: 'Veuillez sélectionner une offre pour continuer' },
});

export const NoOffer = story('No Offer Available', {
  setup: at('offers', offersFailed(new NoOffers())),
  expect: { en: 'No Offer Available', fr: 'Aucune offre disponible' },
});

export const OffersDescribed = story("Offers refused with the API's description", {
  setup: at('offers', offersFailed(new HttpError('refused', 'invalid', 200, { responseCode: '25', responseDescription: 'Credit is not available' }))),
  expect: { en: 'Try Other Payment Methods', fr: "Essayer d'autres moyens de paiement" },
});

export const OffersFailed = story('Failed to get offers (Retry)', {
  setup: at('offers', offersFailed(new HttpError('HTTP 500', 'http', 500))),
  expect: { en: 'Failed to get offers', fr: "Impossible d'obtenir les offres" },
});

export const CardDetails = story('Card details', {
  setup: at('card'),
  expect: { en: 'The card the initial payment and the repayments are taken from.', fr: 'La carte sur laquelle le paiement initial' },
});

export const CardPin = story('Card PIN', {
  setup: at('pin'),
  expect: { en: 'Enter your card PIN', fr: 'Saisissez le code PIN de votre carte' },
});

export const CardPinRefused = story("Card PIN: the token refused with the API's description", {
  setup: at('pin', problem({ text: 'Incorrect PIN' })),
  expect: { en: 'Incorrect PIN', fr: 'Incorrect PIN' },
});

export const CardPinPermission = story('Card PIN: no permission (companion §6)', {
  setup: at('pin', problem({ key: 'credit.error.permission' })),
  expect: {
    en: 'Sorry you do not have sufficient permission to perform this operation.',
    fr: "Désolé, vous n'avez pas l'autorisation nécessaire",
  },
});

export const AcceptOtp = story('OTP accepting the offer', {
  setup: at('otp', (s) => {
    s.otpSentAt = serverNow();
    s.otpTarget = '080******78';
  }),
  expect: { en: 'The OTP was sent to 080******78.', fr: "L'OTP a été envoyé à 080******78." },
});

export const AcceptOtpInvalid = story('OTP accepting the offer, refused (T1)', {
  setup: at('otp', (s) => {
    s.otpSentAt = serverNow();
    s.problem = { key: 'credit.error.invalidOtp' };
  }),
  expect: { en: 'OTP supplied is invalid. Please try again', fr: "L'OTP saisi est invalide. Veuillez réessayer" },
});

export const TokenOtpFailed = story('Error generating OTP (LS3)', {
  result: { responseCode: 'LS3', responseDescription: 'Error generating OTP', messageKey: 'credit.error.tokenOtp' },
  expect: { en: 'Error generating OTP. Please try again', fr: "Erreur lors de la génération de l'OTP. Veuillez réessayer" },
});
