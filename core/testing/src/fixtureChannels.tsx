import { defineChannel } from '@oja/core';
import type { ChannelPlugin } from '@oja/core';
import type { Messages } from '@oja/core';
import { isOffered, offersProvider } from '@oja/core';
import type { PaymentProps } from '@oja/core';

/**
 * Channel plugins that follow the availability rules of spec core §5, for core's own tests. Core never names a
 * real channel: these stand in for them, each a plain defineChannel object like the installed ones.
 */

const RowIcon = () => <svg aria-hidden="true" width={24} height={24} />;

/** A screen module that just says which channel it is. */
const screenSaying = (text: string) => async () => ({ default: () => <p>{text}</p> });

function rowMessages(id: string, en: [string, string], fr: [string, string], extra: { en: Messages; fr: Messages } = { en: {}, fr: {} }) {
  return {
    en: { [id]: { row: { title: en[0], description: en[1] }, ...extra.en } },
    fr: { [id]: { row: { title: fr[0], description: fr[1] }, ...extra.fr } },
  };
}

const row = (id: string) => ({ icon: RowIcon, title: `${id}.row.title`, description: `${id}.row.description` });

/** Does the merchant's CUSTOMER_WALLET option list this provider? (the customer-wallet flag) */

export const cardFixture: ChannelPlugin = defineChannel({
  id: 'card',
  code: 'CARD',
  path: '/payment/card',
  baseline: true,
  bulk: true,
  paysByCard: true,
  order: 10,
  isAvailable: () => true,
  row: row('card'),
  screen: screenSaying('Card screen'),
  messages: rowMessages('card', ['Pay with Card', 'Verve, Visa, Mastercard'], ['Payer par carte', 'Verve, Visa, Mastercard']),
});

export const transferFixture: ChannelPlugin = defineChannel({
  id: 'transfer',
  code: 'TRANSFER',
  path: '/payment/transfer',
  order: 20,
  isAvailable: (p) => p.currencyCode !== '800' && isOffered(p, 'TRANSFER'),
  row: row('transfer'),
  screen: screenSaying('Transfer screen'),
  cancelDialog: { subtitle: 'transfer.cancel.subtitle', close: 'transfer.cancel.close' },
  // The transfer wording of the cancel dialog (companion §2).
  messages: rowMessages(
    'transfer',
    ['Pay with Transfer', 'Transfer to a generated account'],
    ['Payer par virement', 'Virement vers un compte généré'],
    {
      en: {
        cancel: {
          subtitle: 'If you have done a successful transfer, please do not cancel or click the back button',
          close: 'I have done a Transfer',
        },
      },
      fr: {
        cancel: { subtitle: "Si vous avez effectué un virement, n'annulez pas et ne revenez pas en arrière", close: "J'ai effectué un virement" },
      },
    },
  ),
});

export const walletFixture: ChannelPlugin = defineChannel({
  id: 'wallet',
  code: 'WALLET',
  path: '/payment/wallet',
  order: 15,
  isAvailable: (p) => p.paymentChannels.length > 1 && p.countryCode !== 'KE',
  row: row('wallet'),
  messages: rowMessages('wallet', ['Pay with Wallet', 'Use your saved cards'], ['Payer avec le portefeuille', 'Utilisez vos cartes enregistrées']),
});

export const qrFixture: ChannelPlugin = defineChannel({
  id: 'qr',
  code: 'QR',
  path: '/payment/qr',
  order: 30,
  isAvailable: (p) => isOffered(p, 'QR'),
  row: row('qr'),
  messages: rowMessages('qr', ['Pay with QR', 'Scan a code'], ['Payer par QR', 'Scannez un code']),
});

export const ussdFixture: ChannelPlugin = defineChannel({
  id: 'ussd',
  code: 'USSD',
  path: '/payment/ussd',
  order: 40,
  isAvailable: (p) => isOffered(p, 'USSD'),
  row: row('ussd'),
  messages: rowMessages('ussd', ['Pay with USSD (17+ banks)', 'Dial a code'], ['Payer par USSD (17+ banques)', 'Composez un code']),
});

