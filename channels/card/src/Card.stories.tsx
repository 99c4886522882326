import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { registerMessages, serverNow } from '@oja/core';
import type { Checkout } from '@oja/core';
import { STORY_SCREEN_PATH, renderCheckout, scenario, textOf } from '@oja/stories/harness';
import transfer from '@oja/transfer';
import card from './index';
import { cardFlow, seedFlow } from './flow';
import type { BinConfiguration } from './api';
import type { CardSecret } from './crypto';
import { OTP_RESEND_MS } from './Otp';
import { PinPad } from './PinPad';
import { screenMessages } from './screenMessages';

// In the page these come with the card screen's chunk; the PIN pad's stories show it without that chunk.
registerMessages(screenMessages);

/** A Verve test card as the payer typed it (sandbox: PIN 1111, then OTP 123456). */
const TYPED: CardSecret = { pan: '5061050254756707864', expiry: '3012', cvv: '123' };
/** The card's configuration as the BIN lookup answers it: a PIN card. */
const PIN_CARD: BinConfiguration = { responseCode: '00', cardTypeGatewayConfiguration: { supportsPin: true }, cardType: { typeName: 'Verve' } };
/** A Visa that needs 3-D Secure, without device data collection (not a Kenyan payment). */
const THREE_DS_CARD: BinConfiguration = {
  responseCode: '00',
  cardTypeGatewayConfiguration: {
    supportsCardinalAuthentication: true,
    supportThreeDsAuthentication: true,
    supportsExpiryDate: true,
    supportsCvv2: true,
  },
  cardType: { typeName: 'Visa' },
};
/** Where the OTP went, as the payment's answer masks it. */
const PHONE = '0803***4567';
/**
 * Stands in for the issuer's 3-D Secure page. Storybook serves none and the frame takes http(s) only, so a
 * same-origin file Storybook always serves fills it: its small logo on a blank page (its iframe.html would show
 * a "No Preview" notice).
 */
const ISSUER_PAGE = '/favicon.svg';
/** A fixed PIN pad order, so the stories look the same on every visit (the page shuffles it once per visit). */
const PIN_DIGITS = ['7', '2', '9', '4', '0', '6', '1', '8', '3', '5'];

const PAY = 'POST /api/v1/pay';
const CARDINAL_STATUS = 'GET /api/v1/payments/cardinalCallBackStatus';
/**
 * How long a play function waits for the card's screen to appear: the story tests transform its lazily loaded
 * chunk on first use, slow on a busy machine (as the tests' own wait for lazy screens), ms.
 */
const SCREEN_LOAD_MS = 8_000;
const loaded = { timeout: SCREEN_LOAD_MS };

/** A call that is still on its way when the story is looked at. */
const never = () => new Promise(() => {});

/** Accepted brands' names by acquirer, as the entry form lists them (spec core §1; '' the default). */
const BRAND_LIST: Record<string, string[]> = {
  '': ['Verve', 'Visa', 'Mastercard', 'Discover', 'American Express'],
  ZIB: ['Verve', 'Visa', 'Mastercard'],
  MUL: ['Visa', 'Mastercard'],
  HALO: ['Verve', 'Visa', 'Mastercard', 'Discover', 'American Express'],
};

