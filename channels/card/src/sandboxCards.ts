/**
 * The sandbox's test cards (CONTRACT §4, README "Test data") and the sandbox wallet's saved cards, which are
 * backed by test cards: the card package owns every PAN, the wallet only ever sees masked ones.
 */
import type { GatewayConfiguration, WalletCard } from './api';

/** The PIN every PIN test card takes. */
export const SANDBOX_PIN = '1111';
/** The OTP the sandbox "sends", and the code the 3-D Secure challenge page takes. */
export const SANDBOX_OTP = '123456';
export const SANDBOX_CHALLENGE_CODE = '123456';

export interface TestCard {
  pan: string;
  /** cardType.typeName of the BIN lookup (spec core §3 brand table spelling). */
  typeName: 'Verve' | 'MasterCard' | 'Visa';
  /** The PIN the card requires; none when absent. */
  pin?: string;
  /** After the PIN (if any), an OTP is sent. */
  otp?: boolean;
  /** The issuer's 3-D Secure challenge page. */
  threeDs?: boolean;
  /** The code the payment ends with once every step is passed. */
  result: string;
  /** Set when the card is refused at the BIN lookup already (and at payment, if that is called directly). */
  refusedAtBin?: boolean;
}

export const TEST_CARDS: readonly TestCard[] = [
  { pan: '5061050254756707864', typeName: 'Verve', pin: SANDBOX_PIN, otp: true, result: '00' },
  { pan: '5060990580000217499', typeName: 'Verve', pin: SANDBOX_PIN, result: '00' },
  { pan: '5123450000000008', typeName: 'MasterCard', otp: true, result: '00' },
  { pan: '4000000000002503', typeName: 'Visa', threeDs: true, result: '00' },
  { pan: '5060990580000000390', typeName: 'Verve', pin: SANDBOX_PIN, result: '51' },
  { pan: '5061830100001895', typeName: 'Verve', pin: SANDBOX_PIN, result: '91' },
  { pan: '4000000000000002', typeName: 'Visa', result: 'Z8', refusedAtBin: true },
];

export function testCard(pan: string): TestCard | undefined {
  return TEST_CARDS.find((c) => c.pan === pan);
}

/** What a typed test card asks of the payer: the card entry has taken expiry and CVV already. */
export function typedCardConfiguration(card: TestCard): GatewayConfiguration {
  return {
    supportsPin: !!card.pin,
    supportsCardinalAuthentication: !!card.threeDs,
    supportThreeDsAuthentication: !!card.threeDs,
    supportsExpiryDate: true,
    supportsCvv2: true,
  };
}

/** A card saved in the sandbox wallet: the public fields the wallet lists, and the test card behind it. */
export interface SavedCard extends WalletCard {
  /** The test card whose behaviour the saved card has; never leaves the sandbox. */
  backedBy: string;
}

const config = (c: Partial<GatewayConfiguration>): Required<GatewayConfiguration> => ({
  supportsExpiryDate: false,
  supportsCvv2: false,
  supportsPin: false,
  supportsCardinalAuthentication: false,
  supportThreeDsAuthentication: false,
  ...c,
});

/** Identifiers are fixed, random-looking ids: they travel in URLs, so nothing in them comes from a PAN. */
export const SAVED_CARDS: readonly SavedCard[] = [
  {
    name: 'Verve debit',
    maskedPan: '506099******7499',
    cardTypeCode: 'VVC',
    cardHash: 'a3f1c09e5b7d4e21',
    cardIdentifier: 'sbx-card-1',
    walletInstrumentIdentifier: 'sbx-wi-7f3a91',
    expiryMonth: '09',
    expiryYear: '2031',
    cardTypeGatewayConfiguration: config({ supportsPin: true }),
    backedBy: '5060990580000217499',
  },
  {
    name: 'Visa',
    maskedPan: '400000******2503',
    cardTypeCode: 'VCC',
    cardHash: '5c2e8b17f04a9d63',
    cardIdentifier: 'sbx-card-2',
    walletInstrumentIdentifier: 'sbx-wi-2c84d0',
    expiryMonth: '12',
    expiryYear: '2030',
    cardTypeGatewayConfiguration: config({
      supportsExpiryDate: true,
      supportsCvv2: true,
      supportsCardinalAuthentication: true,
      supportThreeDsAuthentication: true,
    }),
    backedBy: '4000000000002503',
  },
  {
    name: 'Mastercard',
    maskedPan: '512345******0008',
    cardTypeCode: 'MCN',
    cardHash: 'e90d6a4b21c38f75',
    cardIdentifier: 'sbx-card-3',
    walletInstrumentIdentifier: 'sbx-wi-b61e5f',
    expiryMonth: '06',
    expiryYear: '2032',
    cardTypeGatewayConfiguration: config({ supportsExpiryDate: true, supportsCvv2: true }),
    backedBy: '5123450000000008',
  },
  {
    name: 'Verve e-cash',
    maskedPan: '',
    cardTypeCode: 'QTM',
    cardHash: '7b4f0e2d96a1c853',
    cardIdentifier: 'sbx-card-4',
    walletInstrumentIdentifier: 'sbx-wi-d03c27',
    expiryMonth: '',
    expiryYear: '',
    cardTypeGatewayConfiguration: config({ supportsPin: true }),
    backedBy: '5060990580000217499',
  },
];

