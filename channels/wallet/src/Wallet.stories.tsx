import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, within } from 'storybook/test';
import { HttpError, registerMessages } from '@oja/core';
import type { Checkout } from '@oja/core';
import { renderCheckout, scenario, textOf } from '@oja/stories/harness';
import card from '@oja/card';
import transfer from '@oja/transfer';
import wallet from './index';
import { walletVisit } from './visit';
import type { WalletAnswer, WalletCard } from './api';
import { screenMessages } from './screenMessages';
import { visitOf } from '@oja/core/visit';
import { passwordMessages } from '@oja/core/password-field';

// In the page these come with the wallet screen's chunk; a play function needs them to find its controls.
registerMessages(screenMessages);

const SIGN_IN = 'POST /api/v1/wallets';
/** How long a play function waits for the wallet's screen: its chunk is transformed on first use in the story tests, ms. */
const SCREEN_LOAD_MS = 8_000;
const loaded = { timeout: SCREEN_LOAD_MS };

const gateway = (g: Partial<WalletCard['cardTypeGatewayConfiguration']>): WalletCard['cardTypeGatewayConfiguration'] => ({
  supportsExpiryDate: false,
  supportsCvv2: false,
  supportsPin: false,
  supportsCardinalAuthentication: false,
  supportThreeDsAuthentication: false,
  ...g,
});

/** The saved cards of spec core §2 "Wallet card list": Verve, Visa and Mastercard with their last four, a Verve e-cash without. */
const VERVE: WalletCard = {
  name: 'Verve debit',
  maskedPan: '506099******7499',
  cardTypeCode: 'VVC',
  cardHash: 'a3f1c09e5b7d4e21',
  cardIdentifier: 'story-card-1',
  walletInstrumentIdentifier: 'story-wi-1',
  expiryMonth: '09',
  expiryYear: '2031',
  // A Verve card needs its PIN only: no expiry or CVV on its detail.
  cardTypeGatewayConfiguration: gateway({ supportsPin: true }),
};
const VISA: WalletCard = {
  name: 'Visa',
  maskedPan: '400000******2503',
  cardTypeCode: 'VCC',
  cardHash: '5c2e8b17f04a9d63',
  cardIdentifier: 'story-card-2',
  walletInstrumentIdentifier: 'story-wi-2',
  expiryMonth: '12',
  expiryYear: '2030',
  cardTypeGatewayConfiguration: gateway({
    supportsExpiryDate: true,
    supportsCvv2: true,
    supportsCardinalAuthentication: true,
    supportThreeDsAuthentication: true,
  }),
};
const MASTERCARD: WalletCard = {
  name: 'Mastercard',
  maskedPan: '512345******0008',
  cardTypeCode: 'MCN',
  cardHash: 'e90d6a4b21c38f75',
  cardIdentifier: 'story-card-3',
  walletInstrumentIdentifier: 'story-wi-3',
  expiryMonth: '06',
  expiryYear: '2032',
  cardTypeGatewayConfiguration: gateway({ supportsExpiryDate: true, supportsCvv2: true }),
};
const E_CASH: WalletCard = {
  name: 'Verve e-cash',
  maskedPan: '',
  cardTypeCode: 'QTM',
  cardHash: '7b4f0e2d96a1c853',
  cardIdentifier: 'story-card-4',
  walletInstrumentIdentifier: 'story-wi-4',
  expiryMonth: '',
  expiryYear: '',
  cardTypeGatewayConfiguration: gateway({ supportsPin: true }),
};

function signedIn(paymentMethods: WalletCard[]): WalletAnswer {
  return {
    responseCode: '00',
    walletId: 'story-wallet-1',
    user: { firstName: 'Ada', lastName: 'Obi', mobileNo: '08031234567' },
    paymentMethods,
  };
}