export const opayFixture: ChannelPlugin = defineChannel({
  id: 'opay',
  code: 'OPAY',
  path: '/payment/opay',
  order: 50,
  walletType: 'opay',
  isAvailable: (p) => offersProvider(p, 'CUSTOMER_WALLET', 'opay'),
  row: row('opay'),
  messages: rowMessages('opay', ['Pay With Opay', 'Your OPay wallet'], ['Payer avec Opay', 'Votre portefeuille OPay']),
});

export const ugandaFixture: ChannelPlugin = defineChannel({
  id: 'uganda-mobile-money',
  code: 'UGANDA_MOBILE_MONEY',
  path: '/payment/uganda-mobile-money',
  order: 60,
  isAvailable: (p) => p.currencyCode === '800' && isOffered(p, 'UGANDA_MOBILE_MONEY'),
  row: row('uganda-mobile-money'),
  screen: screenSaying('Uganda mobile money screen'),
  messages: rowMessages('uganda-mobile-money', ['Pay with Mobile Money', 'MTN or Airtel'], ['Payer par Mobile Money', 'MTN ou Airtel']),
});

const drcPresent = (p: PaymentProps) => isOffered(p, 'DRC_MOBILE_MONEY');

export const drcFixture: ChannelPlugin = defineChannel({
  id: 'drc-mobile-money',
  code: 'DRC_MOBILE_MONEY',
  path: '/payment/drc-mobile-money',
  order: 70,
  isAvailable: drcPresent,
  row: row('drc-mobile-money'),
  messages: rowMessages('drc-mobile-money', ['Pay with Mobile Money', 'DRC mobile wallets'], ['Payer par Mobile Money', 'Portefeuilles mobiles RDC']),
});

/** Every fixture, in no particular order (the registry sorts them). */
export const fixtureChannels: ChannelPlugin[] = [
  transferFixture,
  cardFixture,
  walletFixture,
  qrFixture,
  ussdFixture,
  opayFixture,
  ugandaFixture,
  drcFixture,
];

/** A bare channel offered when the merchant lists its code: enough to see an acquirer's policy at work. */
export function channelFixture(id: string, code: string, isAvailable = (p: PaymentProps) => p.paymentChannels.includes(code)): ChannelPlugin {
  return defineChannel({ id, code, path: `/payment/${id}`, isAvailable, messages: { en: { [id]: { t: id } }, fr: { [id]: { t: id } } } });
}

/** The channels an acquirer policy speaks of (spec core §5), the card always offered. */
export const policyChannels: ChannelPlugin[] = [
  channelFixture('card', 'CARD', () => true),
  channelFixture('transfer', 'TRANSFER'),
  channelFixture('qr', 'QR'),
  channelFixture('ussd', 'USSD'),
  channelFixture('wallet', 'WALLET'),
  channelFixture('credit', 'CREDIT'),
  channelFixture('google', 'GOOGLE_PAY'),
];

/** `n` plain channels, each with a row and offered on every payment: a method list longer than a phone shows. */
export function manyChannels(n: number): ChannelPlugin[] {
  return Array.from({ length: n }, (_, i) =>
    defineChannel({
      id: `m${i}`,
      code: `MANY_${i >= 26 ? String.fromCharCode(64 + Math.floor(i / 26)) : ''}${String.fromCharCode(65 + (i % 26))}`,
      path: `/payment/m${i}`,
      order: i,
      isAvailable: () => true,
      row: { icon: RowIcon, title: `m${i}.row.title`, description: `m${i}.row.description` },
      messages: rowMessages(`m${i}`, [`Method ${i}`, `About ${i}`], [`Moyen ${i}`, `À propos ${i}`]),
    }),
  );
}