/** The card channel (spec core §2 "Card entry", "Card PIN", "Card OTP", "Card 3-D secure"): each step and its messages. */
const meta = {
  title: 'Channels/Card',
  render: renderCheckout,
  parameters: { checkout: scenario({ channels: [card, transfer], channel: 'card', path: '/payment/card' }) },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** A card string in the toolbar's language, to find a control by its visible name. */
const cardText = (locale: unknown, key: string, params?: Record<string, unknown>) => textOf([screenMessages], locale, key, params);

/** The PIN pad in a fixed order, inside the shell as the card's PIN step. */
function FixedPinPad() {
  return <PinPad digits={PIN_DIGITS} />;
}

/** Taps digits on the PIN pad by their names ("Digit 1"). */
async function tapDigits(canvasElement: HTMLElement, locale: unknown, digits: string) {
  const canvas = within(canvasElement);
  for (const digit of digits) {
    await userEvent.click(await canvas.findByRole('button', { name: cardText(locale, 'card.pin.digit', { digit }) }, loaded));
  }
}

// Card entry

export const Entry: Story = {
  name: 'Entry',
  parameters: {
    checkout: scenario({ expect: { en: 'Enter your card details', fr: 'Saisissez les informations de votre carte' } }),
  },
  // Each acquirer lists its own brands under the title (Multipay: Visa and Mastercard; ZIB: Verve, Visa and Mastercard).
  play: async ({ canvasElement, globals }) => {
    const list = await within(canvasElement).findByRole('list', { name: cardText(globals.locale, 'card.entry.accepted') }, loaded);
    const names = within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.oja-sr-only')?.textContent);
    const acquirer = globals.branding === 'default' ? '' : String(globals.branding);
    await expect(names).toEqual(BRAND_LIST[acquirer]);
    // The marks come in their own chunk: every accepted brand is drawn once it is in.
    await waitFor(() => expect(list.querySelectorAll('svg[data-brand-mark]')).toHaveLength(names.length), loaded);
  },
};

export const EntryErrors: Story = {
  name: 'Entry, Pay pressed with nothing typed',
  parameters: {
    checkout: scenario({ expect: { en: 'Provide card number', fr: 'Indiquez le numéro de carte' } }),
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId('card-pay', {}, loaded));
    for (const key of ['numberRequired', 'expiryRequired', 'cvvRequired']) {
      await expect(await canvas.findByText(cardText(globals.locale, `card.validation.${key}`))).toBeTruthy();
    }
  },
};

export const EntryInvalid: Story = {
  name: 'Entry, invalid details',
  parameters: {
    checkout: scenario({ expect: { en: 'Card number invalid', fr: 'Numéro de carte invalide' } }),
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(cardText(globals.locale, 'card.entry.number'), {}, loaded), '5061050254756707865');
    await userEvent.type(canvas.getByLabelText(cardText(globals.locale, 'card.entry.expiry')), '1320');
    await userEvent.type(canvas.getByLabelText(cardText(globals.locale, 'card.entry.cvv')), '12');
    await userEvent.click(canvas.getByTestId('card-pay'));
    for (const key of ['expiryInvalid', 'cvvLength']) {
      await expect(await canvas.findByText(cardText(globals.locale, `card.validation.${key}`))).toBeTruthy();
    }
  },
};

export const EntryBrandDetected: Story = {
  name: 'Entry, brand detected as typed',
  parameters: {
    checkout: scenario({ expect: { en: 'Visa card', fr: 'Carte Visa' } }),
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(cardText(globals.locale, 'card.entry.number'), {}, loaded), '4000000000002503');
  },
};

export const EntryCvvHint: Story = {
  name: "Entry, CVV hint (What's this?)",
  parameters: {
    checkout: scenario({ expect: { en: '3 or 4 digit code on the back of the card', fr: 'Code à 3 ou 4 chiffres au dos de la carte' } }),
  },
  play: async ({ canvasElement, globals }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: cardText(globals.locale, 'card.entry.whatsThis') }, loaded));
  },
};

export const EntryBusy: Story = {
  name: 'Entry, processing',
  parameters: {
    checkout: scenario({
      // The card's configuration is being fetched: Pay is held until it answers.
      setup: (c) => {
        cardFlow(c).busy = true;
      },
      expect: { en: 'Processing…', fr: 'Traitement…' },
    }),
  },
};

export const EntryTimedOut: Story = {
  name: 'Entry, request timed out',
  parameters: {
    checkout: scenario({
      setup: (c) => {
        seedFlow(c, { error: 'card.error.timeout' });
      },
      expect: { en: 'This is taking longer than expected. Please try again.', fr: 'Cela prend plus de temps que prévu. Veuillez réessayer.' },
    }),
  },
};

export const BulkEntry: Story = {
  name: 'Entry, bulk payment (Cancel Payment)',
  parameters: {
    checkout: scenario({
      props: {
        isBulkPayment: true,
        payItems: [
          {
            name: 'School fees',
            amount: 100000,
            currencyCode: '566',
            payableCode: 'PAY_FEES',
            merchantCode: 'MX_DEMO',
            transactionReference: 'TXN-0001-1',
          },
          {
            name: 'Uniform',
            amount: 50000,
            currencyCode: '566',
            payableCode: 'PAY_UNIFORM',
            merchantCode: 'MX_DEMO',
            transactionReference: 'TXN-0001-2',
          },
        ],
      },
      expect: { en: 'Cancel Payment', fr: 'Annuler le paiement' },
    }),
  },
  play: async ({ canvasElement, globals }) => {
    await expect(await within(canvasElement).findByText(cardText(globals.locale, 'card.entry.title'), {}, loaded)).toBeTruthy();
  },
};