export function savedCard(walletInstrumentIdentifier: unknown): SavedCard | undefined {
  return SAVED_CARDS.find((c) => c.walletInstrumentIdentifier === walletInstrumentIdentifier);
}

/**
 * Cards a payer holds in Google Pay (CONTRACT §5): the sandbox's stand-in of Google's sheet offers them, each
 * labelled with what it does, and hands over a payment token naming `tokenId`; the sandbox gateway (the lookup and
 * the payment, which receive the token as `googlePayToken`) finds the card by it. Like a saved card, each is backed
 * by a test card for its result, and has the configuration of a card paid through Google Pay.
 */
export interface TokenCard {
  tokenId: string;
  /** Google Pay's card network and the last four digits it shows (paymentMethodData.info). */
  network: 'VISA' | 'MASTERCARD';
  last4: string;
  /** cardType.typeName of the lookup's answer. */
  typeName: TestCard['typeName'];
  /** What the card does, as the sheet labels it (CONTRACT §5 wording). */
  does: 'pays at once' | '3-D Secure' | 'PIN';
  /** What the payer enters on the way: the PIN, or the 3-D Secure page's code. */
  code?: string;
  cardTypeGatewayConfiguration: Required<GatewayConfiguration>;
  backedBy: string;
}

export const TOKEN_CARDS: readonly TokenCard[] = [
  {
    tokenId: 'sbx-gp-9c41e7',
    network: 'VISA',
    last4: '1111',
    typeName: 'Visa',
    does: 'pays at once',
    // A CRYPTOGRAM_3DS card: authenticated on the payer's device already, so nothing more is asked.
    cardTypeGatewayConfiguration: config({}),
    backedBy: '5060990580000217499',
  },
  {
    tokenId: 'sbx-gp-2d80b5',
    network: 'VISA',
    last4: '2503',
    typeName: 'Visa',
    does: '3-D Secure',
    code: SANDBOX_CHALLENGE_CODE,
    cardTypeGatewayConfiguration: config({ supportsCardinalAuthentication: true, supportThreeDsAuthentication: true }),
    backedBy: '4000000000002503',
  },
  {
    tokenId: 'sbx-gp-6f17a3',
    network: 'MASTERCARD',
    last4: '0008',
    typeName: 'MasterCard',
    does: 'PIN',
    code: SANDBOX_PIN,
    cardTypeGatewayConfiguration: config({ supportsPin: true }),
    backedBy: '5060990580000217499',
  },
];

/** Google Pay's PAN_ONLY / CRYPTOGRAM_3DS card as the page sends it: its last digits left-padded with 1 to 16. */
export const tokenCardPan = (last4: string) => last4.padStart(16, '1');

/**
 * The sandbox gateway's reading of a Google Pay payment token (gateway tokenization): the JSON Google hands the
 * page, whose signed message names the card and the merchant it was made for. Answers the card, or why not.
 */
export function tokenCard(token: unknown, merchantCode: string): TokenCard | { refused: string } {
  let message: Record<string, unknown>;
  try {
    const outer = JSON.parse(String(token)) as Record<string, unknown>;
    message = JSON.parse(String(outer.signedMessage)) as Record<string, unknown>;
  } catch {
    return { refused: 'The Google Pay token could not be read' };
  }
  const found = TOKEN_CARDS.find((c) => c.tokenId === message.tokenId);
  if (!found) return { refused: 'No such Google Pay card in the sandbox' };
  if (message.gatewayMerchantId !== merchantCode) return { refused: 'The Google Pay token was made for another merchant' };
  return found;
}