/** The wallet as it is after a sign-in, with `selected` chosen from its list. */
function withWallet(paymentMethods: WalletCard[], selected: WalletCard | null = null) {
  return (c: Checkout) => {
    const w = visitOf(c.visits, walletVisit).state;
    w.data = signedIn(paymentMethods);
    w.selected = selected;
  };
}

/**
 * The wallet channel (spec core §2 "Wallet sign-in", "Wallet card list"): sign-in and its messages, the saved
 * cards, a card's detail. ZIB offers card and transfer only (spec core §5), so the wallet has no ZIB stories.
 */
const meta = {
  title: 'Channels/Wallet',
  render: renderCheckout,
  parameters: {
    checkout: scenario({ channels: [card, wallet, transfer], channel: 'wallet', path: '/payment/wallet/login', brandings: ['', 'MUL', 'HALO'] }),
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const walletText = (locale: unknown, key: string) => textOf([screenMessages], locale, key);

/** Types a username and a password, then signs in. */
async function signInAs(canvasElement: HTMLElement, locale: unknown) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText(walletText(locale, 'wallet.signIn.username'), {}, loaded), 'ada.obi@example.com');
  await userEvent.type(canvas.getByLabelText(walletText(locale, 'wallet.signIn.password')), 'not-my-password');
  await userEvent.click(canvas.getByTestId('wallet-sign-in'));
}

// Sign-in

export const SignIn: Story = {
  name: 'Sign-in',
  parameters: {
    checkout: scenario({
      expect: {
        en: 'Sign in to pay with the cards saved in your wallet.',
        fr: 'Connectez-vous pour payer avec les cartes enregistrées dans votre portefeuille.',
      },
    }),
  },
};

export const SignInRequired: Story = {
  name: 'Sign-in, nothing typed',
  parameters: {
    checkout: scenario({ expect: { en: 'Username is required', fr: "Le nom d'utilisateur est obligatoire" } }),
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId('wallet-sign-in', {}, loaded));
    await expect(await canvas.findByText(walletText(globals.locale, 'wallet.signIn.passwordRequired'))).toBeTruthy();
  },
};

export const SignInRefused: Story = {
  name: 'Sign-in refused (403)',
  parameters: {
    checkout: scenario({
      http: {
        [SIGN_IN]: () => {
          throw new HttpError('Forbidden', 'http', 403);
        },
      },
      expect: { en: 'Invalid login credentials. Please try again.', fr: 'Identifiants de connexion invalides. Veuillez réessayer.' },
    }),
  },
  play: async ({ canvasElement, globals }) => signInAs(canvasElement, globals.locale),
};

export const SignInUnavailable: Story = {
  name: 'Sign-in failed (service unavailable)',
  parameters: {
    checkout: scenario({
      http: {
        [SIGN_IN]: () => {
          throw new HttpError('Network error', 'network');
        },
      },
      expect: {
        en: 'Unable to validate wallet at this point. Please try again.',
        fr: 'Impossible de valider le portefeuille pour le moment. Veuillez réessayer.',
      },
    }),
  },
  play: async ({ canvasElement, globals }) => signInAs(canvasElement, globals.locale),
};

export const PasswordShown: Story = {
  name: 'Sign-in, password shown',
  parameters: {
    checkout: scenario({ expect: { en: 'HIDE', fr: 'MASQUER' } }),
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const password = await canvas.findByLabelText(walletText(globals.locale, 'wallet.signIn.password'), {}, loaded);
    await userEvent.type(password, '1234');
    await userEvent.click(canvas.getByRole('button', { name: textOf([passwordMessages], globals.locale, 'core.password.showLabel') }));
    await expect(password.getAttribute('type')).toBe('text');
  },
};

export const SigningIn: Story = {
  name: 'Signing in',
  parameters: {
    checkout: scenario({
      // The sign-in is on its way.
      setup: (c) => {
        visitOf(c.visits, walletVisit).state.loading = true;
      },
      expect: { en: 'Signing in…', fr: 'Connexion…' },
    }),
  },
};

// Saved cards