export const PinAfterReload: Story = {
  name: 'PIN route without a card (after a reload): entry again',
  parameters: {
    // A reload loses the card (it lives only in the page's memory), so the PIN step sends the payer to entry.
    checkout: scenario({ path: '/payment/card/pin', expect: { en: 'Enter your card details', fr: 'Saisissez les informations de votre carte' } }),
  },
};

// Card PIN

const pinStep = {
  screen: FixedPinPad,
  screenChannel: card,
  path: STORY_SCREEN_PATH,
  setup: (c: Checkout) => {
    seedFlow(c, { card: TYPED, config: PIN_CARD });
  },
};

export const Pin: Story = {
  name: 'PIN',
  parameters: {
    checkout: scenario({ ...pinStep, expect: { en: 'Enter your 4-digit card PIN', fr: 'Saisissez le code PIN à 4 chiffres de votre carte' } }),
  },
};

export const PinTwoDigits: Story = {
  name: 'PIN, two digits entered',
  parameters: {
    checkout: scenario({ ...pinStep, expect: { en: '2 of 4 digits entered', fr: '2 chiffres sur 4 saisis' } }),
  },
  play: async ({ canvasElement, globals }) => {
    await tapDigits(canvasElement, globals.locale, '11');
  },
};

export const PinRequired: Story = {
  name: 'PIN, Authorize with no PIN',
  parameters: {
    checkout: scenario({ ...pinStep, expect: { en: 'Provide card Pin', fr: 'Indiquez le code PIN de la carte' } }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByTestId('pin-authorize', {}, loaded));
  },
};

export const PinTooShort: Story = {
  name: 'PIN, Authorize with two digits',
  parameters: {
    checkout: scenario({ ...pinStep, expect: { en: 'Card pin is 4 digits long', fr: 'Le code PIN comporte 4 chiffres' } }),
  },
  play: async ({ canvasElement, globals }) => {
    await tapDigits(canvasElement, globals.locale, '11');
    await userEvent.click(within(canvasElement).getByTestId('pin-authorize'));
  },
};

// Card OTP

export const OtpCountdown: Story = {
  name: 'OTP sent to a phone, resend countdown',
  parameters: {
    checkout: scenario({
      path: '/payment/card/otp',
      setup: (c) => {
        seedFlow(c, { card: TYPED, config: PIN_CARD, otpTarget: PHONE, otpSentAt: serverNow() });
      },
      expect: { en: `sent to ${PHONE}`, fr: `envoyé à ${PHONE}` },
    }),
  },
  play: async ({ canvasElement, globals }) => {
    const waiting = cardText(globals.locale, 'card.otp.resendIn', { time: '' }).trim();
    await expect(await within(canvasElement).findByText((text) => text.startsWith(waiting), {}, loaded)).toBeTruthy();
  },
};

export const OtpGeneric: Story = {
  name: 'OTP sent to phone, email or token',
  parameters: {
    checkout: scenario({
      path: '/payment/card/otp',
      setup: (c) => {
        seedFlow(c, { card: TYPED, config: PIN_CARD, otpTarget: '', otpSentAt: serverNow() });
      },
      expect: { en: 'sent to your phone, email or hardware token', fr: 'envoyé sur votre téléphone, par e-mail ou sur votre token' },
    }),
  },
};

export const OtpResend: Story = {
  name: 'OTP, resend available',
  parameters: {
    checkout: scenario({
      path: '/payment/card/otp',
      setup: (c) => {
        seedFlow(c, { card: TYPED, config: PIN_CARD, otpTarget: PHONE, otpSentAt: serverNow() - OTP_RESEND_MS });
      },
      expect: { en: 'Resend OTP', fr: "Renvoyer l'OTP" },
    }),
  },
  play: async ({ canvasElement, globals }) => {
    await expect(await within(canvasElement).findByRole('button', { name: cardText(globals.locale, 'card.otp.resend') }, loaded)).toBeTruthy();
  },
};

export const OtpCodeSent: Story = {
  name: 'OTP, code sent again (shows 3 s)',
  parameters: {
    checkout: scenario({
      path: '/payment/card/otp',
      http: { [PAY]: () => ({ responseCode: 'T0', mobilePhoneNumber: PHONE }) },
      setup: (c) => {
        seedFlow(c, { card: TYPED, config: PIN_CARD, otpTarget: PHONE, otpSentAt: serverNow() - OTP_RESEND_MS });
      },
      expect: { en: 'Code sent', fr: 'Code envoyé' },
    }),
  },
  play: async ({ canvasElement, globals }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: cardText(globals.locale, 'card.otp.resend') }, loaded));
  },
};

