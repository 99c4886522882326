/**
 * Google Pay's rules (companion §3, §4 "Google Pay"): the merchant's configuration, the requests made of Google's
 * client, what its answer must hold, and the card the payment call is made with. Pure: no Google script needed.
 */
import { CURRENCIES } from '@oja/core';
import type { PaymentProps } from '@oja/core';
import type { Brand } from '@oja/card/steps';

/** The merchant's option carrying Google Pay's gateway data (companion §3 nonCardOptions). */
export const GOOGLE_PAY_CODE = 'GOOGLE_PAY';
/** Google Pay API version 2.0 (companion §4). */
export const API_VERSION = { apiVersion: 2, apiVersionMinor: 0 } as const;
/** Cards as plain numbers (PAN_ONLY) and device tokens (CRYPTOGRAM_3DS), companion §4. */
export const AUTH_METHODS = ['PAN_ONLY', 'CRYPTOGRAM_3DS'] as const;
/** The card networks Google Pay knows (its CardParameters.allowedCardNetworks values). */
export const GOOGLE_NETWORKS = ['AMEX', 'DISCOVER', 'ELECTRON', 'ELO', 'ELO_DEBIT', 'INTERAC', 'JCB', 'MAESTRO', 'MASTERCARD', 'VISA'] as const;
/** The reason and intent of a refused authorization (Google's PaymentDataError), companion §8. */
export const PAYMENT_DATA_INVALID = 'PAYMENT_DATA_INVALID';
export const PAYMENT_AUTHORIZATION = 'PAYMENT_AUTHORIZATION';
/** The payment card number Google Pay's last digits are padded to, and the digit they are padded with (§4). */
export const PADDED_LENGTH = 16;
export const PAD_DIGIT = '1';
/** The expiry sent for a Google Pay card: November, five years ahead (§4). */
export const EXPIRY_MONTH = '11';
export const EXPIRY_YEARS_AHEAD = 5;