export const CardList: Story = {
  name: 'Saved cards',
  parameters: {
    checkout: scenario({
      path: '/payment/wallet',
      setup: withWallet([VERVE, VISA, MASTERCARD, E_CASH]),
      expect: { en: 'Verve ending in 7499', fr: 'Verve se terminant par 7499' },
    }),
  },
  play: async ({ canvasElement, globals }) => {
    const list = await within(canvasElement).findByRole('list', { name: walletText(globals.locale, 'wallet.list.cards') }, loaded);
    const ending = globals.locale === 'fr' ? 'se terminant par' : 'ending in';
    // Named by brand and last four (the brand's card face is decorative); e-cash shows no last four (spec core §2).
    const labels = [`Verve ${ending} 7499`, `Visa ${ending} 2503`, `Mastercard ${ending} 0008`, 'Verve e-cash'];
    await expect(within(list).getAllByRole('button')).toHaveLength(labels.length);
    for (const name of labels) await expect(within(list).getByRole('button', { name })).toBeTruthy();
  },
};

export const EmptyList: Story = {
  name: 'Saved cards, none yet',
  parameters: {
    checkout: scenario({
      path: '/payment/wallet',
      setup: withWallet([]),
      expect: { en: 'There are no cards in your wallet yet.', fr: 'Votre portefeuille ne contient encore aucune carte.' },
    }),
  },
};

export const LoadingWallet: Story = {
  name: 'Loading the wallet',
  parameters: {
    checkout: scenario({
      path: '/payment/wallet',
      // Opened with the merchant's access token: the wallet is on its way.
      setup: (c) => {
        visitOf(c.visits, walletVisit).state.loading = true;
      },
      expect: { en: 'Loading your wallet…', fr: 'Chargement de votre portefeuille…' },
    }),
  },
};

// A saved card's detail

export const VerveDetail: Story = {
  name: 'Card detail, Verve (nothing to add)',
  parameters: {
    checkout: scenario({
      path: '/payment/wallet/card',
      setup: withWallet([VERVE, VISA, MASTERCARD, E_CASH], VERVE),
      expect: { en: 'No more details are needed for this card.', fr: "Aucune autre information n'est nécessaire pour cette carte." },
    }),
  },
  play: async ({ canvasElement, globals }) => {
    // The chosen card's line: its name right after its brand mark, at the start of the line (issue 34).
    const line = await within(canvasElement).findByTestId('wallet-card-line', {}, loaded);
    const ending = globals.locale === 'fr' ? 'se terminant par' : 'ending in';
    await expect([...line.children].map((el) => el.tagName.toLowerCase())).toEqual(['svg', 'span']);
    await expect(line.lastElementChild?.textContent).toBe(`Verve ${ending} 7499`);
  },
};

export const VisaDetail: Story = {
  name: 'Card detail, Visa (expiry and CVV)',
  parameters: {
    checkout: scenario({
      path: '/payment/wallet/card',
      setup: withWallet([VERVE, VISA, MASTERCARD, E_CASH], VISA),
      expect: { en: 'Visa ending in 2503', fr: 'Visa se terminant par 2503' },
    }),
  },
  play: async ({ canvasElement, globals }) => {
    await within(canvasElement).findByText(walletText(globals.locale, 'wallet.card.selectCard'), {}, loaded);
    // The saved card's number is known: only the expiry and the CVV are asked (by their autofill names).
    const fields = [...canvasElement.querySelectorAll('input')].map((input) => input.name);
    await expect(fields).toEqual(['exp-date', 'cvc']);
  },
};

export const VisaDetailErrors: Story = {
  name: 'Card detail, Visa, Pay pressed with nothing typed',
  parameters: {
    checkout: scenario({
      path: '/payment/wallet/card',
      setup: withWallet([VERVE, VISA, MASTERCARD, E_CASH], VISA),
      expect: { en: 'Provide card expiry', fr: "Indiquez la date d'expiration de la carte" },
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByTestId('card-pay', {}, loaded));
  },
};