export const OtpRequired: Story = {
  name: 'OTP, Authorize with no code',
  parameters: {
    checkout: scenario({
      path: '/payment/card/otp',
      setup: (c) => {
        seedFlow(c, { card: TYPED, config: PIN_CARD, otpTarget: PHONE, otpSentAt: serverNow() });
      },
      expect: { en: 'Kindly enter otp sent to your phone number', fr: "Veuillez saisir l'OTP envoyé à votre numéro de téléphone" },
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByTestId('otp-authorize', {}, loaded));
  },
};

export const OtpRequiredGeneric: Story = {
  name: 'OTP sent to phone, email or token, Authorize with no code',
  parameters: {
    checkout: scenario({
      path: '/payment/card/otp',
      setup: (c) => {
        seedFlow(c, { card: TYPED, config: PIN_CARD, otpTarget: '', otpSentAt: serverNow() });
      },
      expect: { en: 'Provide card otp', fr: "Indiquez l'OTP de la carte" },
    }),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByTestId('otp-authorize', {}, loaded));
  },
};

export const OtpIncomplete: Story = {
  name: 'OTP, code too short',
  parameters: {
    checkout: scenario({
      path: '/payment/card/otp',
      setup: (c) => {
        seedFlow(c, { card: TYPED, config: PIN_CARD, otpTarget: PHONE, otpSentAt: serverNow() });
      },
      expect: { en: 'OTP is incomplete', fr: "L'OTP est incomplet" },
    }),
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(cardText(globals.locale, 'card.otp.label'), {}, loaded), '123');
    await userEvent.click(canvas.getByTestId('otp-authorize'));
  },
};

export const OtpInvalid: Story = {
  name: 'OTP, Invalid OTP provided',
  parameters: {
    checkout: scenario({
      path: '/payment/card/otp',
      setup: (c) => {
        // What the OTP check's T1 leaves on the step (spec core §4, §8).
        seedFlow(c, { card: TYPED, config: PIN_CARD, otpTarget: PHONE, otpSentAt: serverNow(), error: 'card.otp.invalid' });
      },
      expect: { en: 'Invalid OTP provided', fr: 'Code OTP invalide' },
    }),
  },
};

// Card 3-D Secure

export const CardinalPreparing: Story = {
  name: '3-D Secure, connecting to the bank',
  parameters: {
    checkout: scenario({
      path: '/payment/card/cardinal',
      // The payment that brings the issuer's page is still on its way.
      http: { [PAY]: never },
      setup: (c) => {
        seedFlow(c, { card: TYPED, config: THREE_DS_CARD });
      },
      expect: { en: 'Connecting to your bank…', fr: 'Connexion à votre banque…' },
    }),
  },
};

export const CardinalIssuerFrame: Story = {
  name: "3-D Secure, the issuer's page",
  parameters: {
    checkout: scenario({
      path: '/payment/card/cardinal',
      // T1: the payer has not finished the issuer's step yet, so the status is asked again every 2 s.
      http: { [CARDINAL_STATUS]: () => ({ responseCode: 'T1' }) },
      setup: (c) => {
        seedFlow(c, { card: TYPED, config: THREE_DS_CARD, cardinal: { url: ISSUER_PAGE, transactionId: 'story-3ds-1' } });
      },
      expect: { en: 'Your bank is checking that it is you.', fr: "Votre banque vérifie qu'il s'agit bien de vous." },
    }),
  },
  play: async ({ canvasElement, globals }) => {
    const frame = await within(canvasElement).findByTitle(cardText(globals.locale, 'card.cardinal.frameTitle'), {}, loaded);
    await expect(frame.tagName).toBe('IFRAME');
    // The spinner covers the frame until the issuer's page has loaded.
    await waitFor(() => expect(frame.parentElement?.getAttribute('aria-busy')).toBe('false'), loaded);
  },
};

// After payment

export const Declined: Story = {
  name: 'Payment Failed (insufficient funds)',
  parameters: {
    checkout: scenario({
      result: { responseCode: '51' },
      expect: {
        en: 'Insufficient funds. Use a different card or try another payment method',
        fr: 'Fonds insuffisants. Utilisez une autre carte ou essayez un autre moyen de paiement',
      },
    }),
  },
};