/** What the merchant's Google Pay option says (companion §3: gateway, gatewayMerchantId, allowedCardNetworks, environment). */
export interface GooglePayConfig {
  gateway: string;
  gatewayMerchantId: string;
  allowedCardNetworks: string[];
  environment: 'TEST' | 'PRODUCTION';
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

/**
 * The Google Pay configuration of an enabled GOOGLE_PAY option, or null when there is none to make a request with
 * (no option, no gateway, no network Google knows): the screen then says Google Pay is not available.
 */
export function googlePayConfig(props: Pick<PaymentProps, 'nonCardOptions'>): GooglePayConfig | null {
  const info = props.nonCardOptions.find((o) => o.providerCode === GOOGLE_PAY_CODE && o.enabled)?.additionalInformation;
  if (!info) return null;
  const gateway = text(info.gateway);
  const gatewayMerchantId = text(info.gatewayMerchantId);
  const listed = Array.isArray(info.allowedCardNetworks) ? info.allowedCardNetworks : text(info.allowedCardNetworks).split(',');
  const known: readonly string[] = GOOGLE_NETWORKS;
  const allowedCardNetworks = [...new Set(listed.map((n) => text(n).toUpperCase()).filter((n) => known.includes(n)))];
  if (!gateway || !gatewayMerchantId || allowedCardNetworks.length === 0) return null;
  return {
    gateway,
    gatewayMerchantId,
    allowedCardNetworks,
    environment: text(info.environment).toUpperCase() === 'PRODUCTION' ? 'PRODUCTION' : 'TEST',
  };
}

/** The card payment method asked of Google (its CardParameters). */
function cardParameters(config: GooglePayConfig) {
  return { allowedAuthMethods: [...AUTH_METHODS], allowedCardNetworks: [...config.allowedCardNetworks] };
}

/** Can this payer pay with Google Pay here (Google's IsReadyToPayRequest)? */
export function isReadyToPayRequest(config: GooglePayConfig) {
  return { ...API_VERSION, allowedPaymentMethods: [{ type: 'CARD', parameters: cardParameters(config) }] };
}

/** The amount as Google's totalPrice: major units with two decimals, truncated like the page's amounts. */
export function totalPrice(minor: number): string {
  const cents = Math.max(0, Math.trunc(minor));
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * The payment asked of Google (its PaymentDataRequest): the card, tokenized for the gateway, for the final price,
 * authorized through the page's callback (which checks the answer before the sheet closes).
 */
export function paymentDataRequest(
  config: GooglePayConfig,
  props: Pick<PaymentProps, 'checkoutAmount' | 'currencyCode' | 'countryCode' | 'merchantName'>,
) {
  return {
    ...API_VERSION,
    allowedPaymentMethods: [
      {
        type: 'CARD',
        parameters: cardParameters(config),
        tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: { gateway: config.gateway, gatewayMerchantId: config.gatewayMerchantId } },
      },
    ],
    merchantInfo: { merchantName: props.merchantName },
    transactionInfo: {
      totalPriceStatus: 'FINAL',
      totalPrice: totalPrice(props.checkoutAmount),
      currencyCode: CURRENCIES[props.currencyCode] ?? props.currencyCode,
      countryCode: props.countryCode || 'NG',
    },
    callbackIntents: [PAYMENT_AUTHORIZATION],
  };
}

/** The card Google Pay authorized: its payment token (only ever in memory) and what the page shows of it. */
export interface AuthorizedCard {
  token: string;
  network: string;
  last4: string;
}

/** Google's answer read (its PaymentData): a card, tokenized for the gateway, of a network asked for; or null. */
export function readPaymentData(data: unknown, config: GooglePayConfig): AuthorizedCard | null {
  const method = (data as { paymentMethodData?: Record<string, unknown> } | null)?.paymentMethodData;
  if (method?.type !== 'CARD') return null;
  const info = method.info as { cardNetwork?: unknown; cardDetails?: unknown } | undefined;
  const tokenization = method.tokenizationData as { type?: unknown; token?: unknown } | undefined;
  const network = text(info?.cardNetwork).toUpperCase();
  const last4 = text(info?.cardDetails);
  if (tokenization?.type !== 'PAYMENT_GATEWAY' || typeof tokenization.token !== 'string' || !tokenization.token) return null;
  if (!/^\d{4}$/.test(last4) || !config.allowedCardNetworks.includes(network)) return null;
  return { token: tokenization.token, network, last4 };
}

/** The authorization callback's answer (Google's PaymentAuthorizationResult). */
export type AuthorizationResult =
  | { transactionState: 'SUCCESS' }
  | { transactionState: 'ERROR'; error: { reason: string; message: string; intent: string } };

/** Accepts Google's answer, or refuses it in Google's sheet with the spec's message (companion §8). */
export function authorizationResult(card: AuthorizedCard | null, message: string): AuthorizationResult {
  if (card) return { transactionState: 'SUCCESS' };
  return { transactionState: 'ERROR', error: { reason: PAYMENT_DATA_INVALID, message, intent: PAYMENT_AUTHORIZATION } };
}

/** The card number sent for a Google Pay card: its last digits left-padded with 1 to 16 (§4). */
export function paddedPan(last4: string): string {
  return last4.padStart(PADDED_LENGTH, PAD_DIGIT);
}

/** The expiry sent for a Google Pay card: 11/ and the last two digits of the year five years ahead (§4), as YYMM. */
export function googlePayExpiry(nowMs: number): string {
  const year = new Date(nowMs).getUTCFullYear() + EXPIRY_YEARS_AHEAD;
  return `${String(year % 100).padStart(2, '0')}${EXPIRY_MONTH}`;
}

/** The card brand the page draws for a Google Pay network, when it has one. */
export function brandOf(network: string): Brand | null {
  const brands: Record<string, Brand> = { VISA: 'Visa', MASTERCARD: 'MasterCard', AMEX: 'AmericanExpress', DISCOVER: 'Discover' };
  return brands[network] ?? null;
}
